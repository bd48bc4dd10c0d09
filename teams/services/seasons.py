"""The end of a league's season: next season's competition, teams promoted and relegated."""

from __future__ import annotations

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
)
from teams.selectors import division_table
from teams.services.teams import require_secretary
from teams.tables import promote_and_relegate


@transaction.atomic
def start_next_season(
    *, by: User, competition: Competition, name: str, promoted: int = 1, relegated: int = 1
) -> Competition:
    """A new competition with the same format and divisions, its teams entered by this
    season's final tables: `promoted` up and `relegated` down between neighbouring divisions,
    seeded in the order they finished. Refused while a fixture is still to be played."""
    require_secretary(by, competition.club_id)
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
    following = Competition(
        club_id=competition.club_id,
        name=name.strip(),
        kind=competition.kind,
        double_round_robin=competition.double_round_robin,
        ruleset=competition.ruleset,
        players_per_team=competition.players_per_team,
        table_size=competition.table_size,
        counting=competition.counting,
        tie_breakers=competition.tie_breakers,
    )
    following.full_clean()
    following.save()
    for division, teams in zip(divisions, moved, strict=True):
        fresh = Division(competition=following, name=division.name, level=division.level)
        fresh.full_clean()
        fresh.save()
        for seed, team in enumerate(teams, start=1):
            entry = DivisionEntry(division=fresh, team=team, seed=seed)
            entry.full_clean()
            entry.save()
    return following
