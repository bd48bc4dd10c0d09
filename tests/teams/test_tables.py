"""The team table (teams.tables): match points, then games, then the tie-breakers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from teams.tables import PlayedMatch, promote_and_relegate, team_table

TEAMS = ["A", "B", "C", "D", "E"]


@st.composite
def seasons(draw: st.DrawFn) -> list[PlayedMatch[str]]:
    pairs = draw(
        st.lists(st.permutations(TEAMS).map(lambda order: (order[0], order[1])), max_size=20)
    )
    scores = st.integers(min_value=0, max_value=16)
    return [PlayedMatch(home, away, draw(scores), draw(scores)) for home, away in pairs]


@given(seasons())
def test_every_match_hands_out_two_match_points_and_is_counted_twice(
    matches: list[PlayedMatch[str]],
) -> None:
    rows = team_table(TEAMS, matches)

    assert sorted(row.team for row in rows) == TEAMS
    assert sum(row.match_points for row in rows) == 2 * len(matches)
    assert sum(row.played for row in rows) == 2 * len(matches)
    assert sum(row.difference for row in rows) == 0
    for row in rows:
        assert row.won + row.drawn + row.lost == row.played


@given(seasons())
def test_the_table_runs_by_match_points_then_games_and_places_never_go_back(
    matches: list[PlayedMatch[str]],
) -> None:
    rows = team_table(TEAMS, matches)

    keys = [(row.match_points, row.difference) for row in rows]
    assert keys == sorted(keys, reverse=True)
    places = [row.place for row in rows]
    assert places[0] == 1 and places == sorted(places)
    assert all(place <= index + 1 for index, place in enumerate(places))


def test_games_break_a_tie_on_match_points() -> None:
    rows = team_table(
        ["A", "B", "C"],
        [PlayedMatch("A", "C", 12, 4), PlayedMatch("B", "C", 9, 7), PlayedMatch("A", "B", 8, 8)],
    )

    assert [(row.team, row.match_points, row.difference, row.place) for row in rows] == [
        ("A", 3, 8, 1),
        ("B", 3, 2, 2),
        ("C", 0, -10, 3),
    ]


def test_head_to_head_decides_between_teams_level_on_everything_else() -> None:
    rows = team_table(
        ["A", "B", "C", "D"],
        [
            PlayedMatch("A", "C", 5, 3),
            PlayedMatch("B", "A", 5, 3),
            PlayedMatch("C", "B", 5, 3),
            PlayedMatch("B", "D", 5, 3),
        ],
    )

    # A and C: one win, one loss, 8 for and 8 against each; A beat C.
    assert [(row.team, row.match_points, row.place) for row in rows] == [
        ("B", 4, 1),
        ("A", 2, 2),
        ("C", 2, 3),
        ("D", 0, 4),
    ]


def test_a_circle_of_results_leaves_the_teams_sharing_a_place() -> None:
    rows = team_table(
        ["A", "B", "C"],
        [PlayedMatch("A", "B", 5, 3), PlayedMatch("B", "C", 5, 3), PlayedMatch("C", "A", 5, 3)],
    )

    assert [row.place for row in rows] == [1, 1, 1]


def test_teams_without_a_match_share_the_place_behind_the_rest() -> None:
    rows = team_table(["A", "B", "C", "D"], [PlayedMatch("A", "B", 5, 3)])

    assert [(row.team, row.place) for row in rows] == [("A", 1), ("C", 2), ("D", 2), ("B", 4)]


@st.composite
def leagues(draw: st.DrawFn) -> tuple[list[list[int]], int, int]:
    sizes = draw(st.lists(st.integers(min_value=4, max_value=10), min_size=1, max_size=4))
    divisions, start = [], 0
    for size in sizes:
        divisions.append(list(range(start, start + size)))
        start += size
    return divisions, draw(st.integers(0, 2)), draw(st.integers(0, 2))


@given(leagues())
def test_promotion_and_relegation_keep_every_team_and_move_them_one_level(
    league: tuple[list[list[int]], int, int],
) -> None:
    divisions, up, down = league
    after = promote_and_relegate(divisions, up=up, down=down)

    level_before = {team: level for level, teams in enumerate(divisions) for team in teams}
    level_after = {team: level for level, teams in enumerate(after) for team in teams}
    assert sorted(level_after) == sorted(level_before)
    assert all(abs(level_after[t] - level_before[t]) <= 1 for t in level_before)
    if up == down:
        assert [len(teams) for teams in after] == [len(teams) for teams in divisions]
    for level, teams in enumerate(divisions):
        if level > 0:
            assert all(level_after[t] == level - 1 for t in teams[:up])
        if level < len(divisions) - 1 and down:
            assert all(level_after[t] == level + 1 for t in teams[-down:])


def test_two_divisions_swap_their_top_and_bottom_two_by_hand() -> None:
    after = promote_and_relegate([[1, 2, 3, 4], [5, 6, 7, 8]], up=2, down=2)

    assert after == [[1, 2, 5, 6], [7, 8, 3, 4]]
