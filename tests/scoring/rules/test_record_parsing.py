"""Reading game records (docs/game-record.md): a bad record is an InvalidRecord, never a crash."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scoring.rules import InvalidRecord, parse_record, record_to_json, score_record
from tests import golden

Record = dict[str, Any]
Turn = dict[str, Any]

BAR_DICE = {
    "fours": [4, 4, 4, 1, 2],
    "fives": [5, 5, 1, 2, 3],
    "sixes": [6, 6, 6, 1, 2],
    "straight": [1, 2, 3, 4, 5],
    "full_house": [2, 2, 3, 3, 3],
    "choice": [6, 5, 4, 3, 2],
    "balut": [1, 1, 1, 1, 1],
}


def five_dice_record(ruleset: str = "balut", **extra: Any) -> Record:
    """Ann and Ben, three turns played (Ann's second at index 2)."""
    turns = [
        {"player": "Ann", "box": "fours", "dice": [4, 4, 4, 1, 2]},
        {"player": "Ben", "box": "straight", "dice": [1, 2, 3, 4, 5]},
        {"player": "Ann", "box": "choice", "dice": [6, 6, 5, 4, 3]},
    ]
    return {"ruleset": ruleset, "players": ["Ann", "Ben"], "turns": turns, **extra}


def complete_bar_record() -> Record:
    """A whole bar game of two; both fill the same box with the same dice, so Ann always starts."""
    turns = [
        {"player": player, "box": box, "dice": dice}
        for box, dice in BAR_DICE.items()
        for player in ("Ann", "Ben")
    ]
    return {"ruleset": "bar", "players": ["Ann", "Ben"], "turns": turns}


def barbut_record(**extra: Any) -> Record:
    turns = [
        {"player": "Ann", "throws": [{"dice": [1, 5, 3, 2], "keep": [1, 5]}]},
        {"player": "Ben", "throws": [{"dice": [2, 3, 4, 6], "keep": []}]},
        {"player": "Ann", "throws": [{"dice": [1, 2, 3, 4], "keep": [1, 2, 3, 4]}]},
    ]
    return {"ruleset": "barbut4", "players": ["Ann", "Ben"], "turns": turns, **extra}


def changed(record: Record, **values: Any) -> Record:
    return {**copy.deepcopy(record), **values}


def without(record: Record, key: str) -> Record:
    record = copy.deepcopy(record)
    del record[key]
    return record


def with_turn_2(record: Record, spoil: Callable[[Turn], Any]) -> Record:
    """The record with its turn at index 2 spoiled."""
    record = copy.deepcopy(record)
    record["turns"][2] = spoil(record["turns"][2])
    return record


def refused(record: object) -> InvalidRecord:
    """The InvalidRecord the record is refused with; any other exception fails the test."""
    with pytest.raises(InvalidRecord) as error:
        score_record(record)
    return error.value


def scores(record: Record) -> list[tuple[str, int, int | None, int]]:
    scored = score_record(record)
    return [(p.name, p.score, p.total_points, p.rank) for p in scored.players]


# The record as a whole


@pytest.mark.parametrize("document", [[], "balut", 3, None, [five_dice_record()]])
def test_a_record_that_is_not_an_object_is_invalid(document: object) -> None:
    assert refused(document).turn is None


@pytest.mark.parametrize("key", ["ruleset", "players", "turns"])
def test_a_record_missing_a_required_key_is_invalid(key: str) -> None:
    assert refused(without(five_dice_record(), key)).turn is None


@pytest.mark.parametrize("ruleset", ["yahtzee", "Balut", "", 4, None, ["balut"]])
def test_an_unknown_ruleset_is_invalid(ruleset: object) -> None:
    refused(changed(five_dice_record(), ruleset=ruleset))


@pytest.mark.parametrize("count", [0, 1, 9])
def test_a_game_of_other_than_two_to_eight_players_is_invalid(count: int) -> None:
    names = ["Ann", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"][:count]
    refused(changed(five_dice_record(), players=names, turns=[]))


def test_eight_players_are_accepted() -> None:
    names = ["Ann", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
    assert len(score_record(changed(five_dice_record(), players=names, turns=[])).players) == 8


def test_two_players_of_the_same_name_are_invalid() -> None:
    refused(changed(five_dice_record(), players=["Ann", "Ann"], turns=[]))


@pytest.mark.parametrize("players", [["Ann", 2], ["Ann", None], ["Ann", ["Ben"]], "AnnBen"])
def test_player_names_that_are_not_strings_are_invalid(players: object) -> None:
    refused(changed(five_dice_record(), players=players, turns=[]))


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"thresholds": "sometimes"},
        {"jackpot_bonus": "doubled"},
        {"guess_points": -1},
        {"guess_points": 1.5},
        {"guess_points": True},
        {"guess_points": "2"},
        "at_least",
    ],
)
def test_an_unknown_option_or_option_value_is_invalid(options: object) -> None:
    refused(five_dice_record(options=options))


