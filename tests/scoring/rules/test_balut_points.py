"""Standard Balut points: category points, score points, ranking and guesses."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scoring.rules import FIVE_DICE_RULES, GameResult, score_record
from tests.scoring.rules.helpers import Spec, ann_against_ben, full_sheet, score_sheets

THRESHOLD_ROWS = [
    ("fours", [16, 16, 12, 4], 0, 0),
    ("fours", [16, 16, 16, 4], 2, 0),
    ("fours", [16, 16, 16, 8], 2, 2),
    ("fives", [20, 20, 15, 5], 0, 0),
    ("fives", [20, 20, 20, 5], 2, 0),
    ("fives", [20, 20, 20, 10], 2, 2),
    ("sixes", [24, 24, 18, 6], 0, 0),
    ("sixes", [24, 24, 24, 6], 2, 0),
    ("sixes", [24, 24, 24, 12], 2, 2),
    ("choice", [25, 25, 25, 24], 0, 0),
    ("choice", [25, 25, 25, 25], 2, 0),
    ("choice", [26, 25, 25, 25], 2, 2),
]
PERFECT_DICE = {
    "fours": "44444",
    "fives": "55555",
    "sixes": "66666",
    "straight": "23456",
    "full_house": "66655",
    "choice": "66666",
    "balut": "66666",
}
BEST_BOX = {
    "balut": 50,
    "full_house": 28,
    "sixes": 30,
    "fives": 25,
    "fours": 20,
    "straight": 20,
    "choice": 30,
}


def balut_against_ben(
    thresholds: str = "at_least", /, **ann_boxes: Spec | Sequence[Spec]
) -> GameResult:
    return ann_against_ben("balut", {"thresholds": thresholds}, **ann_boxes)


def paper_sheet_totalling(total: int) -> dict[str, list[Spec]]:
    """Box scores with T == total: the perfect sheet, lowered box by box, choice last."""
    deficit = sum(BEST_BOX.values()) * 4 - total
    boxes: dict[str, list[Spec]] = {}
    for category, best in BEST_BOX.items():
        possible = FIVE_DICE_RULES["balut"].possible_scores(category)
        boxes[category] = []
        for _ in range(4):
            score = min(value for value in possible if value >= best - deficit)
            deficit -= best - score
            boxes[category].append(score)
    assert deficit == 0
    return boxes


@pytest.mark.parametrize(("category", "scores", "at_least", "more_than"), THRESHOLD_ROWS)
@pytest.mark.parametrize("thresholds", ["at_least", "more_than"])
def test_threshold_category_points_at_and_around_the_threshold(
    thresholds: str, category: str, scores: list[Spec], at_least: int, more_than: int
) -> None:
    """52/65/78/100 earn 2 when reached (at_least) but only when passed (more_than)."""
    points = balut_against_ben(thresholds, **{category: scores}).player("Ann").points
    assert points is not None
    assert points.category[category] == (at_least if thresholds == "at_least" else more_than)


def test_four_non_zero_straights_earn_four_points() -> None:
    points = balut_against_ben(straight=[15, 20, 15, 20]).player("Ann").points
    assert points is not None and points.category["straight"] == 4


def test_three_straights_and_a_scratch_earn_no_straight_points() -> None:
    points = balut_against_ben(straight=[15, 20, 20, 0]).player("Ann").points
    assert points is not None and points.category["straight"] == 0


def test_four_non_zero_full_houses_earn_three_points() -> None:
    points = balut_against_ben(full_house=[7, 28, 13, 22]).player("Ann").points
    assert points is not None and points.category["full_house"] == 3


def test_three_full_houses_and_a_scratch_earn_no_full_house_points() -> None:
    points = balut_against_ben(full_house=[7, 28, 13, 0]).player("Ann").points
    assert points is not None and points.category["full_house"] == 0


@pytest.mark.parametrize(
    ("baluts", "expected"),
    [([], 0), ([25], 2), ([25, 50], 4), ([25, 30, 0, 50], 6), ([25, 30, 35, 50], 8)],
)
def test_each_non_zero_balut_box_earns_two_points(baluts: list[Spec], expected: int) -> None:
    points = balut_against_ben(balut=baluts).player("Ann").points
    assert points is not None and points.category["balut"] == expected


@pytest.mark.parametrize(
    ("total", "expected"),
    [
        (20, -2),
        (299, -2),
        (300, -1),
        (349, -1),
        (350, 0),
        (399, 0),
        (400, 1),
        (449, 1),
        (450, 2),
        (499, 2),
        (500, 3),
        (549, 3),
        (550, 4),
        (599, 4),
        (600, 5),
        (649, 5),
        (650, 6),
        (812, 6),
    ],
)
def test_score_points_band_boundaries(total: int, expected: int) -> None:
    ann = balut_against_ben(**paper_sheet_totalling(total)).player("Ann")
    assert ann.score == total
    assert ann.points is not None and ann.points.score == expected


def test_perfect_game_totals_812_for_the_maximum_29_points() -> None:
    """2+2+2 for the numbers, 4 straight, 3 full house, 2 choice, 4x2 baluts, 6 for T."""
    ann = balut_against_ben(**PERFECT_DICE).player("Ann")
    assert ann.score == 812
    assert ann.category_totals == {
        "fours": 80,
        "fives": 100,
        "sixes": 120,
        "straight": 80,
        "full_house": 112,
        "choice": 120,
        "balut": 200,
    }
    assert ann.points is not None
    assert ann.points.category == {
        "fours": 2,
        "fives": 2,
        "sixes": 2,
        "straight": 4,
        "full_house": 3,
        "choice": 2,
        "balut": 8,
    }
    assert ann.points.score == 6
    assert ann.total_points == 29


def test_the_lowest_sheet_scores_twenty_for_minus_two_points() -> None:
    ben = balut_against_ben().player("Ben")
    assert (ben.score, ben.total_points) == (20, -2)


def test_more_points_rank_above_a_higher_total() -> None:
    """Ann: fours 52, T 72, 2-2 = 0 points; Ben: sixes 60, T 80, -2 points."""
    game = score_sheets(
        "balut",
        {
            "Ann": full_sheet("balut", fours=[16, 16, 16, 4]),
            "Ben": full_sheet("balut", sixes=[30, 30, 0, 0]),
        },
    )
    assert [(p.name, p.score, p.total_points, p.rank) for p in game.players] == [
        ("Ann", 72, 0, 1),
        ("Ben", 80, -2, 2),
    ]


def test_level_points_are_ranked_by_total() -> None:
    """Both 0 points (fours met, T under 300); Ann's T 80 beats Ben's 72."""
    game = score_sheets(
        "balut",
        {
            "Ann": full_sheet("balut", fours=[20, 20, 20, 0]),
            "Ben": full_sheet("balut", fours=[16, 16, 16, 4]),
        },
    )
    assert [(p.name, p.score, p.total_points, p.rank) for p in game.players] == [
        ("Ann", 80, 0, 1),
        ("Ben", 72, 0, 2),
    ]


def test_players_level_on_points_and_total_share_the_place() -> None:
    game = score_sheets(
        "balut",
        {
            "Ann": full_sheet("balut", fours=[16, 16, 16, 4]),
            "Ben": full_sheet("balut", fours=[16, 16, 16, 4]),
            "Cy": full_sheet("balut"),
        },
    )
    assert [p.rank for p in game.players] == [1, 1, 3]
    assert game.winners == ("Ann", "Ben")


def test_the_winner_is_whoever_holds_first_place() -> None:
    game = score_sheets(
        "balut",
        {
            "Ann": full_sheet("balut", fours=[16, 16, 16, 4]),
            "Ben": full_sheet("balut", sixes=[30, 30, 0, 0]),
        },
    )
    assert game.winners == ("Ann",)


def guessing_game(ruleset: str, guess_points: int, *, complete: bool = True) -> GameResult:
    """Ann 2 baluts, Ben 1, Cy none: 3 in the game; Ann and Cy guessed 3, Ben 2."""
    sheets = {
        "Ann": full_sheet(ruleset, balut=[50, 50]),
        "Ben": full_sheet(ruleset, balut=[25]),
        "Cy": full_sheet(ruleset),
    }
    if not complete:
        sheets["Cy"] = sheets["Cy"][:-1]
    return score_sheets(
        ruleset,
        sheets,
        options={"guess_points": guess_points},
        guesses={"Ann": 3, "Ben": 2, "Cy": 3},
    )


@pytest.mark.parametrize("ruleset", ["balut", "jackpot"])
def test_exact_guessers_win_and_gain_guess_points(ruleset: str) -> None:
    game = guessing_game(ruleset, guess_points=5)
    assert game.baluts == 3
    assert game.guess_winners == ("Ann", "Cy")
    guess = {p.name: p.points.guess for p in game.players if p.points is not None}
    assert guess == {"Ann": 5, "Ben": 0, "Cy": 5}


def test_each_player_counts_only_their_balut_boxes_filled_with_a_balut() -> None:
    game = guessing_game("balut", guess_points=0)

    # Ann threw two Baluts and Ben one; Cy scratched every Balut box.
    assert [p.baluts for p in game.players] == [2, 1, 0]
    assert sum(p.baluts for p in game.players) == game.baluts


def test_guess_points_join_the_points_total() -> None:
    """Ann: 2 baluts 4, T 120 -2, guess 5: 7 points; Cy: -2 + 5 = 3."""
    game = guessing_game("balut", guess_points=5)
    assert [p.total_points for p in game.players] == [7, 0, 3]


def test_guess_points_default_to_zero() -> None:
    game = guessing_game("balut", guess_points=0)
    assert game.guess_winners == ("Ann", "Cy")
    assert [p.total_points for p in game.players] == [2, 0, -2]


def test_no_guess_winners_before_the_last_turn() -> None:
    game = guessing_game("balut", guess_points=5, complete=False)
    assert not game.complete
    assert game.baluts == 3
    assert game.guess_winners == ()
    assert all(p.points is not None and p.points.guess == 0 for p in game.players)


def test_incomplete_record_is_scored_as_it_stands() -> None:
    """Ann: fives 65 (2) and T 85 (-2) = 0; Ben: choice 100 (2), T 100 (-2) = 0; T ranks."""
    game = score_record(
        {
            "ruleset": "balut",
            "players": ["Ann", "Ben"],
            "turns": [
                {"player": "Ann", "box": "fives", "dice": [5, 5, 5, 5, 5]},
                {"player": "Ben", "box": "choice", "score": 30},
                {"player": "Ann", "box": "fives", "score": 25},
                {"player": "Ben", "box": "choice", "dice": [6, 6, 6, 6, 6]},
                {"player": "Ann", "box": "fives", "dice": [5, 5, 5, 1, 2]},
                {"player": "Ben", "box": "choice", "score": 30},
                {"player": "Ann", "box": "straight", "dice": [2, 3, 4, 5, 6]},
                {"player": "Ben", "box": "choice", "score": 10},
            ],
        }
    )
    assert not game.complete
    ann, ben = game.players
    assert ann.points is not None and ben.points is not None
    assert (ann.score, ann.points.category["fives"], ann.points.score) == (85, 2, -2)
    assert ann.points.category["straight"] == 0
    assert (ben.score, ben.points.category["choice"], ben.points.score) == (100, 2, -2)
    assert [(p.total_points, p.rank) for p in game.players] == [(0, 2), (0, 1)]


def test_incomplete_game_needs_all_four_straights_filled() -> None:
    """Three non-zero straights with the fourth still open earn nothing yet."""
    turns = []
    for _ in range(3):
        turns.append({"player": "Ann", "box": "straight", "dice": [1, 2, 3, 4, 5]})
        turns.append({"player": "Ben", "box": "straight", "dice": [6, 2, 3, 4, 5]})
    game = score_record({"ruleset": "balut", "players": ["Ann", "Ben"], "turns": turns})
    assert [p.points.category["straight"] for p in game.players if p.points] == [0, 0]


def test_record_thresholds_option_more_than_refuses_exactly_65() -> None:
    turns = [
        {"player": name, "box": "fives", "score": score}
        for score in (20, 20, 20, 5)
        for name in ("Ann", "Ben")
    ]
    record = {"ruleset": "balut", "players": ["Ann", "Ben"], "turns": turns}
    at_least = score_record(record)
    more_than = score_record({**record, "options": {"thresholds": "more_than"}})
    assert at_least.players[0].points is not None and more_than.players[0].points is not None
    assert at_least.players[0].points.category["fives"] == 2
    assert more_than.players[0].points.category["fives"] == 0
