"""Box scores: every row of the five-dice scoring table, for balut, jackpot and bar."""

from __future__ import annotations

import pytest

from scoring.rules import FIVE_DICE_RULES
from tests.scoring.rules.helpers import dice, play_turns

FIVE_DICE = ("balut", "jackpot", "bar")


def box_score(ruleset: str, category: str, roll: str) -> int:
    return FIVE_DICE_RULES[ruleset].box_score(category, dice(roll))


@pytest.mark.parametrize("ruleset", FIVE_DICE)
@pytest.mark.parametrize(
    ("category", "roll", "expected"),
    [
        ("fours", "12356", 0),
        ("fours", "41235", 4),
        ("fours", "44123", 8),
        ("fours", "44412", 12),
        ("fours", "44442", 16),
        ("fours", "44444", 20),
        ("fives", "12346", 0),
        ("fives", "51236", 5),
        ("fives", "55123", 10),
        ("fives", "55512", 15),
        ("fives", "55552", 20),
        ("fives", "55555", 25),
        ("sixes", "12345", 0),
        ("sixes", "61234", 6),
        ("sixes", "66123", 12),
        ("sixes", "66612", 18),
        ("sixes", "66662", 24),
        ("sixes", "66666", 30),
    ],
)
def test_number_boxes_score_face_times_count(
    ruleset: str, category: str, roll: str, expected: int
) -> None:
    assert box_score(ruleset, category, roll) == expected


@pytest.mark.parametrize("ruleset", FIVE_DICE)
@pytest.mark.parametrize(
    ("roll", "expected"),
    [("12345", 15), ("53142", 15), ("23456", 20), ("64253", 20)],
)
def test_straights_score_15_small_and_20_large_in_any_order(
    ruleset: str, roll: str, expected: int
) -> None:
    assert box_score(ruleset, "straight", roll) == expected


@pytest.mark.parametrize("ruleset", FIVE_DICE)
@pytest.mark.parametrize("roll", ["12346", "13456", "12344", "22345", "11111", "66666"])
def test_anything_but_a_straight_scores_zero_in_straight(ruleset: str, roll: str) -> None:
    assert box_score(ruleset, "straight", roll) == 0


@pytest.mark.parametrize("ruleset", FIVE_DICE)
@pytest.mark.parametrize(
    ("roll", "expected"),
    [("33322", 13), ("32323", 13), ("11122", 7), ("22211", 8), ("66655", 28), ("55566", 27)],
)
def test_full_house_scores_the_sum_of_the_dice(ruleset: str, roll: str, expected: int) -> None:
    assert box_score(ruleset, "full_house", roll) == expected


@pytest.mark.parametrize("ruleset", FIVE_DICE)
@pytest.mark.parametrize("roll", ["33332", "33321", "33221", "12345"])
def test_anything_but_three_and_two_scores_zero_in_full_house(ruleset: str, roll: str) -> None:
    assert box_score(ruleset, "full_house", roll) == 0


@pytest.mark.parametrize("ruleset", FIVE_DICE)
@pytest.mark.parametrize("roll", ["11111", "33333", "66666"])
def test_five_of_a_kind_is_neither_a_full_house_nor_a_straight(ruleset: str, roll: str) -> None:
    assert box_score(ruleset, "full_house", roll) == 0
    assert box_score(ruleset, "straight", roll) == 0


@pytest.mark.parametrize("ruleset", FIVE_DICE)
@pytest.mark.parametrize(
    ("roll", "expected"),
    [("11111", 5), ("12345", 15), ("64311", 15), ("66665", 29), ("66666", 30)],
)
def test_choice_scores_the_sum_of_the_dice(ruleset: str, roll: str, expected: int) -> None:
    assert box_score(ruleset, "choice", roll) == expected


@pytest.mark.parametrize("ruleset", ["balut", "jackpot"])
@pytest.mark.parametrize(
    ("roll", "expected"),
    [("11111", 25), ("33333", 35), ("55555", 45), ("66666", 50)],
)
def test_balut_box_scores_twenty_plus_the_sum(ruleset: str, roll: str, expected: int) -> None:
    assert box_score(ruleset, "balut", roll) == expected


