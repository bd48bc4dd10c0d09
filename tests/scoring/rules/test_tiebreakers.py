"""One tie-breaker vocabulary for every competition (scoring.rules.tiebreakers): each breaker
named once, each competition picking from it, and `rank` a total order, stable for rows level
on everything, whatever the breakers and the rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import rules
from scoring.rules import tiebreakers as vocabulary
from scoring.rules.tiebreakers import HEAD_TO_HEAD, TIEBREAKERS, Compare, check_order, rank

FIGURES = [key for key in TIEBREAKERS if key != HEAD_TO_HEAD]
COMPETITIONS = {
    "league": vocabulary.LEAGUE,
    "tournament": vocabulary.TOURNAMENT,
    "team": vocabulary.TEAM,
}


@dataclass(frozen=True)
class Row:
    name: int
    values: dict[str, int]


def measure(key: str, row: Row, level: Sequence[Row]) -> int:
    if key == HEAD_TO_HEAD:
        # The sum of the level rows' names below this one's: depends on who is still level.
        return sum(1 for other in level if other.name < row.name)
    return row.values[key]


def better_first(row: Row, breakers: Sequence[str]) -> tuple[int, ...]:
    """The figures as a tuple where larger is always better (no head to head)."""
    return tuple(
        -row.values[k] if TIEBREAKERS[k].compare is Compare.FEWER else row.values[k]
        for k in breakers
    )


# Small values, so ties (the interesting part) are common.
rows_of = st.lists(
    st.fixed_dictionaries({key: st.integers(0, 2) for key in FIGURES}), max_size=12
).map(lambda values: [Row(name, figures) for name, figures in enumerate(values)])
breaker_orders = st.lists(st.sampled_from(FIGURES), min_size=1, max_size=5, unique=True)


@given(rows_of, breaker_orders)
def test_the_ranking_is_the_stable_sort_by_each_breaker_in_turn(
    rows: list[Row], breakers: list[str]
) -> None:
    placed = rank(rows, breakers, measure)

    expected = sorted(rows, key=lambda row: tuple(-v for v in better_first(row, breakers)))
    assert [p.row for p in placed] == expected


@given(rows_of, breaker_orders)
def test_every_two_rows_compare_and_share_a_rank_exactly_when_level_on_every_breaker(
    rows: list[Row], breakers: list[str]
) -> None:
    placed = rank(rows, breakers, measure)

    assert sorted(p.row.name for p in placed) == [row.name for row in rows]
    for position, (above, below) in enumerate(zip(placed, placed[1:], strict=False), start=2):
        a, b = better_first(above.row, breakers), better_first(below.row, breakers)
        assert a >= b
        assert (below.rank == above.rank) == (a == b)
        assert below.rank == (above.rank if a == b else position)


@given(rows_of, breaker_orders, st.randoms(use_true_random=False))
def test_the_ranks_do_not_depend_on_the_order_rows_come_in_and_level_rows_keep_it(
    rows: list[Row], breakers: list[str], random: object
) -> None:
    shuffled = list(rows)
    random.shuffle(shuffled)  # type: ignore[attr-defined]

    first = {p.row.name: p.rank for p in rank(rows, breakers, measure)}
    again = rank(shuffled, breakers, measure)

    assert {p.row.name: p.rank for p in again} == first
    for above, below in zip(again, again[1:], strict=False):
        if above.rank == below.rank:
            assert shuffled.index(above.row) < shuffled.index(below.row)


@given(rows_of, breaker_orders)
def test_the_breaker_named_for_a_tie_is_the_first_where_the_two_rows_differ(
    rows: list[Row], breakers: list[str]
) -> None:
    placed = rank(rows, breakers, measure)

    for above, below in zip(placed, placed[1:], strict=False):
        a, b = better_first(above.row, breakers), better_first(below.row, breakers)
        first = next((i for i in range(len(breakers)) if a[i] != b[i]), None)
        assert below.decided_by == (breakers[first] if first else None)


@given(rows_of, st.permutations(range(12)))
def test_head_to_head_counts_only_among_the_rows_still_level(
    rows: list[Row], order: list[int]
) -> None:
    shuffled = sorted(rows, key=lambda row: order[row.name])

    placed = rank(shuffled, ["wins", HEAD_TO_HEAD], measure)

    for above, below in zip(placed, placed[1:], strict=False):
        if above.row.values["wins"] == below.row.values["wins"]:
            # Among the level rows the one with the smaller name beats fewer of them.
            assert above.row.name > below.row.name
            assert below.decided_by == HEAD_TO_HEAD
            assert below.rank > above.rank
        else:
            assert below.decided_by is None


def test_every_breaker_is_named_once_with_a_label_and_a_way_of_comparing() -> None:
    assert all(key == breaker.key for key, breaker in TIEBREAKERS.items())
    assert all(breaker.label and breaker.label[0].isupper() for breaker in TIEBREAKERS.values())
    assert vocabulary.label("best") == "Highest game"
    assert vocabulary.label("average") == "Average score"
    assert vocabulary.label("average", by_points=True) == "Average points"
    assert vocabulary.higher_first("wins") and not vocabulary.higher_first("fewest_last")
    with pytest.raises(ValueError, match="level"):
        vocabulary.higher_first(HEAD_TO_HEAD)


@pytest.mark.parametrize("competition", list(COMPETITIONS))
def test_each_competition_picks_known_breakers_and_its_usual_order_from_its_own(
    competition: str,
) -> None:
    allowed = COMPETITIONS[competition]
    assert set(allowed) <= set(TIEBREAKERS)
    assert len(set(allowed)) == len(allowed)
    usual = {
        "league": [
            *vocabulary.league_usual_order(by_points=True),
            *vocabulary.league_usual_order(by_points=False),
        ],
        "tournament": [
            *vocabulary.tournament_usual_order(by_points=True),
            *vocabulary.tournament_usual_order(by_points=False),
        ],
        "team": list(vocabulary.TEAM_USUAL_ORDER),
    }[competition]
    assert set(usual) <= set(allowed)


def test_the_league_ranks_in_one_query_so_it_offers_no_head_to_head() -> None:
    assert HEAD_TO_HEAD not in vocabulary.LEAGUE


@pytest.mark.parametrize(
    ("keys", "code"),
    [
        ([], "tiebreakers_count"),
        ("wins", "tiebreakers_count"),
        (["wins", "best", "baluts"], "tiebreakers_count"),
        (["wins", "luck"], "tiebreaker_unknown"),
        (["wins", "wins"], "tiebreaker_twice"),
    ],
)
def test_an_order_that_is_not_a_short_list_of_known_keys_each_once_is_refused(
    keys: object, code: str
) -> None:
    with pytest.raises(rules.RuleError) as refused:
        check_order(keys, vocabulary.TOURNAMENT, most=2)
    assert refused.value.code == code
    assert str(refused.value)


def test_a_good_order_is_read_back_as_it_was_picked() -> None:
    assert check_order(("best", "wins"), vocabulary.LEAGUE) == ["best", "wins"]


def test_an_unknown_breaker_is_refused_by_the_ranking() -> None:
    with pytest.raises(ValueError, match="unknown tie-breaker"):
        rank([], ["luck"], measure)
