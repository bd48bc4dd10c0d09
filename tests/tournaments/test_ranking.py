"""The day's ranking by the tournament's tie-breakers: a total order, stable for players level
on everything, and each breaker ordering only the players the earlier ones left level."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.tiebreakers import TIEBREAKERS, Compare
from tournaments.ranking import BREAKERS, HEAD_TO_HEAD, Figures, order

FIGURES = [key for key in BREAKERS if key != HEAD_TO_HEAD]

# Small values, so ties (the interesting part) are common.
value = st.integers(min_value=0, max_value=3)
breaker_orders = st.lists(st.sampled_from(FIGURES), min_size=1, max_size=4, unique=True)


@st.composite
def days(draw: st.DrawFn) -> list[Figures]:
    count = draw(st.integers(min_value=0, max_value=14))
    return [
        Figures(player, {key: draw(value) for key in FIGURES}) for player in range(1, count + 1)
    ]


def signed(figures: Figures, breakers: list[str]) -> tuple[int, ...]:
    """The figures as a tuple where larger is always better."""
    fewer = {k for k in breakers if TIEBREAKERS[k].compare is Compare.FEWER}
    return tuple(-figures.values[k] if k in fewer else figures.values[k] for k in breakers)


@given(days(), breaker_orders)
def test_the_ranking_is_the_stable_sort_by_the_breakers_in_turn(
    players: list[Figures], breakers: list[str]
) -> None:
    placed = order(players, breakers)

    expected = sorted(players, key=lambda f: tuple(-v for v in signed(f, breakers)))
    assert [p.player for p in placed] == [f.player for f in expected]


@given(days(), breaker_orders)
def test_players_share_a_rank_exactly_when_level_on_every_breaker(
    players: list[Figures], breakers: list[str]
) -> None:
    placed = order(players, breakers)
    by_player = {f.player: f for f in players}

    for position, (above, below) in enumerate(zip(placed, placed[1:], strict=False), start=2):
        level = signed(by_player[above.player], breakers) == signed(
            by_player[below.player], breakers
        )
        assert (below.rank == above.rank) == level
        assert below.rank == (above.rank if level else position)


@given(days(), breaker_orders)
def test_the_breaker_named_for_a_tie_is_the_first_where_the_two_differ(
    players: list[Figures], breakers: list[str]
) -> None:
    placed = order(players, breakers)
    by_player = {f.player: f for f in players}

    for above, below in zip(placed, placed[1:], strict=False):
        a, b = signed(by_player[above.player], breakers), signed(by_player[below.player], breakers)
        first_difference = next((i for i in range(len(breakers)) if a[i] != b[i]), None)
        if first_difference is None or first_difference == 0:
            assert below.decided_by is None
        else:
            assert below.decided_by == breakers[first_difference]
            assert a[:first_difference] == b[:first_difference]
            assert a[first_difference] > b[first_difference]


@given(days(), breaker_orders, st.data())
def test_a_later_breaker_never_reorders_players_an_earlier_one_set_apart(
    players: list[Figures], breakers: list[str], data: st.DataObject
) -> None:
    last = breakers[-1]
    changed = [
        Figures(f.player, {**f.values, last: data.draw(value, label=f"{last} of {f.player}")})
        for f in players
    ]
    by_player = {f.player: f for f in players}

    before = [p.player for p in order(players, breakers)]
    after = [p.player for p in order(changed, breakers)]

    earlier = breakers[:-1]
    for x in before:
        for y in before:
            if signed(by_player[x], earlier) > signed(by_player[y], earlier):
                assert before.index(x) < before.index(y)
                assert after.index(x) < after.index(y)


@given(
    st.dictionaries(
        st.tuples(st.integers(1, 6), st.integers(1, 6)).filter(lambda p: p[0] != p[1]),
        st.integers(0, 2),
    ),
    st.permutations(range(1, 7)),
)
def test_head_to_head_orders_only_the_players_still_level(
    beats: dict[tuple[int, int], int], entry_order: list[int]
) -> None:
    # Players 1-3 lead on points; head-to-head orders each level group among itself.
    players = [Figures(p, {"points": 10 if p <= 3 else 5}) for p in entry_order]

    placed = order(players, ["points", HEAD_TO_HEAD], beats)

    assert {p.player for p in placed[:3]} == {1, 2, 3}
    assert sorted(p.player for p in placed) == list(range(1, 7))
    for group in (placed[:3], placed[3:]):
        members = {p.player for p in group}

        def net(player: int, members: set[int] = members) -> int:
            return sum(
                beats.get((player, o), 0) - beats.get((o, player), 0)
                for o in members
                if o != player
            )

        nets = [net(p.player) for p in group]
        assert nets == sorted(nets, reverse=True)
        for above, below in zip(group, group[1:], strict=False):
            if net(above.player) > net(below.player):
                assert below.decided_by == HEAD_TO_HEAD


def test_two_level_players_are_ordered_by_the_game_one_won_over_the_other() -> None:
    players = [Figures(1, {"points": 8}), Figures(2, {"points": 8}), Figures(3, {"points": 9})]

    placed = order(players, ["points", HEAD_TO_HEAD], {(2, 1): 1})

    assert [(p.player, p.rank, p.decided_by) for p in placed] == [
        (3, 1, None),
        (2, 2, None),
        (1, 3, HEAD_TO_HEAD),
    ]


def test_an_unknown_breaker_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tie-breaker"):
        order([], ["luck"])