@pytest.mark.parametrize("roll", ["11111", "33333", "66666"])
def test_bar_balut_box_scores_a_flat_thirty(roll: str) -> None:
    assert box_score("bar", "balut", roll) == 30


@pytest.mark.parametrize("ruleset", FIVE_DICE)
def test_scratched_fours_scores_zero(ruleset: str) -> None:
    assert box_score(ruleset, "fours", "12356") == 0


@pytest.mark.parametrize("ruleset", FIVE_DICE)
def test_scratched_fives_scores_zero(ruleset: str) -> None:
    assert box_score(ruleset, "fives", "66666") == 0


@pytest.mark.parametrize("ruleset", FIVE_DICE)
def test_scratched_sixes_scores_zero(ruleset: str) -> None:
    assert box_score(ruleset, "sixes", "55555") == 0


@pytest.mark.parametrize("ruleset", FIVE_DICE)
def test_scratched_straight_scores_zero(ruleset: str) -> None:
    assert box_score(ruleset, "straight", "12356") == 0


@pytest.mark.parametrize("ruleset", FIVE_DICE)
def test_scratched_full_house_scores_zero(ruleset: str) -> None:
    assert box_score(ruleset, "full_house", "44445") == 0


@pytest.mark.parametrize("ruleset", FIVE_DICE)
def test_scratched_balut_scores_zero(ruleset: str) -> None:
    assert box_score(ruleset, "balut", "66665") == 0


@pytest.mark.parametrize("ruleset", FIVE_DICE)
def test_choice_can_never_be_scratched(ruleset: str) -> None:
    """Five dice sum to at least 5, so choice has no 0."""
    assert min(FIVE_DICE_RULES[ruleset].possible_scores("choice")) == 5


@pytest.mark.parametrize("roll", ["11123", "22213", "33312"])
def test_bar_low_faces_count_only_outside_the_number_boxes(roll: str) -> None:
    """1s, 2s and 3s score nothing in fours, fives or sixes but count in choice."""
    assert [box_score("bar", category, roll) for category in ("fours", "fives", "sixes")] == [
        0,
        0,
        0,
    ]
    assert box_score("bar", "choice", roll) == sum(dice(roll))


@pytest.mark.parametrize("ruleset", FIVE_DICE)
def test_any_throw_may_fill_any_open_box_and_a_misfit_is_a_scratch(ruleset: str) -> None:
    game = play_turns(ruleset, ("Ann", "Ben"), [("fours", "66666")])
    ann = game.sheets[0]
    assert [filled.score for filled in ann.boxes["fours"]] == [0]
    assert ann.filled_count() == 1


@pytest.mark.parametrize("ruleset", FIVE_DICE)
@pytest.mark.parametrize(
    ("category", "expected"),
    [
        ("fours", {0, 4, 8, 12, 16, 20}),
        ("fives", {0, 5, 10, 15, 20, 25}),
        ("sixes", {0, 6, 12, 18, 24, 30}),
        ("straight", {0, 15, 20}),
        (
            "full_house",
            {0, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26, 27, 28},
        ),
        ("choice", set(range(5, 31))),
    ],
)
def test_possible_scores_of_each_category(ruleset: str, category: str, expected: set[int]) -> None:
    assert FIVE_DICE_RULES[ruleset].possible_scores(category) == expected


@pytest.mark.parametrize("ruleset", ["balut", "jackpot"])
def test_possible_balut_scores_are_zero_or_twenty_plus_five_times_a_face(ruleset: str) -> None:
    assert FIVE_DICE_RULES[ruleset].possible_scores("balut") == {0, 25, 30, 35, 40, 45, 50}


def test_possible_bar_balut_scores_are_zero_or_thirty() -> None:
    assert FIVE_DICE_RULES["bar"].possible_scores("balut") == {0, 30}


@pytest.mark.parametrize(("ruleset", "expected"), [("balut", 28), ("jackpot", 34), ("bar", 7)])
def test_turns_per_player(ruleset: str, expected: int) -> None:
    assert FIVE_DICE_RULES[ruleset].turns_per_player == expected
