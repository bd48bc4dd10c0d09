"""What `restore --club` checks of the server it restores into, before anything is written
and again inside its transaction: that the club's address is free (or holds an empty club), and
that every other club the archive names is here (backups.club_restoring)."""

from __future__ import annotations

from django.apps import apps
from django.utils.translation import gettext as _

from backups.archive import BackupError
from backups.club_backups import CLUB, CLUB_TABLES

# What a club made by `create_club` holds before anything happens in it.
EMPTY_CLUB_TABLES = (CLUB, "clubs.Membership", "league.ClubSettings")
# Within SQLite's limit of bound values a statement.
CODES_A_QUERY = 500


def check_address(slug: str, *, lock: bool = False, replace: bool = False) -> None:
    """BackupError unless the address is free or holds a club with nothing in it yet (or any
    club, when the restore replaces it)."""
    Club = apps.get_model(CLUB)  # noqa: N806 - a model class
    clubs = Club._base_manager.filter(slug=slug)
    if lock:
        clubs = clubs.select_for_update()
    club = clubs.first()
    if club is None or replace:
        return
    holding = [
        label
        for label, lookup in CLUB_TABLES.items()
        if label not in EMPTY_CLUB_TABLES
        and apps.get_model(label)._base_manager.filter(**{lookup: club.pk}).exists()
    ]
    if holding:
        raise BackupError(
            _(
                "This server has a club at %(slug)s already, with games or books of its own: "
                "restoring would mix two clubs. Restore under another address (--club), or "
                "into a server without that club, or give --replace to put the archive's club in "
                "its place. Nothing was restored."
            )
            % {"slug": slug}
        )


def other_clubs(source: str, *, archive_slug: str, slug: str) -> dict[int, int]:
    """The archive's ids of the other clubs its rows name, each mapped to the club at the same
    address here; BackupError naming every one this server lacks (or whose address the restored
    club takes), before anything is written."""
    Club = apps.get_model(CLUB)  # noqa: N806 - a model class
    named = list(
        Club._base_manager.using(source)
        .exclude(slug=archive_slug)
        .order_by("name")
        .values_list("pk", "slug", "name")
    )
    here = dict(
        Club._base_manager.filter(slug__in=[address for _pk, address, _name in named])
        .exclude(slug=slug)
        .values_list("slug", "pk")
    )
    missing = [f"{name} ({address})" for _pk, address, name in named if address not in here]
    if missing:
        raise BackupError(
            _(
                "The archive's tournaments have visitors from other clubs that this server does "
                "not have: %(clubs)s. Open each at the same address (manage.py create_club) or "
                "restore its own archive first, then restore this one again. Nothing was "
                "restored."
            )
            % {"clubs": ", ".join(missing)}
        )
    return {pk: here[address] for pk, address, _name in named}


def code_clashes(source: str, *, slug: str, replace: bool) -> None:
    """BackupError, before anything is written, when a signed game of the archive has a
    verification code a game of this server holds (other than the club's own, when the restore
    replaces it): the archive is then of a club this server has already, and each code names
    one game only."""
    Game = apps.get_model("scoring.Game")  # noqa: N806 - a model class
    codes = dict(
        Game._base_manager.using(source)
        .exclude(verification_code="")
        .values_list("verification_code", "pk")
    )
    here = Game._base_manager.exclude(verification_code="")
    if replace:
        here = here.exclude(club__slug=slug)
    held: dict[str, list[int]] = {}
    names = sorted(codes)
    for start in range(0, len(names), CODES_A_QUERY):
        chunk = names[start : start + CODES_A_QUERY]
        for code, club in here.filter(verification_code__in=chunk).values_list(
            "verification_code", "club__slug"
        ):
            held.setdefault(club, []).append(codes[code])
    if held:
        raise BackupError(
            _(
                "The archive's signed games have verification codes that games of this server "
                "hold already (%(held)s): it is an archive of a club this server has. Restore it "
                "in that club's place (restore --club SLUG --replace), or delete that club first "
                "(delete_club SLUG). Nothing was restored."
            )
            % {
                "held": "; ".join(
                    _("club %(slug)s: %(count)d, game numbers %(numbers)s")
                    % {
                        "slug": club,
                        "count": len(games),
                        "numbers": ", ".join(str(number) for number in sorted(games)[:5]),
                    }
                    for club, games in sorted(held.items())
                )
            }
        )
