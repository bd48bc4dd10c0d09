"""The round-robin schedule (teams.schedule): properties for 3 to 20 teams, single and double,
and hand-checked small cases."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from teams.schedule import (
    ScheduleError,
    breaks,
    breaks_of,
    minimum_breaks,
    round_robin,
    single_round_robin,
    venues,
)

team_counts = st.integers(min_value=3, max_value=20)


def legs(teams: int, double: bool) -> list[list[list[tuple[int, int]]]]:
    schedule = round_robin(teams, double=double)
    per_leg = len(single_round_robin(teams))
    return [schedule[start : start + per_leg] for start in range(0, len(schedule), per_leg)]


@given(teams=team_counts, double=st.booleans())
def test_every_pair_meets_exactly_once_in_each_leg(teams: int, double: bool) -> None:
    for leg in legs(teams, double):
        met = Counter(frozenset(pair) for games in leg for pair in games)
        assert set(met) == {frozenset(pair) for pair in combinations(range(1, teams + 1), 2)}
        assert set(met.values()) == {1}


@given(teams=team_counts, double=st.booleans())
def test_no_team_plays_twice_in_a_round(teams: int, double: bool) -> None:
    for games in round_robin(teams, double=double):
        playing = [team for pair in games for team in pair]
        assert len(playing) == len(set(playing))
        # Everyone plays each round, except the one team with its bye when the count is odd.
        assert len(playing) == teams - teams % 2


@given(teams=team_counts, double=st.booleans())
def test_the_schedule_has_the_fewest_breaks_possible(teams: int, double: bool) -> None:
    schedule = round_robin(teams, double=double)
    assert breaks(schedule, teams) == minimum_breaks(teams, double=double)


@given(teams=team_counts, double=st.booleans())
def test_home_and_away_games_differ_by_at_most_one(teams: int, double: bool) -> None:
    schedule = round_robin(teams, double=double)
    for team in range(1, teams + 1):
        sides = venues(schedule, team)
        assert abs(sides.count(True) - sides.count(False)) <= 1
        if double:
            assert sides.count(True) == sides.count(False)


@given(teams=team_counts)
def test_the_second_leg_mirrors_the_first_with_home_and_away_swapped(teams: int) -> None:
    first, second = legs(teams, True)
    assert second == [[(away, home) for home, away in games] for games in first]


@given(teams=team_counts)
def test_the_schedule_has_one_round_fewer_than_teams_or_one_bye_round_each(teams: int) -> None:
    schedule = single_round_robin(teams)
    assert len(schedule) == teams - 1 + teams % 2
    if teams % 2:
        byes = [
            set(range(1, teams + 1)) - {t for pair in games for t in pair} for games in schedule
        ]
        assert sorted(bye.pop() for bye in byes) == list(range(1, teams + 1))


def test_four_teams_by_hand() -> None:
    assert single_round_robin(4) == [
        [(1, 4), (2, 3)],
        [(4, 2), (3, 1)],
        [(3, 4), (1, 2)],
    ]
    # Team 4 (the fixed one) goes A H A and team 1 H A H: no break; team 2 goes H A A and
    # team 3 A H H: one break each, the least four teams can have.
    assert [breaks_of(single_round_robin(4), team) for team in (1, 2, 3, 4)] == [0, 1, 1, 0]


def test_three_teams_take_turns_at_the_bye_and_never_break() -> None:
    schedule = single_round_robin(3)
    assert schedule == [[(2, 3)], [(3, 1)], [(1, 2)]]
    assert breaks(schedule, 3) == 0


def test_the_seam_between_the_legs_costs_one_break_per_team_that_breaks_in_the_leg() -> None:
    single = breaks(round_robin(6), 6)
    double = breaks(round_robin(6, double=True), 6)
    assert (single, double) == (4, 12)


def test_two_teams_meet_once_each_way() -> None:
    assert round_robin(2, double=True) == [[(1, 2)], [(2, 1)]]


@pytest.mark.parametrize("teams", [-1, 0, 1, 101])
def test_a_count_out_of_range_is_refused_with_a_reason(teams: int) -> None:
    with pytest.raises(ScheduleError, match="between 2 and 100 teams"):
        round_robin(teams)
