"""The cup's bracket (teams.cup): properties for 2 to 70 teams, and hand-checked small draws."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from teams.cup import (
    CupError,
    bracket_size,
    draw_bracket,
    meeting_round,
    next_place,
    round_name,
    round_size,
    seeding_order,
)


@st.composite
def draws(draw: st.DrawFn) -> tuple[int, int, int]:
    teams = draw(st.integers(min_value=2, max_value=70))
    seeded = draw(st.integers(min_value=0, max_value=teams))
    seed = draw(st.integers(min_value=0, max_value=2**32))
    return teams, seeded, seed


@given(draws())
def test_every_team_appears_once_in_round_one_or_has_a_bye(case: tuple[int, int, int]) -> None:
    teams, seeded, seed = case
    bracket = draw_bracket(teams, seeded=seeded, seed=seed)

    placed = Counter(team for pair in bracket.pairs for team in pair) + Counter(bracket.byes)
    assert placed == Counter(range(1, teams + 1))


@given(draws())
def test_the_byes_fill_the_bracket_up_to_the_next_power_of_two(case: tuple[int, int, int]) -> None:
    teams, seeded, seed = case
    bracket = draw_bracket(teams, seeded=seeded, seed=seed)

    assert bracket.size & (bracket.size - 1) == 0
    assert bracket.size // 2 < teams <= bracket.size
    assert len(bracket.byes) == bracket.size - teams
    assert len(bracket.first_round) == bracket.size // 2


@given(draws())
def test_a_bye_never_meets_a_bye(case: tuple[int, int, int]) -> None:
    teams, seeded, seed = case
    bracket = draw_bracket(teams, seeded=seeded, seed=seed)

    assert all(tie.home is not None for tie in bracket.first_round)


@given(draws())
def test_the_same_seed_draws_the_same_bracket(case: tuple[int, int, int]) -> None:
    teams, seeded, seed = case

    assert draw_bracket(teams, seeded=seeded, seed=seed) == draw_bracket(
        teams, seeded=seeded, seed=seed
    )


@given(draws())
def test_the_byes_go_to_the_seeded_teams_first(case: tuple[int, int, int]) -> None:
    teams, seeded, seed = case
    bracket = draw_bracket(teams, seeded=seeded, seed=seed)
    byes = set(bracket.byes)

    expected = set(range(1, min(seeded, len(byes)) + 1))
    assert expected <= byes


@given(draws().filter(lambda case: case[1] >= 2))
def test_seeds_one_and_two_only_meet_in_the_final(case: tuple[int, int, int]) -> None:
    teams, seeded, seed = case
    bracket = draw_bracket(teams, seeded=seeded, seed=seed)

    assert meeting_round(bracket, 1, 2) == bracket.rounds


def test_different_seeds_draw_different_brackets_of_unseeded_teams() -> None:
    brackets = {draw_bracket(16, seed=seed).first_round for seed in range(10)}

    assert len(brackets) > 1


def test_five_teams_two_seeded_play_one_match_and_three_byes() -> None:
    bracket = draw_bracket(5, seeded=2, seed=0)

    assert bracket.size == 8
    assert bracket.rounds == 3
    assert {1, 2} <= set(bracket.byes)
    assert len(bracket.pairs) == 1


def test_the_seeding_order_keeps_the_best_ranks_apart() -> None:
    assert seeding_order(1) == [1]
    assert seeding_order(2) == [1, 2]
    assert seeding_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@pytest.mark.parametrize(("teams", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (33, 64), (64, 64)])
def test_the_bracket_is_the_next_power_of_two(teams: int, size: int) -> None:
    assert bracket_size(teams) == size


@pytest.mark.parametrize(
    ("teams_in_round", "name"),
    [(2, "Final"), (4, "Semi-finals"), (8, "Quarter-finals"), (16, "Round of 16")],
)
def test_the_rounds_are_named_from_the_final_back(teams_in_round: int, name: str) -> None:
    assert round_name(teams_in_round) == name


def test_the_rounds_halve_and_the_upper_winner_hosts() -> None:
    assert [round_size(8, number) for number in (1, 2, 3)] == [8, 4, 2]
    assert next_place(0) == (0, True)
    assert next_place(1) == (0, False)
    assert next_place(5) == (2, False)


@pytest.mark.parametrize(("teams", "seeded"), [(1, 0), (257, 0), (4, 5), (4, -1)])
def test_an_impossible_draw_is_refused_in_words(teams: int, seeded: int) -> None:
    with pytest.raises(CupError, match="(?i)between"):
        draw_bracket(teams, seeded=seeded)
