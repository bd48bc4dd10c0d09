"""The competition's tie-breakers (scoring.rules.tiebreakers, TEAM, as teams.tables applies
them): a total, stable order in which each breaker decides only what the earlier ones left
level, and says so."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.tiebreakers import HEAD_TO_HEAD, TEAM
from teams.tables import (
    DEFAULT_BREAKERS,
    PlayedMatch,
    TableRow,
    order_table,
    parse_breakers,
    team_table,
)

TEAMS = ["A", "B", "C", "D", "E", "F"]
PLAIN = [breaker for breaker in TEAM if breaker != HEAD_TO_HEAD]


@st.composite
def seasons(draw: st.DrawFn) -> list[PlayedMatch[str]]:
    pairs = draw(
        st.lists(st.permutations(TEAMS).map(lambda order: (order[0], order[1])), max_size=12)
    )
    # Few different scores, so that ties are common.
    scores = st.integers(min_value=0, max_value=3)
    return [PlayedMatch(home, away, draw(scores), draw(scores)) for home, away in pairs]


breaker_orders = st.lists(st.sampled_from(TEAM), unique=True, min_size=1)


def measure(row: TableRow[str], breaker: str) -> int:
    return int(getattr(row, "won" if breaker == "wins" else breaker))


@settings(deadline=None)
@given(seasons(), breaker_orders)
def test_every_team_is_placed_once_and_places_count_the_teams_above(
    matches: list[PlayedMatch[str]], breakers: list[str]
) -> None:
    rows = team_table(TEAMS, matches, breakers)

    assert sorted(row.team for row in rows) == TEAMS
    for index, row in enumerate(rows):
        above = rows[index - 1] if index else None
        if above is None or row.place != above.place:
            assert row.place == index + 1
        else:
            assert row.decided_by is None


@settings(deadline=None)
@given(seasons(), breaker_orders)
def test_each_breaker_decides_only_what_the_earlier_ones_left_level(
    matches: list[PlayedMatch[str]], breakers: list[str]
) -> None:
    rows = team_table(TEAMS, matches, breakers)

    for above, row in zip(rows, rows[1:], strict=False):
        if row.place == above.place:
            # Level on every breaker head to head aside (it reads the group, not the pair).
            assert all(measure(above, b) == measure(row, b) for b in breakers if b in PLAIN)
            continue
        decided = row.decided_by or breakers[0]
        earlier = breakers[: breakers.index(decided)]
        assert all(measure(above, b) == measure(row, b) for b in earlier if b in PLAIN)
        if decided in PLAIN:
            assert measure(above, decided) > measure(row, decided)
        if row.decided_by is None:
            assert decided == breakers[0]


@settings(deadline=None)
@given(seasons(), breaker_orders, st.randoms(use_true_random=False))
def test_the_order_is_total_and_teams_level_on_everything_keep_their_order(
    matches: list[PlayedMatch[str]], breakers: list[str], random: object
) -> None:
    shuffled = list(TEAMS)
    random.shuffle(shuffled)  # type: ignore[attr-defined]

    rows = team_table(TEAMS, matches, breakers)
    again = team_table(shuffled, matches, breakers)

    def places(table: list[TableRow[str]]) -> dict[str, int]:
        return {row.team: row.place for row in table}

    # The places do not depend on the order the teams came in; within a shared place they
    # keep that order (stable).
    assert places(rows) == places(again)
    for table, given_order in ((rows, TEAMS), (again, shuffled)):
        for above, row in zip(table, table[1:], strict=False):
            if above.place == row.place:
                assert given_order.index(above.team) < given_order.index(row.team)


def test_head_to_head_decides_between_teams_level_on_points_and_says_so() -> None:
    matches = [
        PlayedMatch("A", "B", 2, 6),  # B beat A
        PlayedMatch("A", "C", 9, 1),
        PlayedMatch("B", "C", 3, 5),
    ]
    breakers = ["match_points", HEAD_TO_HEAD, "difference"]

    rows = team_table(["A", "B", "C"], matches, breakers)

    # A, B and C each won once; among the three each took 2 points from the others: level.
    # Then the games: A +4, B 0, C -4.
    assert [(r.team, r.place, r.decided_by) for r in rows] == [
        ("A", 1, None),
        ("B", 2, "difference"),
        ("C", 3, "difference"),
    ]
    two = team_table(["A", "B"], matches[:1], ["difference", HEAD_TO_HEAD])
    assert [(r.team, r.decided_by) for r in two] == [("B", None), ("A", None)]


def test_the_default_breakers_read_back_and_bad_ones_are_refused() -> None:
    assert parse_breakers(",".join(DEFAULT_BREAKERS)) == DEFAULT_BREAKERS
    for bad in ("", "wins,wins", "won,wins", "goals", "average"):
        with pytest.raises(ValueError, match="."):
            parse_breakers(bad)


def test_a_competition_kept_with_the_old_key_for_matches_won_ranks_by_wins() -> None:
    assert parse_breakers("match_points, won") == ("match_points", "wins")


def test_rows_without_any_match_share_the_first_place() -> None:
    rows = order_table([TableRow("X"), TableRow("Y")], DEFAULT_BREAKERS)
    assert [(r.team, r.place) for r in rows] == [("X", 1), ("Y", 1)]
