"""The secretary sets up competitions, their divisions and teams, and enters teams in divisions."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext

from clubs.models import Club
from scoring.access.roles import is_secretary
from scoring.models import Member
from scoring.selectors import members_of
from teams.match_rules import Counting
from teams.models import Competition, CompetitionKind, Division, DivisionEntry, Team, TeamMember
from teams.tiebreakers import DEFAULT_BREAKERS


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
) -> Team:
    """A team of the club and its roster; the captain is always on it."""
    require_secretary(by, in_club.pk)
    check_members_of_club(in_club, [captain, *members])
    team = Team(club=in_club, name=name.strip(), captain=captain, venue=venue.strip())
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
    return place


@transaction.atomic
def enter_team(*, by: User, division: Division, team: Team) -> DivisionEntry:
    """The team joins the division with the next free seed; once drawn, the field is closed."""
    require_secretary(by, division.competition.club_id)
    if division.fixtures.exists():
        raise ValidationError(
            gettext("The fixtures of %(division)s are drawn already: no team can join it now.")
            % {"division": division.name}
        )
    elsewhere = DivisionEntry.objects.filter(
        team=team, division__competition=division.competition
    ).exclude(division=division)
    if elsewhere.exists():
        raise ValidationError(
            gettext("%(team)s plays in another division of this competition already.")
            % {"team": team.name}
        )
    last = division.entries.aggregate(last=Max("seed"))["last"] or 0
    entry = DivisionEntry(division=division, team=team, seed=last + 1)
    entry.full_clean()
    entry.save()
    return entry
