"""Every member of each family of designs up to 100 players, checked by an independent counter:
each round seats every player once at tables of the asked size, no pair meets twice, and the
draw reaches 0 repeated pairs there for every number of rounds the design has."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.draw.helpers import meetings, repeats
from tournaments.draw import MAX_TABLE, draw
from tournaments.draw.affine import affine_rounds
from tournaments.draw.blocks import Round
from tournaments.draw.gf import galois_field, prime_power
from tournaments.draw.golfers import STORED
from tournaments.draw.kirkman import brouwer_pbd_34, kirkman
from tournaments.draw.resolvable4 import BASE_100, resolvable_fours

KIRKMAN = list(range(3, 100, 6))
FOURS = list(range(4, 101, 12))
# (q, d) with 3 <= q and q**d <= 100 players, q a prime power.
AFFINE = [
    (q, d) for q in range(3, 11) if prime_power(q) is not None for d in range(2, 7) if q**d <= 100
]
# Every family member a draw may ask for (tables of at most MAX_TABLE), as (players, table size,
# rounds of the whole design).
MEMBERS = sorted(
    member
    for member in {(v, 3, (v - 1) // 2) for v in KIRKMAN}
    | {(v, 4, (v - 1) // 3) for v in FOURS}
    | {(q**d, q, (q**d - 1) // (q - 1)) for q, d in AFFINE}
    | {(18, 3, 8), (24, 4, 7), (32, 4, 10)}
    if member[1] <= MAX_TABLE
)
PRIME_POWERS = [q for q in range(2, 130) if prime_power(q) is not None]


def assert_repeat_free(design: tuple[Round, ...], players: int, table_size: int) -> None:
    for tables in design:
        assert sorted(p for table in tables for p in table) == list(range(players))
        assert {len(table) for table in tables} == {table_size}
    assert set(meetings(design).values()) <= {1}


@pytest.mark.parametrize(("v", "table_size"), [(v, 3) for v in KIRKMAN] + [(v, 4) for v in FOURS])
def test_a_kirkman_system_or_resolvable_design_meets_every_pair_exactly_once(
    v: int, table_size: int
) -> None:
    design = kirkman(v) if table_size == 3 else resolvable_fours(v)

    assert design is not None
    # (v - 1) / (k - 1) rounds of tables of k: every pair meets exactly once.
    assert len(design) == (v - 1) // (table_size - 1)
    assert_repeat_free(design, v, table_size)
    assert len(meetings(design)) == v * (v - 1) // 2


def test_every_kirkman_and_resolvable_four_number_to_100_has_a_construction() -> None:
    assert [v for v in range(3, 100, 6) if kirkman(v) is None] == []
    assert [v for v in range(4, 101, 12) if resolvable_fours(v) is None] == []
    assert kirkman(10) is None
    assert resolvable_fours(10) is None


def test_the_base_blocks_of_100_cover_every_residue_once_and_every_difference_once() -> None:
    residues = sorted(x % 33 for block in BASE_100 for x in block)
    differences = sorted((x - y) % 99 for block in BASE_100 for x in block for y in block if x != y)

    assert residues == list(range(1, 33))
    assert differences == [d for d in range(1, 99) if d % 33]


def test_brouwers_pbd_of_34_points_has_lines_of_4_or_7_meeting_every_pair_once() -> None:
    lines = brouwer_pbd_34()
    pairs = [(a, b) for line in lines for i, a in enumerate(line) for b in line[i + 1 :]]

    assert {len(line) for line in lines} == {4, 7}
    assert len(pairs) == len(set(pairs)) == 34 * 33 // 2


@pytest.mark.parametrize(("q", "d"), AFFINE)
def test_the_lines_of_an_affine_geometry_are_rounds_meeting_every_pair_once(q: int, d: int) -> None:
    design = affine_rounds(q, d)

    assert design is not None
    assert len(design) == (q**d - 1) // (q - 1)
    assert_repeat_free(design, q**d, q)
    assert len(meetings(design)) == q**d * (q**d - 1) // 2


@pytest.mark.parametrize("key", sorted(STORED))
def test_a_stored_social_golfer_solution_meets_no_pair_twice(key: tuple[int, int]) -> None:
    players, table_size = key
    _, design = STORED[key]

    assert_repeat_free(design, players, table_size)


@pytest.mark.parametrize(("players", "table_size", "rounds"), MEMBERS)
def test_the_draw_of_a_whole_design_has_no_repeat_and_says_it_is_perfect(
    players: int, table_size: int, rounds: int
) -> None:
    shown = min(rounds, 50)

    result = draw(range(1, players + 1), table_size=table_size, rounds=shown, seed=7)

    assert repeats(result.rounds) == result.repeats == result.lower_bound == 0
    assert len(result.rounds) == shown
    for tables in result.rounds:
        assert sorted(p for table in tables for p in table) == list(range(1, players + 1))
        assert {len(table) for table in tables} == {table_size}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MEMBERS), st.data())
def test_any_first_rounds_of_a_design_are_drawn_without_a_repeat_and_alike_for_a_seed(
    member: tuple[int, int, int], data: st.DataObject
) -> None:
    players, table_size, most = member
    rounds = data.draw(st.integers(min_value=1, max_value=min(most, 50)))
    seed = data.draw(st.integers(min_value=0, max_value=2**32))
    entrants = [3 * p + 1 for p in range(players)]

    first = draw(entrants, table_size=table_size, rounds=rounds, seed=seed)

    assert first.repeats == repeats(first.rounds) == 0
    assert first == draw(entrants, table_size=table_size, rounds=rounds, seed=seed)


@pytest.mark.parametrize("q", PRIME_POWERS)
def test_every_field_adds_and_multiplies_as_a_field(q: int) -> None:
    gf = galois_field(q)

    assert gf is not None
    elements = range(q)
    assert sorted(gf.exp) == list(range(1, q))
    for a in elements:
        assert gf.add(a, gf.neg[a]) == 0
        assert a == 0 or gf.mul(a, gf.inv[a]) == 1
    step = max(1, q // 12)
    for a in elements[::step]:
        for b in elements[::step]:
            assert gf.add(a, b) == gf.add(b, a)
            for c in elements[::step]:
                assert gf.mul(a, gf.add(b, c)) == gf.add(gf.mul(a, b), gf.mul(a, c))
                assert gf.add(gf.add(a, b), c) == gf.add(a, gf.add(b, c))


def test_numbers_that_are_no_prime_power_have_no_field() -> None:
    assert [q for q in (1, 6, 10, 12, 15, 100) if galois_field(q) is not None] == []


def test_no_cyclic_base_of_triples_over_z68_covers_each_odd_difference_once() -> None:
    # Why 69 is built from a PBD: a triple {0, a, b} of Z_68 (any triple, moved to 0) has an
    # even number of odd differences up to sign, and 1, 3, ..., 33 are 17 of them.
    def odd_classes(a: int, b: int) -> int:
        return sum(min(d % 68, -d % 68) % 2 for d in (a, b, b - a))

    assert {odd_classes(a, b) % 2 for a in range(1, 68) for b in range(a + 1, 68)} == {0}
    assert len([d for d in range(1, 34) if d % 2]) == 17
