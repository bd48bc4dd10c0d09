"""Golden draws: where a resolvable design exists, the draw finds it (0 repeated pairs)."""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.tournaments.draw.helpers import meetings, repeats
from tournaments.draw import draw
from tournaments.draw.affine import affine_rounds
from tournaments.draw.designs import (
    construct,
    cyclic,
    cyclic_rounds,
    field_groups,
)
from tournaments.draw.gf import field
from tournaments.draw.kirkman import kirkman

DESIGNS = [
    (9, 3, 4),
    (16, 4, 5),
    (25, 5, 6),
    (15, 3, 7),
    (300, 5, 7),
    (49, 7, 8),
    (40, 5, 8),
    (64, 4, 8),
]


@pytest.mark.parametrize(("players", "table_size", "rounds"), DESIGNS)
def test_a_resolvable_design_is_drawn_without_a_repeat(
    players: int, table_size: int, rounds: int
) -> None:
    result = draw(range(1, players + 1), table_size=table_size, rounds=rounds, seed=7)

    assert result.repeats == 0
    assert repeats(result.rounds) == 0
    assert result.explanations == ()
    for tables in result.rounds:
        assert sorted(p for table in tables for p in table) == list(range(1, players + 1))
        assert {len(table) for table in tables} == {table_size}


@pytest.mark.parametrize(("players", "table_size", "rounds"), [(9, 3, 4), (16, 4, 5), (25, 5, 6)])
def test_a_complete_affine_plane_seats_every_pair_together_exactly_once(
    players: int, table_size: int, rounds: int
) -> None:
    result = draw(range(players), table_size=table_size, rounds=rounds, seed=1)

    assert set(meetings(result.rounds).values()) == {1}
    assert len(meetings(result.rounds)) == players * (players - 1) // 2


def test_kirkmans_schoolgirls_walk_in_threes_for_a_week_without_walking_twice_together() -> None:
    week = kirkman(15)
    assert week is not None
    pairs = [pair for day in week for row in day for pair in combinations(sorted(row), 2)]

    assert len(week) == 7
    assert len(pairs) == len(set(pairs)) == 105
    assert all(sorted(p for row in day for p in row) == list(range(15)) for day in week)


def test_gf4_is_a_field() -> None:
    operations = field(4)
    assert operations is not None
    add, multiply = operations
    for a in range(1, 4):
        assert sorted(multiply(a, b) for b in range(1, 4)) == [1, 2, 3]
        assert add(a, a) == 0
    assert multiply(2, 2) == 3  # x * x = x + 1 modulo x^2 + x + 1


def test_gf9_and_gf8_give_affine_planes_with_every_pair_once() -> None:
    for q in (8, 9):
        plane = affine_rounds(q, 2)
        assert plane is not None
        pairs = [pair for c in plane for line in c for pair in combinations(sorted(line), 2)]
        assert len(pairs) == len(set(pairs)) == q * q * (q * q - 1) // 2


def test_the_cyclic_groups_for_300_players_meet_no_pair_twice_in_7_rounds() -> None:
    assert cyclic_rounds(5, 60, 7) == 7
    design = cyclic(5, 60, 7)

    assert repeats(design) == 0
    assert construct(300, 5, 7) is not None


def test_cyclic_groups_stop_at_the_round_a_group_distance_times_a_round_distance_wraps() -> None:
    # 4 groups of 6: round distance 2 times group distance 3 is 6 = 0 mod 6.
    assert cyclic_rounds(4, 6, 6) == 2
    assert repeats(cyclic(4, 6, 2)) == 0
    assert repeats(cyclic(4, 6, 3)) > 0


def test_players_not_dividing_into_tables_get_no_construction() -> None:
    assert construct(301, 5, 7) is None


def test_the_draw_of_300_players_answers_the_same_for_the_same_seed() -> None:
    first = draw(range(1, 301), table_size=5, rounds=7, seed=3)
    again = draw(range(1, 301), table_size=5, rounds=7, seed=3)

    assert first == again
    assert first.method.startswith("cyclic groups")
    assert first.lower_bound == 0


def test_keep_apart_groups_go_into_a_group_the_cyclic_design_never_seats_together() -> None:
    apart = [(1, 2), (5, 6, 7), (10, 11, 12, 13)]

    result = draw(range(1, 301), table_size=5, rounds=7, seed=5, apart=apart)

    assert result.repeats == 0
    assert result.apart_broken == 0


def test_twelve_players_at_three_tables_of_four_repeat_no_more_than_crowding_forces() -> None:
    # Round 2 seats at each table 4 players from 3 tables of round 1: one pair met before.
    result = draw(range(1, 13), table_size=4, rounds=3, seed=1)

    assert result.repeats == 6
    assert {r.reason for r in result.explanations} == {"crowded"}


def test_too_many_rounds_for_the_players_is_explained_as_forced() -> None:
    result = draw(range(1, 17), table_size=4, rounds=6, seed=1)

    assert result.repeats == 24  # each of 16 meets 18 seats among 15 others
    assert {r.reason for r in result.explanations} == {"forced"}
    assert all(r.seats_met == 18 and r.others == 15 for r in result.explanations)


@pytest.mark.parametrize("q", [4, 8, 9, 16, 25, 27, 32, 11])
def test_every_field_has_an_inverse_for_each_element_but_zero(q: int) -> None:
    operations = field(q)
    assert operations is not None
    _, multiply = operations

    for a in range(1, q):
        assert sorted(multiply(a, b) for b in range(1, q)) == list(range(1, q))


def test_field_groups_seat_40_players_in_fives_for_8_rounds_where_cyclic_groups_stop_at_2() -> None:
    assert cyclic_rounds(5, 8, 8) == 2
    design = field_groups(5, 8, 8)

    assert design is not None and len(design) == 8
    assert repeats(design) == 0
    assert field_groups(9, 8, 8) is None  # more groups than field elements
