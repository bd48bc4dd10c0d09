"""Jackpot Balut: claiming and striking jackpot boxes, and what they do to the points."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scoring.rules import FilledBox, TurnNotAllowed
from scoring.rules.points import Points
from tests.scoring.rules.helpers import (
    Entry,
    Spec,
    ann_against_ben,
    full_sheet,
    play_sheets,
    play_turns,
)

BEN = full_sheet("jackpot")


def first_turn(box: str, spec: Spec) -> FilledBox:
    """Ann's first turn of a jackpot game, every regular box still open."""
    game = play_turns("jackpot", ("Ann", "Ben"), [(box, spec)])
    (filled,) = game.sheets[0].boxes[box]
    return filled


def jackpot_points(
    options: dict[str, object] | None = None, /, **ann_boxes: Spec | Sequence[Spec]
) -> Points:
    points = ann_against_ben("jackpot", options, **ann_boxes).player("Ann").points
    assert points is not None
    return points


def category_with_bonus(points: Points, category: str) -> int:
    return points.category[category] + points.jackpot_bonus.get(category, 0)


@pytest.mark.parametrize(
    ("box", "roll", "expected"),
    [
        ("fours_jackpot", "44441", 16),
        ("fours_jackpot", "44444", 20),
        ("fives_jackpot", "55552", 20),
        ("fives_jackpot", "55555", 25),
        ("sixes_jackpot", "66663", 24),
        ("sixes_jackpot", "66666", 30),
        ("straight_jackpot", "23456", 20),
        ("full_house_jackpot", "66622", 22),
        ("full_house_jackpot", "44455", 22),
        ("full_house_jackpot", "66655", 28),
        ("choice_jackpot", "66661", 25),
        ("choice_jackpot", "66666", 30),
    ],
)
def test_qualifying_throw_claims_the_jackpot(box: str, roll: str, expected: int) -> None:
    filled = first_turn(box, roll)
    assert (filled.score, filled.claimed) == (expected, True)


@pytest.mark.parametrize(
    ("box", "roll"),
    [
        ("fours_jackpot", "44412"),
        ("fives_jackpot", "55512"),
        ("sixes_jackpot", "66612"),
        ("straight_jackpot", "12345"),
        ("full_house_jackpot", "55533"),
        ("full_house_jackpot", "55555"),
        ("full_house_jackpot", "66665"),
        ("choice_jackpot", "66651"),
    ],
)
def test_throw_that_does_not_qualify_strikes_the_jackpot(box: str, roll: str) -> None:
    """Three 4s, a small straight, a 21 full house, five of a kind, a 24 choice: all struck."""
    filled = first_turn(box, roll)
    assert (filled.score, filled.claimed) == (0, False)


def test_jackpot_claimed_while_the_last_regular_box_is_open() -> None:
    game = play_sheets(
        "jackpot",
        {"Ann": [("fours", "44412")] * 3 + [("fours_jackpot", "44441")], "Ben": BEN},
    )
    jackpot = game.sheets[0].jackpot("fours")
    assert jackpot is not None and (jackpot.score, jackpot.claimed) == (16, True)


def test_jackpot_is_struck_once_all_four_regular_boxes_are_filled() -> None:
    game = play_sheets(
        "jackpot",
        {"Ann": [("fours", "44412")] * 4 + [("fours_jackpot", "44444")], "Ben": BEN},
    )
    jackpot = game.sheets[0].jackpot("fours")
    assert jackpot is not None and (jackpot.score, jackpot.claimed) == (0, False)


def test_qualifying_throw_may_be_struck_on_purpose() -> None:
    filled = first_turn("sixes_jackpot", Entry(dice="66666", strike=True))
    assert (filled.score, filled.claimed) == (0, False)


def test_paper_strike_scores_zero() -> None:
    filled = first_turn("straight_jackpot", Entry(score=0, strike=True))
    assert (filled.score, filled.claimed) == (0, False)


@pytest.mark.parametrize(
    ("box", "expected"),
    [
        ("fours_jackpot", {0, 16, 20}),
        ("fives_jackpot", {0, 20, 25}),
        ("sixes_jackpot", {0, 24, 30}),
        ("straight_jackpot", {0, 20}),
        ("full_house_jackpot", {0, 22, 23, 24, 26, 27, 28}),
        ("choice_jackpot", {0, 25, 26, 27, 28, 29, 30}),
    ],
)
def test_paper_scores_of_a_jackpot_box_are_zero_or_a_qualifying_score(
    box: str, expected: set[int]
) -> None:
    game = play_turns("jackpot", ("Ann", "Ben"), [])
    assert game.possible_paper_scores(0, box) == expected


@pytest.mark.parametrize(
    ("box", "score"),
    [
        ("fours_jackpot", 16),
        ("straight_jackpot", 20),
        ("full_house_jackpot", 22),
        ("choice_jackpot", 30),
    ],
)
def test_paper_claim_is_recorded_as_claimed(box: str, score: int) -> None:
    filled = first_turn(box, score)
    assert (filled.score, filled.claimed) == (score, True)


@pytest.mark.parametrize(
    ("box", "score"),
    [
        ("fours_jackpot", 12),
        ("fives_jackpot", 15),
        ("sixes_jackpot", 18),
        ("straight_jackpot", 15),
        ("full_house_jackpot", 21),
        ("full_house_jackpot", 25),
        ("choice_jackpot", 24),
    ],
)
def test_paper_score_below_a_jackpot_is_refused(box: str, score: int) -> None:
    with pytest.raises(TurnNotAllowed, match="cannot score"):
        first_turn(box, score)