@pytest.mark.parametrize("friendly", ["yes", 1, 0])
def test_friendly_that_is_not_true_or_false_is_invalid(friendly: object) -> None:
    refused(five_dice_record(friendly=friendly))


@pytest.mark.parametrize("key", ["options", "friendly", "guesses"])
def test_an_optional_key_given_as_null_reads_as_absent(key: str) -> None:
    record = five_dice_record()
    record[key] = None

    as_null = score_record(record)

    assert as_null == score_record(five_dice_record())


@pytest.mark.parametrize(
    "guesses", [{"Zed": 2}, {"Ann": 1.5}, {"Ann": "2"}, {"Ann": True}, {"Ann": -1}, [2, 3]]
)
def test_guesses_naming_a_stranger_or_not_whole_numbers_are_invalid(guesses: object) -> None:
    refused(five_dice_record(guesses=guesses))


@pytest.mark.parametrize("turns", [{"0": {}}, "none", None])
def test_turns_that_are_not_a_list_are_invalid(turns: object) -> None:
    refused(changed(five_dice_record(), turns=turns))


# A turn at fault is named by its index

FIVE_DICE_SPOILS: dict[str, Callable[[Turn], Any]] = {
    "turn_not_an_object": lambda turn: ["Ann", "choice", [6, 6, 5, 4, 3]],
    "unknown_player": lambda turn: {**turn, "player": "Zed"},
    "player_missing": lambda turn: {k: v for k, v in turn.items() if k != "player"},
    "box_missing": lambda turn: {k: v for k, v in turn.items() if k != "box"},
    "unknown_box": lambda turn: {**turn, "box": "yahtzee"},
    "neither_dice_nor_score": lambda turn: {"player": "Ann", "box": "choice"},
    "four_dice": lambda turn: {**turn, "dice": [6, 6, 5, 4]},
    "six_dice": lambda turn: {**turn, "dice": [6, 6, 5, 4, 3, 3]},
    "face_0": lambda turn: {**turn, "dice": [6, 6, 5, 4, 0]},
    "face_7": lambda turn: {**turn, "dice": [6, 6, 5, 4, 7]},
    "face_4.0": lambda turn: {**turn, "dice": [6, 6, 5, 4.0, 3]},
    "face_true": lambda turn: {**turn, "dice": [6, 6, 5, True, 3]},
    "dice_not_a_list": lambda turn: {**turn, "dice": "66543"},
    "score_string": lambda turn: {"player": "Ann", "box": "choice", "score": "24"},
    "score_float": lambda turn: {"player": "Ann", "box": "choice", "score": 24.0},
    "score_bool": lambda turn: {"player": "Ann", "box": "fours", "score": False},
    "score_impossible": lambda turn: {"player": "Ann", "box": "choice", "score": 31},
    "strike_not_a_bool": lambda turn: {**turn, "strike": "yes"},
    "throws_not_a_list": lambda turn: {**turn, "throws": {"dice": [6, 6, 5, 4, 3]}},
    "throws_empty": lambda turn: {**turn, "throws": []},
    "throw_not_an_object": lambda turn: {**turn, "throws": [[6, 6, 5, 4, 3]]},
    "throw_neither_dice_nor_cocked": lambda turn: {**turn, "throws": [{}]},
    "throw_not_cocked_without_dice": lambda turn: {**turn, "throws": [{"cocked": False}]},
    "cocked_not_a_bool": lambda turn: {**turn, "throws": [{"cocked": "yes"}]},
    "throw_face_7": lambda turn: {**turn, "throws": [{"dice": [6, 6, 5, 4, 7]}]},
    "throw_of_no_dice": lambda turn: {**turn, "throws": [{"dice": [6, 6, 5, 4, 3]}, {"dice": []}]},
    "throw_of_six_dice": lambda turn: {**turn, "throws": [{"dice": [6, 6, 5, 4, 3, 3]}]},
    "first_throw_not_five_dice": lambda turn: {**turn, "throws": [{"dice": [6, 6, 5]}]},
    "four_valid_throws": lambda turn: {**turn, "throws": [{"dice": [6, 6, 5, 4, 3]}] * 4},
    "only_cocked_throws": lambda turn: {**turn, "throws": [{"cocked": True}]},
    "final_dice_miss_last_throw": lambda turn: {**turn, "throws": [{"dice": [1, 1, 1, 1, 1]}]},
}


