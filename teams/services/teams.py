"""The secretary sets up competitions, their divisions and teams, and enters teams in divisions."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext, ngettext

from clubs.models import Club
from scoring.access.roles import is_secretary
from scoring.models import Member
from scoring.selectors import members_of
from scoring.transactions import require_transaction
from teams.match_rules import Counting
from teams.models import (
    Competition,
    CompetitionKind,
    CompetitionPlace,
    Division,
    DivisionEntry,
    Organiser,
    Team,
    TeamMember,
)
from teams.tables import DEFAULT_BREAKERS


def require_secretary(by: User, club_id: int) -> None:
    if not is_secretary(by, club_id):
        raise PermissionDenied(gettext("Only the secretary keeps the team competitions."))


def check_members_of_club(club: Club, members: Sequence[Member]) -> None:
    """A team's players are its own club's members (with several clubs on the server, a
    member of another club plays for that club's teams)."""
    known = set(
        members_of(club).filter(pk__in=[m.pk for m in members]).values_list("pk", flat=True)
    )
    strangers = [member.known_as for member in members if member.pk not in known]
    if strangers:
        raise ValidationError(
            gettext("Not members of %(club)s: %(names)s.")
            % {"club": club.name, "names": ", ".join(strangers)}
        )


@transaction.atomic
def create_competition(
    *,
    in_club: Club,
    by: User,
    name: str,
    kind: str = CompetitionKind.LEAGUE,
    double_round_robin: bool = True,
    divisions: Sequence[str] = (),
    ruleset: str = "balut",
    players_per_team: int = 4,
    table_size: int = 4,
    counting: str = Counting.PLACES.value,
    tie_breakers: str = ",".join(DEFAULT_BREAKERS),
    organiser: str = Organiser.CLUB,
    open_to_other_clubs: bool = False,
    reserves: int = 0,
) -> Competition:
    """A competition with its divisions, top first (a cup, or a league of one: one division
    named after the competition when none is given)."""
    require_secretary(by, in_club.pk)
    competition = Competition(
        club=in_club,
        name=name.strip(),
        kind=kind,
        double_round_robin=double_round_robin,
        ruleset=ruleset,
        players_per_team=players_per_team,
        table_size=table_size,
        counting=counting,
        tie_breakers=tie_breakers,
        organiser=organiser,
        open_to_other_clubs=open_to_other_clubs,
        reserves=reserves,
    )
    competition.full_clean()
    competition.save()
    for level, division_name in enumerate(divisions or [competition.name], start=1):
        division = Division(competition=competition, name=division_name.strip(), level=level)
        division.full_clean()
        division.save()
    return competition


@transaction.atomic
def create_team(
    *,
    in_club: Club,
    by: User,
    name: str,
    captain: Member,
    venue: str = "",
    members: Sequence[Member] = (),
    home_nights: Sequence[int] = (),
) -> Team:
    """A team of the club and its roster; the captain is always on it. `home_nights`: the
    weekdays (0 Monday) its venue hosts on, none for any night."""
    require_secretary(by, in_club.pk)
    check_members_of_club(in_club, [captain, *members])
    team = Team(
        club=in_club,
        name=name.strip(),
        captain=captain,
        venue=venue.strip(),
        home_nights=sorted(set(home_nights)),
    )
    team.full_clean()
    team.save()
    for member in dict.fromkeys([captain, *members]):
        add_to_roster(by=by, team=team, member=member)
    return team


@transaction.atomic
def add_to_roster(*, by: User, team: Team, member: Member) -> TeamMember:
    require_secretary(by, team.club_id)
    if not member.is_active:
        raise ValidationError(
            gettext("%(name)s has left the club and cannot join a team.")
            % {"name": member.known_as}
        )
    place = TeamMember(team=team, member=member)
    place.full_clean()
    place.save()
    for entry in team.entries.select_related("division__competition"):
        take_places(competition=entry.division.competition, team=team, members=[member])
    return place


def _places_taken(competition: Competition, team: Team, members: Sequence[Member]) -> None:
    taken = (
        CompetitionPlace.objects.filter(competition=competition, member__in=members)
        .exclude(team=team)
        .select_related("member", "team")
        .order_by("member__known_as")
    )
    if taken:
        raise ValidationError(
            gettext("Playing for another team of %(competition)s already: %(players)s.")
            % {
                "competition": competition.name,
                "players": ", ".join(f"{p.member.known_as} ({p.team.name})" for p in taken),
            }
        )


def take_places(*, competition: Competition, team: Team, members: Sequence[Member]) -> None:
    """Each of `members` plays for `team` in `competition`, and for no other team of it: in
    words when the player has another team there, and the database's constraint under a race."""
    _places_taken(competition, team, members)
    for member in members:
        place = CompetitionPlace(competition=competition, member=member, team=team)
        try:
            with transaction.atomic():
                place.save()
        except IntegrityError:
            if not CompetitionPlace.objects.filter(
                competition=competition, member=member, team=team
            ).exists():
                _places_taken(competition, team, [member])
                raise


def check_roster(competition: Competition, team: Team) -> list[Member]:
    """The team's roster, when it is large enough for `competition` (its players at the tables
    and its reserves) and none of its players plays for another team of it; else the reason."""
    roster = list(team.members.order_by("known_as"))
    least = competition.players_per_team + competition.reserves
    if len(roster) < least:
        raise ValidationError(
            ngettext(
                "%(team)s names %(count)d player; %(competition)s asks for at least %(least)d: "
                "%(players)d at the tables and %(reserves)d in reserve.",
                "%(team)s names %(count)d players; %(competition)s asks for at least "
                "%(least)d: %(players)d at the tables and %(reserves)d in reserve.",
                len(roster),
            )
            % {
                "team": team.name,
                "count": len(roster),
                "competition": competition.name,
                "least": least,
                "players": competition.players_per_team,
                "reserves": competition.reserves,
            }
        )
    check_members_of_club(team.club, roster)
    _places_taken(competition, team, roster)
    return roster


@transaction.atomic
def enter_team(*, by: User, division: Division, team: Team) -> DivisionEntry:
    """The organiser's secretary enters one of their own club's teams: the team joins the
    division with the next free seed; once drawn, the field is closed. Another club's team is
    entered by its own club's secretary (teams.services.entries)."""
    require_secretary(by, division.competition.club_id)
    if team.club_id != division.competition.club_id:
        raise ValidationError(
            gettext(
                "%(team)s is another club's team: its own secretary enters it, from their "
                "club's team competitions page."
            )
            % {"team": team.name}
        )
    return add_entry(division=division, team=team)


def add_entry(*, division: Division, team: Team) -> DivisionEntry:
    """The team in the division, once its club and its secretary are checked (inside their
    transaction): the competition's row is locked, so two entries of one team wait for each
    other and the second finds the first."""
    require_transaction("Entering a team", within="the entry's transaction")
    competition = Competition.objects.select_for_update().get(pk=division.competition_id)
    if division.fixtures.exists():
        raise ValidationError(
            gettext("The fixtures of %(division)s are drawn already: no team can join it now.")
            % {"division": division.name}
        )
    entered = DivisionEntry.objects.filter(team=team, division__competition=competition)
    if entered.filter(division=division).exists():
        raise ValidationError(gettext("%(team)s is entered already.") % {"team": team.name})
    if entered.exists():
        raise ValidationError(
            gettext("%(team)s plays in another division of this competition already.")
            % {"team": team.name}
        )
    roster = check_roster(competition, team)
    take_places(competition=competition, team=team, members=roster)
    last = division.entries.aggregate(last=Max("seed"))["last"] or 0
    entry = DivisionEntry(division=division, team=team, seed=last + 1)
    entry.full_clean()
    entry.save()
    return entry