def test_paper_jackpot_claim_once_regular_boxes_are_full_is_refused() -> None:
    ann = [("fives", 25)] * 4 + [("fives_jackpot", 25)]
    with pytest.raises(TurnNotAllowed, match="Fives jackpot cannot score 25"):
        play_sheets("jackpot", {"Ann": ann, "Ben": BEN})


def test_paper_strike_once_regular_boxes_are_full_is_accepted() -> None:
    ann = [("fives", 25)] * 4 + [("fives_jackpot", 0)]
    game = play_sheets("jackpot", {"Ann": ann, "Ben": BEN})
    assert game.possible_paper_scores(0, "fives_jackpot") == {0}
    assert game.sheets[0].jackpot("fives") == FilledBox("fives_jackpot", 0, claimed=False)


def test_category_total_leaves_out_the_jackpot_but_the_total_counts_it() -> None:
    """Fours 16+16+16+0 = 48 against 52; T = 48 + jackpot 20 + choice 20 = 88."""
    ann = ann_against_ben("jackpot", fours=[16, 16, 16, 0], fours_jackpot="44444").player("Ann")
    assert ann.category_totals["fours"] == 48
    assert ann.boxes["fours_jackpot"] == [20]
    assert ann.score == 88
    assert ann.points is not None and ann.points.jackpot_bonus == {"fours": -4}


@pytest.mark.parametrize(
    ("baluts", "expected"),
    [([], 0), ([25], 3), ([25, 50], 8), ([25, 30, 35], 13), ([25, 30, 35, 50], 18)],
)
def test_balut_points_are_three_then_five_for_each_further_balut(
    baluts: list[Spec], expected: int
) -> None:
    assert jackpot_points(balut=baluts).category["balut"] == expected


def test_fives_jackpot_claimed_with_threshold_met_adds_four() -> None:
    """Regular fives 65: 2 + 4 = 6."""
    points = jackpot_points(fives=[20, 20, 20, 5], fives_jackpot="55552")
    assert (points.category["fives"], points.jackpot_bonus["fives"]) == (2, 4)
    assert category_with_bonus(points, "fives") == 6


def test_fives_jackpot_claimed_with_threshold_missed_subtracts_four() -> None:
    """Regular fives 60: 0 - 4 = -4."""
    points = jackpot_points(fives=[20, 20, 15, 5], fives_jackpot="55552")
    assert (points.category["fives"], points.jackpot_bonus["fives"]) == (0, -4)
    assert category_with_bonus(points, "fives") == -4


def test_fives_jackpot_bonus_replaces_the_regular_points_when_met() -> None:
    """Regular fives 65 under `replaces`: 4 instead of 2."""
    points = jackpot_points(
        {"jackpot_bonus": "replaces"}, fives=[20, 20, 20, 5], fives_jackpot="55552"
    )
    assert category_with_bonus(points, "fives") == 4


def test_fives_jackpot_bonus_replaces_gives_minus_four_when_missed() -> None:
    points = jackpot_points(
        {"jackpot_bonus": "replaces"}, fives=[20, 20, 15, 5], fives_jackpot="55552"
    )
    assert category_with_bonus(points, "fives") == -4


def test_fives_jackpot_with_exactly_65_under_more_than_subtracts_four() -> None:
    points = jackpot_points(
        {"thresholds": "more_than"}, fives=[20, 20, 20, 5], fives_jackpot="55552"
    )
    assert category_with_bonus(points, "fives") == -4


@pytest.mark.parametrize(
    ("category", "met", "missed", "jackpot", "regular", "bonus"),
    [
        ("fours", [16, 16, 16, 4], [16, 16, 16, 0], "44441", 2, 4),
        ("fives", [20, 20, 20, 5], [20, 20, 20, 0], "55552", 2, 4),
        ("sixes", [24, 24, 24, 6], [24, 24, 24, 0], "66663", 2, 4),
        ("straight", [15, 15, 15, 15], [15, 15, 15, 0], "23456", 4, 8),
        ("full_house", [7, 7, 7, 7], [7, 7, 7, 0], "66622", 3, 6),
        ("choice", [25, 25, 25, 25], [25, 25, 25, 5], "66661", 2, 4),
    ],
)
@pytest.mark.parametrize("holds", [True, False])
def test_jackpot_bonus_of_each_category(
    holds: bool,
    category: str,
    met: list[Spec],
    missed: list[Spec],
    jackpot: str,
    regular: int,
    bonus: int,
) -> None:
    """Bonus 4, or 8 for straight and 6 for full house; added when met, taken when missed."""
    points = jackpot_points(**{category: met if holds else missed, f"{category}_jackpot": jackpot})
    assert points.jackpot_bonus[category] == (bonus if holds else -bonus)
    assert category_with_bonus(points, category) == (regular + bonus if holds else -bonus)


def test_struck_jackpot_brings_no_bonus_either_way() -> None:
    points = jackpot_points(fives=[20, 20, 20, 5], fives_jackpot="55512")
    assert points.jackpot_bonus == {}
    assert points.category["fives"] == 2


def test_jackpot_boxes_count_toward_score_points() -> None:
    """Regular boxes 280 + a 20 jackpot make T 300: -1, not -2."""
    ann = ann_against_ben(
        "jackpot", balut=[50, 50, 50, 50], choice=[30, 30, 10, 10], fives_jackpot="55552"
    ).player("Ann")
    assert ann.score == 300
    assert ann.points is not None and ann.points.score == -1
