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


def check_address(slug: str, *, lock: bool = False) -> None:
    """BackupError unless the address is free or holds a club with nothing in it yet."""
    Club = apps.get_model(CLUB)  # noqa: N806 - a model class
    clubs = Club._base_manager.filter(slug=slug)
    if lock:
        clubs = clubs.select_for_update()
    club = clubs.first()
    if club is None:
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
                "into a server without that club. Nothing was restored."
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
