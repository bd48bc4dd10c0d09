"""A cup drawn and played: the bracket kept as ties, round one's fixtures, the byes carried on,
each signed card's winner in the next round, a level match settled by the secretary."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from teams.models import CupTie, Fixture
from teams.services.cup import draw_cup, plan_cup, settle_level_tie
from teams.services.teams import create_competition
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary
from tests.teams.helpers import cup_of, play_and_sign, tie_fixture, tie_teams

pytestmark = pytest.mark.django_db

WHEN: dict[str, Any] = {
    "first_round_on": datetime.date(2026, 2, 5),
    "starts_at": datetime.time(19, 30),
}


def test_five_teams_draw_one_match_three_byes_and_a_second_round_fixture_of_two_byes() -> None:
    boss = secretary()
    division, teams = cup_of(boss, 5)

    draw_cup(by=boss, division=division, seeded=2, seed=1, **WHEN)

    first = list(CupTie.objects.filter(division=division, round=1).order_by("position"))
    assert len(first) == 4
    assert [tie.bye for tie in first].count(True) == 3
    assert {tie.home for tie in first if tie.bye} >= {teams[0], teams[1]}
    assert CupTie.objects.filter(division=division).count() == 4 + 2 + 1
    # Round one's match, and round two's tie between two teams through on byes.
    fixtures = list(Fixture.objects.filter(division=division).order_by("round"))
    assert [fixture.round for fixture in fixtures] == [1, 2]
    assert fixtures[1].starts_at - fixtures[0].starts_at == datetime.timedelta(days=7)
    assert all(tie.fixture is not None for tie in first if not tie.bye)


def test_the_preview_is_the_draw_the_same_seed_writes() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 6)

    plan = plan_cup(division=division, seed=42, **WHEN)
    drawn = draw_cup(by=boss, division=division, seed=42, **WHEN)

    assert [(tie.home, tie.away) for tie in plan.first_round] == [
        (tie.home, tie.away) for tie in drawn if tie.round == 1
    ]
    assert CupTie.objects.filter(division=division).count() == len(plan.ties)


def test_a_signed_cards_winner_goes_into_the_next_rounds_fixture() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 3)
    draw_cup(by=boss, division=division, seeded=1, **WHEN)
    tie = CupTie.objects.get(division=division, round=1, bye=False)

    play_and_sign(tie_fixture(tie))

    tie.refresh_from_db()
    assert tie.winner == tie.home
    final = CupTie.objects.get(division=division, round=2)
    assert final.away == tie.home
    assert final.fixture is not None
    assert (final.fixture.home, final.fixture.away) == (final.home, final.away)


def test_the_finals_winner_wins_the_cup_and_nothing_follows() -> None:
    boss = secretary()
    division, teams = cup_of(boss, 2)
    draw_cup(by=boss, division=division, **WHEN)
    final = CupTie.objects.get(division=division)

    play_and_sign(tie_fixture(final))

    final.refresh_from_db()
    assert final.winner == final.home
    assert Fixture.objects.filter(division=division).count() == 1


def test_a_level_match_waits_for_the_secretary_who_names_the_team_going_through() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 3)
    draw_cup(by=boss, division=division, seeded=1, **WHEN)
    tie = CupTie.objects.get(division=division, round=1, bye=False)

    match = play_and_sign(tie_fixture(tie), level=True)

    assert match.home_score == match.away_score
    tie.refresh_from_db()
    assert tie.winner is None
    home, away = tie_teams(tie)
    through = CupTie.objects.get(round=1, bye=True).home
    assert through is not None
    with pytest.raises(ValidationError, match="one of the two teams"):
        settle_level_tie(by=boss, tie=tie, winner=through)
    with pytest.raises(PermissionDenied):
        settle_level_tie(by=away.captain.user, tie=tie, winner=away)
    settle_level_tie(by=boss, tie=tie, winner=away)

    tie.refresh_from_db()
    assert (tie.winner, tie.settled_by_secretary) == (away, True)
    assert CupTie.objects.get(division=division, round=2).away == away
    with pytest.raises(ValidationError, match="known already"):
        settle_level_tie(by=boss, tie=tie, winner=home)


def test_a_tie_not_played_or_not_level_is_not_the_secretarys_to_settle() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 3)
    draw_cup(by=boss, division=division, seeded=1, **WHEN)
    tie = CupTie.objects.get(division=division, round=1, bye=False)

    with pytest.raises(ValidationError, match="not over"):
        settle_level_tie(by=boss, tie=tie, winner=tie_teams(tie)[0])


def test_the_draw_is_refused_once_a_match_is_played_and_kept_as_it_was() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 3)
    draw_cup(by=boss, division=division, seeded=1, **WHEN)
    tie = CupTie.objects.get(division=division, round=1, bye=False)
    play_and_sign(tie_fixture(tie))
    before = list(CupTie.objects.filter(division=division).values_list("id", "winner"))

    with pytest.raises(ValidationError, match="cannot be drawn again"):
        draw_cup(by=boss, division=division, seed=9, **WHEN)

    assert list(CupTie.objects.filter(division=division).values_list("id", "winner")) == before


def test_a_redraw_before_any_match_replaces_the_bracket() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 4)
    draw_cup(by=boss, division=division, seed=1, **WHEN)

    draw_cup(by=boss, division=division, seed=2, **WHEN)

    assert CupTie.objects.filter(division=division).count() == 3
    assert Fixture.objects.filter(division=division).count() == 2


def test_only_the_secretary_draws_a_cup_and_a_league_is_no_bracket() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 3)
    with pytest.raises(PermissionDenied):
        draw_cup(by=member("Nosy").user, division=division, **WHEN)
    assert not CupTie.objects.exists()
    league = create_competition(in_club=the_club(), by=boss, name="A League", divisions=["One"])
    with pytest.raises(ValidationError, match="Only a cup"):
        plan_cup(division=league.divisions.get(), **WHEN)


def test_too_many_seeds_are_refused_on_the_field() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 3)

    with pytest.raises(ValidationError) as refused:
        plan_cup(division=division, seeded=4, **WHEN)

    assert "seeded" in refused.value.error_dict
