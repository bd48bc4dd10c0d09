"""Creating a tournament and keeping its entrants: entries (late ones too) and drop-outs.

A change of entrants discards the drawn rounds no game has started in: the organiser draws
them again for the players there now (the played rounds stay as they were).
"""

from __future__ import annotations

import datetime
import secrets
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext, ngettext

from clubs.models import Club
from scoring.models import Member
from scoring.selectors import members_of
from scoring.transactions import require_transaction
from tournaments.models import Entrant, Round, Tournament
from tournaments.selectors import started_rounds
from tournaments.tiebreakers import usual_order

# An entrant's name: as long as the model keeps.
NAME_LENGTH = Entrant._meta.get_field("name").max_length or 40


@transaction.atomic
def create_tournament(
    *,
    in_club: Club,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date,
    ruleset: str,
    table_size: int,
    rounds: int,
    swiss: bool,
    by: User,
    public: bool = False,
    options: Mapping[str, object] | None = None,
    seed: int | None = None,
    tiebreakers: Sequence[str] = (),
    ranked_by: str = "total",
    min_games: int = 0,
) -> Tournament:
    tournament = Tournament(
        club=in_club,
        name=name.strip(),
        starts_on=starts_on,
        ends_on=ends_on,
        ruleset=ruleset,
        table_size=table_size,
        rounds=rounds,
        swiss=swiss,
        public=public,
        options=dict(options or {}),
        seed=secrets.randbelow(2**31) if seed is None else seed,
        tiebreakers=list(tiebreakers) or usual_order(ruleset),
        ranked_by=ranked_by,
        min_games=min_games,
        created_by=by,
    )
    tournament.full_clean()
    tournament.save()
    return tournament


# What the secretary may change once the day exists; the draw's shape among them discards the
# rounds drawn but not started (they are drawn again for the new shape).
EDITABLE = (
    "name",
    "starts_on",
    "ends_on",
    "table_size",
    "rounds",
    "swiss",
    "public",
    "tiebreakers",
    "ranked_by",
    "min_games",
)
SHAPE = ("table_size", "rounds", "swiss")


@transaction.atomic
def update_tournament(*, tournament: Tournament, changes: Mapping[str, object]) -> Tournament:
    """The day's name, dates, shape and tie-breakers; never fewer rounds than have started."""
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ValueError(f"not editable: {sorted(unknown)}")
    tournament = locked(tournament)
    reshaped = any(
        changes.get(key, getattr(tournament, key)) != getattr(tournament, key) for key in SHAPE
    )
    if reshaped and Round.objects.filter(tournament=tournament, final=True).exists():
        raise ValidationError(
            gettext("The final table is seated: undo the cut before changing the rounds.")
        )
    for key, value in changes.items():
        setattr(tournament, key, value.strip() if isinstance(value, str) else value)
    if not tournament.tiebreakers:
        tournament.tiebreakers = usual_order(tournament.ruleset)
    started = started_rounds(tournament)
    if tournament.rounds < started:
        raise ValidationError(
            ngettext(
                "%(started)d round has started: the day cannot have fewer.",
                "%(started)d rounds have started: the day cannot have fewer.",
                started,
            )
            % {"started": started}
        )
    tournament.full_clean()
    tournament.save()
    if reshaped:
        discard_unstarted_rounds(tournament)
    return tournament


def discard_unstarted_rounds(tournament: Tournament) -> None:
    """A step of a change of entrants or of a new draw: the drawn rounds nobody plays yet go."""
    require_transaction("discard_unstarted_rounds", within="the change of the day")
    # The final table stays: only undoing the cut takes it away.
    Round.objects.filter(
        tournament=tournament, final=False, number__gt=started_rounds(tournament)
    ).delete()


def locked(tournament: Tournament) -> Tournament:
    """The tournament's row, locked until the transaction ends: the writes that read the day
    first (the next entrant's number, the rounds to draw) take turns behind it."""
    require_transaction("locked", within="the change of the day")
    return Tournament.objects.select_for_update().get(club_id=tournament.club_id, pk=tournament.pk)


@transaction.atomic
def add_entrant(
    *,
    tournament: Tournament,
    member: Member | None = None,
    guest_name: str = "",
    apart: str = "",
) -> Entrant:
    """A member or a guest enters; once a round has started they join from the next one.

    A member of another club of the server enters as themself, for their club (the first by
    name when they belong to several): the organiser's club gains no member by it."""
    tournament = locked(tournament)
    name = member.known_as if member is not None else guest_name.strip()
    if not name:
        raise ValidationError(gettext("Choose a member or type a guest's name."))
    plays_for = None if member is None else _visiting_club(tournament, member)
    if tournament.entrants.filter(name__iexact=name).exists():
        raise ValidationError(gettext("%(name)s has entered already.") % {"name": name})
    entrant = _enter(tournament, member=member, name=name, plays_for=plays_for, apart=apart)
    discard_unstarted_rounds(tournament)
    return entrant


def _enter(
    tournament: Tournament, *, member: Member | None, name: str, plays_for: Club | None, apart: str
) -> Entrant:
    """The entrant's row, numbered after the last (the caller holds the tournament's lock)."""
    last = tournament.entrants.aggregate(last=Max("number"))["last"] or 0
    entrant = Entrant(
        tournament=tournament,
        number=last + 1,
        member=member,
        name=name,
        plays_for=plays_for,
        apart=apart.strip(),
        joined_round=started_rounds(tournament) + 1,
    )
    entrant.full_clean()
    entrant.save()
    return entrant


