"""A team match's format and arithmetic (teams.match_rules)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from teams.match_rules import (
    Counting,
    FormatError,
    MatchFormat,
    Seat,
    SeatResult,
    Side,
    match_score,
)


@st.composite
def formats(draw: st.DrawFn) -> MatchFormat:
    table_size = draw(st.sampled_from([2, 4, 6, 8]))
    tables = draw(st.integers(min_value=1, max_value=24 // table_size))
    players = table_size * tables // 2
    return MatchFormat(players_per_team=players, table_size=table_size)


@given(formats())
def test_every_player_of_both_teams_sits_at_exactly_one_table(match_format: MatchFormat) -> None:
    seats = Counter(seat for table in match_format.tables for seat in table)
    expected = {
        Seat(side, slot) for side in Side for slot in range(1, match_format.players_per_team + 1)
    }
    assert set(seats) == expected
    assert set(seats.values()) == {1}


@given(formats())
def test_each_table_mixes_the_teams_half_and_half(match_format: MatchFormat) -> None:
    for table in match_format.tables:
        sides = [seat.side for seat in table]
        assert len(table) == match_format.table_size
        assert sides.count(Side.HOME) == sides.count(Side.AWAY)
        # Alternating: never two of a team side by side in the seating order.
        assert all(first != second for first, second in zip(sides, sides[1:], strict=False))


def test_four_a_side_at_tables_of_four_by_hand() -> None:
    home, away = Side.HOME, Side.AWAY
    assert MatchFormat(players_per_team=4, table_size=4).tables == [
        [Seat(home, 1), Seat(away, 1), Seat(home, 2), Seat(away, 2)],
        [Seat(home, 3), Seat(away, 3), Seat(home, 4), Seat(away, 4)],
    ]


@pytest.mark.parametrize(
    ("players", "table_size"), [(0, 4), (13, 2), (4, 3), (4, 10), (3, 4), (5, 4)]
)
def test_a_format_that_cannot_fill_its_tables_is_refused(players: int, table_size: int) -> None:
    with pytest.raises(FormatError):
        MatchFormat(players_per_team=players, table_size=table_size)


def results(ranks: dict[Seat, int], points: dict[Seat, int] | None = None) -> list[SeatResult]:
    return [SeatResult(seat, rank, (points or {}).get(seat)) for seat, rank in ranks.items()]


def test_places_are_worth_the_players_they_beat() -> None:
    match_format = MatchFormat(players_per_team=2, table_size=4)
    home1, away1, home2, away2 = match_format.tables[0]
    score = match_score(results({home1: 1, away1: 2, home2: 4, away2: 3}), match_format)

    # Home: 3 + 0; away: 2 + 1.
    assert (score.home, score.away, score.match_points, score.winner) == (3, 3, (1, 1), None)


def test_tied_players_share_the_better_place() -> None:
    match_format = MatchFormat(players_per_team=1, table_size=2)
    home, away = match_format.tables[0]

    assert match_score(results({home: 1, away: 1}), match_format).match_points == (1, 1)


def test_game_points_decide_when_the_format_counts_points() -> None:
    match_format = MatchFormat(players_per_team=2, table_size=2, counting=Counting.POINTS)
    (h1, a1), (h2, a2) = match_format.tables
    ranks = {h1: 1, a1: 2, h2: 2, a2: 1}
    score = match_score(results(ranks, {h1: 4, a1: -4, h2: -1, a2: 1}), match_format)

    assert (score.home, score.away) == (3, -3)
    assert (score.match_points, score.winner) == ((2, 0), Side.HOME)


def test_counting_points_in_a_game_without_points_is_refused() -> None:
    match_format = MatchFormat(players_per_team=1, table_size=2, counting=Counting.POINTS)
    home, away = match_format.tables[0]

    with pytest.raises(FormatError, match="count places"):
        match_score(results({home: 1, away: 2}), match_format)