@pytest.mark.parametrize("spoil", FIVE_DICE_SPOILS)
def test_a_bad_five_dice_turn_is_invalid_and_named_by_its_index(spoil: str) -> None:
    error = refused(with_turn_2(five_dice_record(), FIVE_DICE_SPOILS[spoil]))
    assert error.turn == 2
    assert str(error).startswith("turn 2")


def ann_throws(throws: object) -> Callable[[Turn], Turn]:
    """A spoil: the turn becomes Ann's, with these throws."""
    return lambda turn: {"player": "Ann", "throws": throws}


BARBUT_SPOILS: dict[str, Callable[[Turn], Any]] = {
    "turn_not_an_object": lambda turn: "Ann 1234",
    "unknown_player": lambda turn: {**turn, "player": "Zed"},
    "no_throws": lambda turn: {"player": "Ann"},
    "throws_empty": ann_throws([]),
    "throws_not_a_list": ann_throws({"dice": [1, 2, 3, 4]}),
    "throw_not_an_object": ann_throws([[1, 2, 3, 4]]),
    "throw_without_dice": ann_throws([{"keep": [1]}]),
    "face_7": ann_throws([{"dice": [1, 2, 3, 7], "keep": [1]}]),
    "face_0": ann_throws([{"dice": [1, 2, 3, 0], "keep": [1]}]),
    "face_1.0": ann_throws([{"dice": [1.0, 2, 3, 6], "keep": [1]}]),
    "face_true": ann_throws([{"dice": [True, 2, 3, 6], "keep": [True]}]),
    "keep_not_a_list": ann_throws([{"dice": [1, 2, 3, 6], "keep": 1}]),
    "keep_not_in_dice": ann_throws([{"dice": [1, 2, 3, 6], "keep": [5]}]),
    "keep_more_ones_than_thrown": ann_throws([{"dice": [1, 2, 3, 6], "keep": [1, 1]}]),
    "keep_a_non_scoring_die": ann_throws([{"dice": [1, 2, 3, 6], "keep": [1, 2]}]),
    "three_dice_first": ann_throws([{"dice": [1, 2, 3], "keep": [1]}]),
    "throw_after_bust": ann_throws([{"dice": [2, 3, 4, 6]}, {"dice": [1, 2, 3, 6], "keep": [1]}]),
    "bust_keeping_dice": ann_throws([{"dice": [2, 3, 4, 6], "keep": [6]}]),
}


