"""Properties of every draw: each entrant sits once a round, table sizes differ by at most one,
keep-apart pairs are kept apart when the tables allow it, a seed gives one draw."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.draw.helpers import apart_pairs_seated, repeats
from tournaments.draw import DrawError, draw, table_sizes

# Small efforts (swaps per player) keep each example quick; the properties hold whatever the
# search finds.
EFFORT = 20
draw_settings = settings(max_examples=40, deadline=None)

shapes = st.tuples(
    st.integers(min_value=2, max_value=40),
    st.integers(min_value=3, max_value=8),
    st.integers(min_value=1, max_value=6),
    st.integers(min_value=0, max_value=2**32),
)


@draw_settings
@given(shapes)
def test_a_drawn_round_seats_every_entrant_exactly_once(shape: tuple[int, int, int, int]) -> None:
    players, table_size, rounds, seed = shape
    entrants = [10 * p + 3 for p in range(players)]

    result = draw(entrants, table_size=table_size, rounds=rounds, seed=seed, effort=EFFORT)

    assert len(result.rounds) == rounds
    for tables in result.rounds:
        assert sorted(p for table in tables for p in table) == sorted(entrants)
        sizes = [len(table) for table in tables]
        assert max(sizes) - min(sizes) <= 1
        assert max(sizes) <= table_size
        assert min(sizes) >= 2
    assert result.repeats == repeats(result.rounds)
    assert result.lower_bound <= result.repeats
    assert not result.stopped_early
    assert len(result.explanations) <= result.repeats


@draw_settings
@given(shapes)
def test_the_same_seed_draws_the_same_tables(shape: tuple[int, int, int, int]) -> None:
    players, table_size, rounds, seed = shape

    first = draw(range(players), table_size=table_size, rounds=rounds, seed=seed, effort=EFFORT)
    again = draw(range(players), table_size=table_size, rounds=rounds, seed=seed, effort=EFFORT)

    assert first == again


@draw_settings
@given(
    st.integers(min_value=8, max_value=40),
    st.integers(min_value=3, max_value=6),
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=0, max_value=1000),
    st.data(),
)
def test_keep_apart_pairs_never_share_a_table_when_there_are_tables_enough(
    players: int, table_size: int, rounds: int, seed: int, data: st.DataObject
) -> None:
    # Disjoint pairs, with at least two tables a round: always feasible.
    if len(table_sizes(players, table_size)) < 2:
        return
    shuffled = data.draw(st.permutations(range(players)))
    count = data.draw(st.integers(min_value=1, max_value=players // 4))
    pairs = [tuple(shuffled[2 * i : 2 * i + 2]) for i in range(count)]

    result = draw(
        range(players), table_size=table_size, rounds=rounds, seed=seed, apart=pairs, effort=EFFORT
    )

    assert result.apart_broken == 0
    assert apart_pairs_seated(result.rounds, pairs) == 0


@draw_settings
@given(
    st.integers(min_value=6, max_value=30),
    st.integers(min_value=3, max_value=5),
    st.integers(min_value=1, max_value=4),
)
def test_swiss_rounds_seat_everyone_and_the_leaders_together_first(
    players: int, table_size: int, rounds: int
) -> None:
    standings = list(range(players))[::-1]

    result = draw(
        range(players), table_size=table_size, rounds=rounds, standings=standings, effort=EFFORT
    )

    for tables in result.rounds:
        assert sorted(p for table in tables for p in table) == list(range(players))
    # The first Swiss round, with nobody met before, seats the standings in order.
    first = result.rounds[0]
    assert sorted(first[0]) == sorted(standings[: len(first[0])])


def test_seats_are_balanced_so_nobody_starts_much_more_often_than_anyone_else() -> None:
    result = draw(range(25), table_size=5, rounds=6, seed=2)

    starts = [sum(1 for tables in result.rounds for t in tables if t[0] == p) for p in range(25)]
    # 6 rounds of 5 starters among 25 players: 30 starts, at most 2 for anyone.
    assert max(starts) <= 2


def test_history_counts_towards_repeats_of_a_later_round() -> None:
    first = draw(range(16), table_size=4, rounds=1, seed=1)

    later = draw(range(16), table_size=4, rounds=4, seed=1, history=first.rounds)

    assert later.repeats == 0
    assert repeats(first.rounds + later.rounds) == 0


@pytest.mark.parametrize(
    ("players", "table_size", "rounds", "message"),
    [
        (1, 4, 1, "at least 2 players"),
        (12, 2, 1, "3 to 8"),
        (12, 9, 1, "3 to 8"),
        (12, 4, 0, "1 to 50"),
        (12, 4, 51, "1 to 50"),
    ],
)
def test_a_draw_that_cannot_be_asked_for_is_refused_with_its_reason(
    players: int, table_size: int, rounds: int, message: str
) -> None:
    with pytest.raises(DrawError, match=message):
        draw(range(players), table_size=table_size, rounds=rounds)


def test_an_entrant_listed_twice_is_refused() -> None:
    with pytest.raises(DrawError, match="twice"):
        draw([1, 2, 3, 3], table_size=4, rounds=1)


@draw_settings
@given(
    st.integers(min_value=6, max_value=30),
    st.integers(min_value=3, max_value=5),
    st.integers(min_value=1, max_value=3),
    st.integers(min_value=0, max_value=2**32),
)
def test_a_swiss_round_moves_nobody_more_than_one_table_from_their_place_in_the_standings(
    players: int, table_size: int, played: int, seed: int
) -> None:
    """However the search spares repeats (restarts included), the last of the standings never
    reaches the top table: each player sits at their table by the standings or a neighbour."""
    history = draw(range(players), table_size=table_size, rounds=played, seed=seed, effort=EFFORT)
    standings = list(range(players))[::-1]

    result = draw(
        range(players),
        table_size=table_size,
        rounds=1,
        seed=seed,
        history=history.rounds,
        standings=standings,
        effort=EFFORT,
    )

    (tables,) = result.rounds
    start = 0
    by_standings = {}
    for number, size in enumerate(len(table) for table in tables):
        for player in standings[start : start + size]:
            by_standings[player] = number
        start += size
    for number, table in enumerate(tables):
        assert all(abs(number - by_standings[p]) <= 1 for p in table)
