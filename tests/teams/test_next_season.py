"""The season's end: the next season's divisions by the final tables, once every fixture is
played."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from teams.match_rules import Side
from teams.models import Competition, CompetitionPlace
from teams.services.fixtures import draw_fixtures
from teams.services.matches import sign_card
from teams.services.seasons import start_next_season
from teams.services.teams import enter_team
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import finish_games, league_of, start_match_of

pytestmark = pytest.mark.django_db


def season_over(boss: User) -> Competition:
    """Lions beat Tigers in the top division, Bears beat Wolves in the first: every fixture is
    played."""
    competition, top, teams = league_of(boss, 4, double=False)
    first = competition.divisions.get(level=2)
    # Lions and Tigers in the top division, Bears and Wolves in the first.
    top.entries.filter(team__in=teams[2:]).delete()
    CompetitionPlace.objects.filter(team__in=teams[2:]).delete()
    for team in teams[2:]:
        enter_team(by=boss, division=first, team=team)
    for division in (top, first):
        (fixture,) = draw_fixtures(
            by=boss,
            division=division,
            first_round_on=datetime.date(2026, 1, 8),
            starts_at=datetime.time(19, 30),
        )
        match = start_match_of(fixture)
        finish_games(match)
        sign_card(match=match, side=Side.HOME, signer=fixture.home.captain.user)
        sign_card(match=match, side=Side.AWAY, signer=fixture.away.captain.user)
    return competition


def test_the_winner_of_the_lower_division_goes_up_and_the_last_of_the_top_goes_down() -> None:
    boss = secretary()
    competition = season_over(boss)

    following = start_next_season(by=boss, competition=competition, name="Winter League 2027")

    levels = {
        division.level: [entry.team.name for entry in division.entries.order_by("seed")]
        for division in following.divisions.all()
    }
    assert levels == {1: ["Lions", "Bears"], 2: ["Wolves", "Tigers"]}
    assert (following.players_per_team, following.table_size) == (4, 4)


def test_the_next_season_waits_for_the_last_fixture() -> None:
    boss = secretary()
    competition, division, _ = league_of(boss, 2)
    draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )

    with pytest.raises(ValidationError, match="2 fixtures are still to be played"):
        start_next_season(by=boss, competition=competition, name="Next")
    assert Competition.objects.count() == 1