@transaction.atomic
def add_entrants(
    *, tournament: Tournament, members: Sequence[Member] = (), names: str = ""
) -> list[Entrant]:
    """Many enter at once: the ticked members, then each pasted line (one name a line) as the
    club's active member who goes by that name, or else as a guest. All or nothing: a name
    given twice, or of someone entered already, refuses the whole list in words."""
    tournament = locked(tournament)
    known = {
        m.known_as.casefold(): m
        for m in members_of(tournament.club).filter(is_active=True).order_by("pk")
    }
    wanted: list[tuple[Member | None, str]] = [(m, m.known_as) for m in members]
    for line in names.splitlines():
        name = " ".join(line.split())
        if name:
            wanted.append((known.get(name.casefold()), name))
    if not wanted:
        raise ValidationError(gettext("Tick members or paste names, one a line."))
    too_long = [name for _, name in wanted if len(name) > NAME_LENGTH]
    if too_long:
        raise ValidationError(
            gettext("A name is at most %(most)d letters: %(names)s.")
            % {"most": NAME_LENGTH, "names": ", ".join(too_long)}
        )
    entered = {name.casefold() for name in tournament.entrants.values_list("name", flat=True)}
    seen: set[str] = set()
    twice, already = [], []
    for _, name in wanted:
        key = name.casefold()
        if key in entered:
            already.append(name)
        elif key in seen:
            twice.append(name)
        seen.add(key)
    if already:
        raise ValidationError(
            gettext("Entered already: %(names)s. Nobody was entered.")
            % {"names": ", ".join(already)}
        )
    if twice:
        raise ValidationError(
            gettext("Given twice: %(names)s. Nobody was entered.") % {"names": ", ".join(twice)}
        )
    added = [
        _enter(
            tournament,
            member=member,
            name=member.known_as if member is not None else name,
            plays_for=None if member is None else _visiting_club(tournament, member),
            apart="",
        )
        for member, name in wanted
    ]
    discard_unstarted_rounds(tournament)
    return added


def _visiting_club(tournament: Tournament, member: Member) -> Club | None:
    """None for a member of the organising club; else the other club of the server the member
    plays for. Refused for someone of no club here or no longer active."""
    if not member.is_active:
        raise ValidationError(
            gettext("%(name)s is no longer an active member.") % {"name": member.known_as}
        )
    clubs = list(Club.objects.filter(memberships__user_id=member.user_id).order_by("name"))
    if any(club.pk == tournament.club_id for club in clubs):
        return None
    if not clubs:
        raise ValidationError(
            gettext("%(name)s is a member of no club of this server.") % {"name": member.known_as}
        )
    return clubs[0]


@dataclass(frozen=True)
class ClubsApart:
    kept: int
    """Entrants whose keep-apart word became their club's name."""
    too_many: list[str]
    """Clubs with more players than a round has tables: they cannot all sit apart, so they
    were left as they were."""


@transaction.atomic
def keep_clubs_apart(*, tournament: Tournament) -> ClubsApart:
    """Each club's members (the organiser's own and every visiting club's) never share a table
    with a clubmate where the draw can: their keep-apart word becomes their club's name. An
    entrant with a word of their own (a family) keeps it; guests have no club; a club with more
    players than a round has tables is left out (it cannot be kept apart). The rounds drawn but
    not started are discarded, to be drawn again with the groups."""
    playing = [e for e in tournament.entrants.select_related("plays_for") if e.left_after is None]
    tables = -(-len(playing) // tournament.table_size)
    clubs: dict[str, list[Entrant]] = defaultdict(list)
    for entrant in playing:
        if entrant.member_id is not None:
            clubs[(entrant.club_name or tournament.club.name)[:40]].append(entrant)
    changed, too_many = [], []
    for club_name, members in sorted(clubs.items()):
        if len(members) > tables:
            too_many.append(club_name)
            continue
        for entrant in members:
            if not entrant.apart:
                entrant.apart = club_name
                entrant.full_clean()
                changed.append(entrant)
    Entrant.objects.bulk_update(changed, ["apart"])
    if changed:
        discard_unstarted_rounds(tournament)
    return ClubsApart(len(changed), too_many)


@transaction.atomic
def drop_entrant(*, entrant: Entrant) -> Entrant:
    """The entrant plays no round after the last one started; their games stay as played
    (a table they leave plays short, no score is invented)."""
    locked(entrant.tournament)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
    if entrant.left_after is not None:
        raise ValidationError(gettext("%(name)s has dropped out already.") % {"name": entrant.name})
    entrant.left_after = started_rounds(entrant.tournament)
    entrant.full_clean()
    entrant.save(update_fields=["left_after"])
    discard_unstarted_rounds(entrant.tournament)
    return entrant


@transaction.atomic
def substitute(*, entrant: Entrant, member: Member | None = None, guest_name: str = "") -> Entrant:
    """A substitute takes a dropping player's place from the next round (their own line in the
    standings: the points each earned stay with who earned them)."""
    keep_apart = entrant.apart
    drop_entrant(entrant=entrant)
    return add_entrant(
        tournament=entrant.tournament, member=member, guest_name=guest_name, apart=keep_apart
    )