@pytest.mark.parametrize("spoil", BARBUT_SPOILS)
def test_a_bad_barbut_turn_is_invalid_and_named_by_its_index(spoil: str) -> None:
    error = refused(with_turn_2(barbut_record(), BARBUT_SPOILS[spoil]))
    assert error.turn == 2
    assert str(error).startswith("turn 2")


def test_a_turn_out_of_order_is_invalid_and_named_by_its_index() -> None:
    error = refused(with_turn_2(five_dice_record(), lambda turn: {**turn, "player": "Ben"}))
    assert error.turn == 2


# Edge rulings


def test_keys_the_format_does_not_name_are_ignored() -> None:
    plain = five_dice_record(guesses={"Ann": 0})
    noisy = copy.deepcopy(plain)
    noisy["exported_at"] = "2024-05-01T20:15:00"
    noisy["turns"][0]["seconds"] = 41
    noisy["turns"][1]["throws"] = [{"dice": [1, 2, 3, 4, 5], "ms": 1200}]
    assert score_record(noisy) == score_record(plain)


def test_unknown_keys_in_barbut_throws_are_ignored() -> None:
    noisy = barbut_record()
    noisy["turns"][0]["throws"][0]["note"] = "lucky"
    assert score_record(noisy) == score_record(barbut_record())


def test_guess_points_in_bar_are_accepted_and_change_nothing() -> None:
    plain = complete_bar_record()
    with_points = changed(plain, options={"guess_points": 5}, guesses={"Ann": 2, "Ben": 0})
    assert scores(with_points) == scores(plain) == [("Ann", 118, None, 1), ("Ben", 118, None, 1)]


def test_guesses_in_barbut_are_accepted_and_change_nothing() -> None:
    with_guesses = barbut_record(guesses={"Ann": 1}, options={"guess_points": 3})
    assert score_record(with_guesses).guess_winners == ()
    assert (
        scores(with_guesses)
        == scores(barbut_record())
        == [
            ("Ann", 350, None, 1),
            ("Ben", 0, None, 2),
        ]
    )


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar", "barbut4"])
def test_an_empty_turns_list_is_a_game_not_yet_begun(ruleset: str) -> None:
    scored = score_record({"ruleset": ruleset, "players": ["Ann", "Ben"], "turns": []})
    assert not scored.complete
    assert [player.score for player in scored.players] == [0, 0]


def test_a_complete_bar_record_is_complete() -> None:
    assert score_record(complete_bar_record()).complete


def test_a_turn_after_every_box_is_filled_is_invalid() -> None:
    record = complete_bar_record()
    record["turns"].append({"player": "Ann", "box": "choice", "dice": [6, 6, 6, 6, 6]})
    error = refused(record)
    assert error.turn == 14
    assert "already over" in str(error)


def test_a_paper_score_with_throws_skips_the_final_dice_check() -> None:
    paper = {"player": "Ann", "box": "choice", "score": 24, "throws": [{"dice": [1, 1, 1, 1, 1]}]}
    record = with_turn_2(five_dice_record(), lambda turn: paper)
    assert score_record(record).player("Ann").score == 12 + 24


# Export and import


def test_the_golden_records_hold_games_to_round_trip() -> None:
    assert len(golden.valid_paths()) >= 4


@pytest.mark.parametrize("path", golden.valid_paths(), ids=lambda path: path.stem)
def test_an_exported_record_reads_back_as_the_same_game(path: Path) -> None:
    original = json.loads(path.read_text())
    record = parse_record(original)
    exported = json.loads(json.dumps(record_to_json(record.setup, record.turns)))
    again = parse_record(exported)
    assert again.turns == record.turns
    assert again.setup == record.setup
    assert score_record(exported) == score_record(original)


@pytest.mark.parametrize("path", golden.invalid_paths(), ids=lambda p: p.stem)
def test_the_invalid_golden_records_are_refused(path: Path) -> None:
    refused(json.loads(path.read_text()))
