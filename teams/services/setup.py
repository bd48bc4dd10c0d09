"""The secretary's changes to a competition once it exists: its format, its divisions, its
teams and their rosters. (Creating them is teams.services.teams.)

A change that would make a played match read differently is refused: the match format once a
match has started (the card's figures follow from it), and a division's level once its teams
have fixtures (promotion reads the levels).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.models import Member
from teams.models import Competition, CompetitionPlace, Division, Match, Organiser, Team
from teams.services.teams import (
    add_to_roster,
    check_members_of_club,
    check_roster,
    require_secretary,
)
from teams.tables import DEFAULT_BREAKERS

# The fields a started match reads: changing them afterwards would change its card.
FORMAT_FIELDS = ("ruleset", "players_per_team", "table_size", "counting")


@transaction.atomic
def update_competition(
    *,
    by: User,
    competition: Competition,
    name: str,
    kind: str,
    double_round_robin: bool,
    ruleset: str,
    players_per_team: int,
    table_size: int,
    counting: str,
    tie_breakers: str = ",".join(DEFAULT_BREAKERS),
    organiser: str = Organiser.CLUB,
    open_to_other_clubs: bool = False,
    reserves: int = 0,
) -> Competition:
    """The competition's name, kind and format, who runs it and whether other clubs enter;
    the format is fixed once a match has started, the kind once fixtures are drawn."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    require_secretary(by, competition.club_id)
    changes: dict[str, object] = {
        "ruleset": ruleset,
        "players_per_team": players_per_team,
        "table_size": table_size,
        "counting": counting,
    }
    started = Match.objects.filter(fixture__division__competition=competition).exists()
    if started and any(value != getattr(competition, key) for key, value in changes.items()):
        raise ValidationError(
            gettext("A match has been played: the match format cannot change any more.")
        )
    drawn = Division.objects.filter(competition=competition, fixtures__isnull=False).exists()
    if kind != competition.kind and drawn:
        raise ValidationError(
            gettext("The fixtures are drawn: a league cannot become a cup, nor a cup a league.")
        )
    # The tie-breakers may change at any time: they reorder the table, not a card.
    changes |= {
        "name": name.strip(),
        "kind": kind,
        "double_round_robin": double_round_robin,
        "tie_breakers": tie_breakers,
        "organiser": organiser,
        "open_to_other_clubs": open_to_other_clubs,
        "reserves": reserves,
    }
    for key, value in changes.items():
        setattr(competition, key, value)
    competition.full_clean()
    competition.save()
    return competition


@transaction.atomic
def add_division(*, by: User, competition: Competition, name: str, level: int) -> Division:
    require_secretary(by, competition.club_id)
    division = Division(competition=competition, name=name.strip(), level=level)
    division.full_clean()
    division.save()
    return division


@transaction.atomic
def update_division(*, by: User, division: Division, name: str, level: int) -> Division:
    division = Division.objects.select_for_update().get(pk=division.pk)
    require_secretary(by, division.competition.club_id)
    if level != division.level and division.fixtures.exists():
        raise ValidationError(
            gettext("The fixtures of %(division)s are drawn: its level cannot change now.")
            % {"division": division.name}
        )
    division.name, division.level = name.strip(), level
    division.full_clean()
    division.save()
    return division


@transaction.atomic
def update_team(
    *,
    by: User,
    team: Team,
    name: str,
    captain: Member,
    venue: str,
    members: Sequence[Member],
    home_nights: Sequence[int] = (),
) -> Team:
    """The team's name, captain, venue and roster (the captain always on it). A player who
    leaves the roster keeps the matches they played: those belong to the cards."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    require_secretary(by, team.club_id)
    roster = list(dict.fromkeys([captain, *members]))
    new = [member for member in roster if not team.roster.filter(member=member).exists()]
    check_members_of_club(team.club, new)
    team.name, team.captain, team.venue = name.strip(), captain, venue.strip()
    team.home_nights = sorted(set(home_nights))
    team.full_clean()
    team.save()
    team.roster.exclude(member__in=roster).delete()
    CompetitionPlace.objects.filter(team=team).exclude(member__in=roster).delete()
    for member in new:
        add_to_roster(by=by, team=team, member=member)
    for entry in team.entries.select_related("division__competition"):
        # Still enough players (and reserves) for each competition the team is entered in.
        check_roster(entry.division.competition, team)
    return team
