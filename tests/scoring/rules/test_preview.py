"""The tablet's preview: what a throw would score in each open box of the player to throw."""

from __future__ import annotations

import random

import pytest

from scoring.rules import (
    FIVE_DICE_RULES,
    BoxPreview,
    all_rolls,
    dice_key,
    five_dice_preview_columns,
    five_dice_preview_table,
)
from tests.scoring.rules.helpers import PLAYERS, dice, full_sheet, play_sheets, play_turns


def outcomes(previews: list[BoxPreview]) -> dict[str, tuple[int, str]]:
    return {preview.box: (preview.score, preview.outcome) for preview in previews}


def test_preview_of_a_fresh_balut_sheet_lists_every_category() -> None:
    game = play_turns("balut", PLAYERS, [])
    previews = game.preview(dice("44412"))
    assert [preview.box for preview in previews] == [
        "fours",
        "fives",
        "sixes",
        "straight",
        "full_house",
        "choice",
        "balut",
    ]
    assert outcomes(previews) == {
        "fours": (12, "score"),
        "fives": (0, "scratch"),
        "sixes": (0, "scratch"),
        "straight": (0, "scratch"),
        "full_house": (0, "scratch"),
        "choice": (15, "score"),
        "balut": (0, "scratch"),
    }


def test_preview_labels_the_boxes() -> None:
    game = play_turns("jackpot", PLAYERS, [])
    labels = {preview.box: preview.label for preview in game.preview(dice("12345"))}
    assert labels["full_house"] == "Full house"
    assert labels["fours_jackpot"] == "Fours jackpot"


def test_preview_scores_the_bar_balut_at_thirty() -> None:
    game = play_turns("bar", PLAYERS, [])
    assert outcomes(game.preview(dice("11111")))["balut"] == (30, "score")


def test_preview_is_for_the_next_player_and_leaves_out_their_full_boxes() -> None:
    """Bar: Ann fills fours (12), Ben fives (10); Ann starts round 2."""
    game = play_turns("bar", PLAYERS, [("fours", "44412"), ("fives", "55123")])
    assert game.next_seat == 0
    assert "fours" not in outcomes(game.preview(dice("44444")))
    assert outcomes(game.preview(dice("44444")))["fives"] == (0, "scratch")
    assert "fives" not in outcomes(game.preview(dice("44444"), seat=1))


def test_balut_box_stays_in_the_preview_until_all_four_are_filled() -> None:
    three = play_sheets("balut", {"Ann": [("fours", 16)] * 3, "Ben": [("choice", 5)] * 3})
    four = play_sheets("balut", {"Ann": [("fours", 16)] * 4, "Ben": [("choice", 5)] * 4})
    assert "fours" in outcomes(three.preview(dice("44444")))
    assert "fours" not in outcomes(four.preview(dice("44444")))


def test_jackpot_preview_shows_claims_and_strikes() -> None:
    game = play_turns("jackpot", PLAYERS, [])
    assert outcomes(game.preview(dice("44441"))) == {
        "fours": (16, "score"),
        "fives": (0, "scratch"),
        "sixes": (0, "scratch"),
        "straight": (0, "scratch"),
        "full_house": (0, "scratch"),
        "choice": (17, "score"),
        "balut": (0, "scratch"),
        "fours_jackpot": (16, "claim"),
        "fives_jackpot": (0, "strike"),
        "sixes_jackpot": (0, "strike"),
        "straight_jackpot": (0, "strike"),
        "full_house_jackpot": (0, "strike"),
        "choice_jackpot": (0, "strike"),
    }


def test_jackpot_preview_strikes_once_the_regular_boxes_are_full() -> None:
    game = play_sheets("jackpot", {"Ann": [("fours", 16)] * 4, "Ben": [("choice", 5)] * 4})
    previews = outcomes(game.preview(dice("44444")))
    assert "fours" not in previews
    assert previews["fours_jackpot"] == (0, "strike")


def test_preview_after_the_game_is_over_is_empty() -> None:
    game = play_sheets("bar", {"Ann": full_sheet("bar"), "Ben": full_sheet("bar")})
    assert game.preview(dice("66666")) == []


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar"])
def test_preview_table_has_every_roll_of_five_dice(ruleset: str) -> None:
    table = play_turns(ruleset, PLAYERS, []).preview_table()
    assert len(table) == 252
    assert set(table) == {dice_key(roll) for roll in all_rolls(5)}
    assert "11111" in table and "66666" in table and "12345" in table


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar"])
def test_preview_table_agrees_with_preview(ruleset: str) -> None:
    game = play_turns(ruleset, PLAYERS, [("fours", "44412"), ("fives", "55123")])
    table = game.preview_table()
    for roll in all_rolls(5):
        assert table[dice_key(roll)] == {preview.box: preview for preview in game.preview(roll)}


def test_preview_table_golden_entries() -> None:
    table = play_turns("jackpot", PLAYERS, []).preview_table()
    assert (table["22666"]["full_house_jackpot"].score, table["22666"]["full_house"].score) == (
        22,
        22,
    )
    assert table["33555"]["full_house_jackpot"].outcome == "strike"
    assert table["23456"]["straight_jackpot"].outcome == "claim"
    assert table["11111"]["balut"].score == 25


def test_jackpot_preview_leaves_out_a_filled_jackpot_box() -> None:
    game = play_turns("jackpot", PLAYERS, [("fours_jackpot", "44441"), ("choice", "12345")])
    boxes = [preview.box for preview in game.preview(dice("44444"))]
    assert "fours_jackpot" not in boxes
    assert len(boxes) == 12


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar"])
def test_preview_columns_give_the_preview_of_every_set_of_open_boxes(ruleset: str) -> None:
    """The tablet offline looks each box up in its column; any open boxes give the same."""
    game_rules = FIVE_DICE_RULES[ruleset]
    columns = {column.box: column for column in five_dice_preview_columns(game_rules)}
    boxes = game_rules.box_keys
    assert list(columns) == list(boxes)
    chooser = random.Random(13)
    for _ in range(40):
        open_boxes = tuple(box for box in boxes if chooser.random() < 0.5) or boxes
        table = five_dice_preview_table(game_rules, open_boxes)
        for index, roll in enumerate(all_rolls(5)):
            looked_up = {}
            for box in open_boxes:
                column = columns[box]
                filled = column.depends_on is not None and column.depends_on not in open_boxes
                looked_up[box] = (column.when_filled if filled else column.when_open)[index]
            expected = table[dice_key(roll)]
            assert looked_up == {box: (p.score, p.outcome) for box, p in expected.items()}


def test_only_a_jackpot_column_depends_on_its_regular_box() -> None:
    columns = five_dice_preview_columns(FIVE_DICE_RULES["jackpot"])
    assert {c.box: c.depends_on for c in columns if c.depends_on} == {
        f"{category}_jackpot": category
        for category in ("fours", "fives", "sixes", "straight", "full_house", "choice")
    }
    fours = next(c for c in columns if c.box == "fours_jackpot")
    sixteen = all_rolls(5).index((2, 4, 4, 4, 4))
    assert fours.when_open[sixteen] == (16, "claim")
    assert fours.when_filled[sixteen] == (0, "strike")
