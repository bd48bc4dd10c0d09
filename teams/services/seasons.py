"""The end of a league's season: next season's competition, teams promoted and relegated."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, ngettext

from teams.models import (
    Competition,
    CompetitionKind,
    Division,
    DivisionEntry,
    Fixture,
    FixtureStatus,
    Team,
)
from teams.selectors import division_table
from teams.services.teams import require_secretary, take_places
from teams.tables import promote_and_relegate


@dataclass(frozen=True)
class SeasonPlan:
    """Next season's divisions as the final tables make them (top first, in seed order), and
    which teams go up and which down: what the organiser looks over before confirming."""

    divisions: list[tuple[Division, list[Team]]]
    promoted: frozenset[int]
    relegated: frozenset[int]


def plan_next_season(*, competition: Competition, promoted: int, relegated: int) -> SeasonPlan:
    """Writes nothing: refused while a fixture is still to be played, or when a division has
    too few teams for the promotion and relegation asked."""
    if competition.kind != CompetitionKind.LEAGUE:
        raise ValidationError(gettext("Only a league promotes and relegates teams."))
    unplayed = (
        Fixture.objects.filter(division__competition=competition)
        .exclude(status=FixtureStatus.PLAYED)
        .count()
    )
    if unplayed:
        raise ValidationError(
            ngettext(
                "The season is not over: %(count)d fixture is still to be played.",
                "The season is not over: %(count)d fixtures are still to be played.",
                unplayed,
            )
            % {"count": unplayed}
        )
    divisions = list(competition.divisions.order_by("level"))
    tables = [[row.team for row in division_table(division)] for division in divisions]
    try:
        moved = promote_and_relegate(tables, up=promoted, down=relegated)
    except ValueError as error:
        raise ValidationError(
            gettext("A division has too few teams for that promotion and relegation.")
        ) from error
    level_of = {team.pk: level for level, teams in enumerate(tables) for team in teams}
    ups = {
        team.pk for level, teams in enumerate(moved) for team in teams if level_of[team.pk] > level
    }
    downs = {
        team.pk for level, teams in enumerate(moved) for team in teams if level_of[team.pk] < level
    }
    return SeasonPlan(
        divisions=list(zip(divisions, moved, strict=True)),
        promoted=frozenset(ups),
        relegated=frozenset(downs),
    )


@transaction.atomic
def start_next_season(
    *, by: User, competition: Competition, name: str, promoted: int = 1, relegated: int = 1
) -> Competition:
    """A new competition with the same format and divisions, its teams entered by this
    season's final tables (plan_next_season): `promoted` up and `relegated` down between
    neighbouring divisions, seeded in the order they finished."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    require_secretary(by, competition.club_id)
    plan = plan_next_season(competition=competition, promoted=promoted, relegated=relegated)
    following = Competition(
        club_id=competition.club_id,
        name=name.strip(),
        kind=competition.kind,
        double_round_robin=competition.double_round_robin,
        ruleset=competition.ruleset,
        players_per_team=competition.players_per_team,
        reserves=competition.reserves,
        table_size=competition.table_size,
        counting=competition.counting,
        tie_breakers=competition.tie_breakers,
        organiser=competition.organiser,
        open_to_other_clubs=competition.open_to_other_clubs,
    )
    following.full_clean()
    following.save()
    for division, teams in plan.divisions:
        fresh = Division(competition=following, name=division.name, level=division.level)
        fresh.full_clean()
        fresh.save()
        for seed, team in enumerate(teams, start=1):
            entry = DivisionEntry(division=fresh, team=team, seed=seed)
            entry.full_clean()
            entry.save()
            take_places(competition=following, team=team, members=list(team.members.all()))
    return following
