"""Properties of mending a draw so every table seats a player who can score its game: the same
players at the same table sizes, a scorer at every table, tables that needed nothing and gave
nothing untouched, and fewer scorers than tables refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw.scorers import NotEnoughScorers, scorers_at, seat_scorers

mend_settings = settings(max_examples=200, deadline=None)


@st.composite
def days(draw: st.DrawFn) -> tuple[list[list[int]], set[int]]:
    """Tables of 2 to 8 players numbered 0.., and who among them can score."""
    sizes = draw(st.lists(st.integers(min_value=2, max_value=8), min_size=1, max_size=10))
    players = iter(range(sum(sizes)))
    tables = [[next(players) for _ in range(size)] for size in sizes]
    scorers = draw(st.sets(st.integers(min_value=0, max_value=sum(sizes) - 1)))
    return tables, scorers


@mend_settings
@given(days())
def test_a_mended_draw_seats_the_same_players_at_tables_of_the_same_sizes(
    day: tuple[list[list[int]], set[int]],
) -> None:
    tables, scorers = day
    try:
        mended = seat_scorers(tables, scorers)
    except NotEnoughScorers as refused:
        assert refused.scorers == len(scorers) < len(tables)
        return
    assert [len(table) for table in mended] == [len(table) for table in tables]
    assert sorted(p for table in mended for p in table) == sorted(p for t in tables for p in t)
    assert all(scorers_at(table, scorers) >= 1 for table in mended)


@mend_settings
@given(days())
def test_only_tables_without_a_scorer_and_the_tables_that_gave_one_change(
    day: tuple[list[list[int]], set[int]],
) -> None:
    tables, scorers = day
    if len(scorers) < len(tables):
        return
    mended = seat_scorers(tables, scorers)
    bare = [number for number, table in enumerate(tables) if not scorers_at(table, scorers)]
    changed = [number for number, table in enumerate(mended) if list(table) != tables[number]]
    # Each bare table changes, and each swap changes one giver besides (a giver may give twice).
    assert set(bare) <= set(changed)
    assert len(changed) <= 2 * len(bare)
    for number in changed:
        moved = [seat for seat, p in enumerate(mended[number]) if p != tables[number][seat]]
        assert len(moved) <= len(tables[number])
        # A giving table keeps at least one scorer of its own.
        assert scorers_at(mended[number], scorers) >= 1


@mend_settings
@given(days())
def test_a_draw_with_a_scorer_at_every_table_is_left_as_drawn(
    day: tuple[list[list[int]], set[int]],
) -> None:
    tables, scorers = day
    if all(scorers_at(table, scorers) for table in tables):
        assert seat_scorers(tables, scorers) == tuple(tuple(table) for table in tables)


def test_a_table_of_guests_takes_a_member_from_the_nearest_table_with_two() -> None:
    tables = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
    # Table 3 (7, 8, 9) seats guests only; tables 1 and 4 have two members, table 2 one.
    scorers = {1, 2, 4, 10, 11}

    mended = seat_scorers(tables, scorers)

    assert mended == ((1, 2, 3), (4, 5, 6), (7, 8, 11), (10, 9, 12))


def test_fewer_members_than_tables_is_refused_with_the_counts() -> None:
    with pytest.raises(NotEnoughScorers) as refused:
        seat_scorers([[1, 2], [3, 4], [5, 6]], {1, 2})

    assert (refused.value.tables, refused.value.scorers) == (3, 2)
