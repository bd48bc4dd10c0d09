"""Turns the engine must refuse, each with a message a club member can read."""

from __future__ import annotations

import pytest

from scoring.rules import FiveDiceTurn, InvalidRecord, Throw, TurnNotAllowed, score_record
from tests.scoring.rules.helpers import (
    PLAYERS,
    Entry,
    Move,
    Spec,
    full_sheet,
    make_turn,
    play_sheets,
    play_turns,
)


def refusal(ruleset: str, box: str, spec: Spec, before: list[Move] | None = None) -> str:
    """The message refusing `box`/`spec` from whoever's turn it is after `before`."""
    game = play_turns(ruleset, PLAYERS, before or [])
    assert game.next_seat is not None
    with pytest.raises(TurnNotAllowed) as refused:
        game.play(make_turn(game.next_seat, box, spec))
    return str(refused.value)


def accepted_score(ruleset: str, box: str, spec: Spec) -> int:
    game = play_turns(ruleset, PLAYERS, [(box, spec)])
    return game.sheets[0].boxes[box][0].score


def test_only_the_player_whose_turn_it_is_may_throw() -> None:
    game = play_turns("balut", PLAYERS, [])
    with pytest.raises(TurnNotAllowed, match="Ann's turn, not Ben's"):
        game.play(make_turn(1, "fours", "44444"))


def test_a_seat_without_a_player_is_refused() -> None:
    game = play_turns("balut", PLAYERS, [])
    with pytest.raises(TurnNotAllowed, match="seat 5"):
        game.play(make_turn(5, "fours", "44444"))


def test_turns_alternate_in_seating_order() -> None:
    game = play_turns("balut", ("Ann", "Ben", "Cy"), [("choice", 5)] * 4)
    assert [recorded.turn.seat for recorded in game.history] == [0, 1, 2, 0]
    assert game.next_seat == 1


def test_bar_box_already_full_is_refused() -> None:
    message = refusal("bar", "fours", "44444", [("fours", "44412"), ("fours", "44412")])
    assert "Ann" in message and "Fours" in message and "filled" in message


def test_fifth_fours_in_balut_is_refused() -> None:
    message = refusal("balut", "fours", "44444", [("fours", "44412")] * 8)
    assert "Fours" in message and "filled" in message


@pytest.mark.parametrize(
    ("ruleset", "box"),
    [("balut", "sevens"), ("balut", "fours_jackpot"), ("jackpot", "balut_jackpot"), ("bar", "")],
)
def test_unknown_box_is_refused(ruleset: str, box: str) -> None:
    message = refusal(ruleset, box, "44444")
    assert "not a box" in message and "fours" in message


def test_strike_on_a_regular_box_is_refused() -> None:
    message = refusal("jackpot", "fours", Entry(dice="44444", strike=True))
    assert "only a jackpot box can be struck" in message


def test_paper_strike_with_a_score_is_refused() -> None:
    message = refusal("jackpot", "fours_jackpot", Entry(score=16, strike=True))
    assert "struck" in message and "0" in message


def test_turn_with_both_dice_and_score_is_refused() -> None:
    message = refusal("balut", "fours", Entry(dice="44444", score=20))
    assert "either" in message and "dice" in message and "score" in message


def test_turn_with_neither_dice_nor_score_is_refused() -> None:
    message = refusal("balut", "fours", Entry())
    assert "dice" in message and "score" in message


def test_final_dice_must_be_five() -> None:
    assert "5 dice" in refusal("balut", "fours", "4444")


@pytest.mark.parametrize(
    ("ruleset", "box", "score"),
    [
        ("balut", "fours", 13),
        ("balut", "fives", 21),
        ("balut", "sixes", 32),
        ("balut", "straight", 16),
        ("balut", "full_house", 29),
        ("balut", "full_house", 10),
        ("balut", "full_house", 25),
        ("balut", "choice", 0),
        ("balut", "choice", 31),
        ("balut", "balut", 30 + 1),
        ("jackpot", "balut", 20),
        ("bar", "balut", 25),
        ("bar", "fours", -4),
    ],
)
def test_paper_score_the_box_cannot_make_is_refused(ruleset: str, box: str, score: int) -> None:
    assert f"cannot score {score}" in refusal(ruleset, box, score)


@pytest.mark.parametrize(
    ("ruleset", "box", "score"),
    [
        ("balut", "fours", 16),
        ("balut", "straight", 15),
        ("balut", "full_house", 28),
        ("balut", "balut", 25),
        ("bar", "balut", 30),
        ("bar", "choice", 5),
    ],
)
def test_paper_score_the_box_can_make_is_accepted(ruleset: str, box: str, score: int) -> None:
    assert accepted_score(ruleset, box, score) == score


@pytest.mark.parametrize(
    ("throws", "dice"),
    [
        ("12366", "12366"),
        ("12346 46 6", "12366"),
        ("x 12346 x x 46 6", "12366"),
        ("12346 66 x", "12366"),
    ],
)
def test_throw_log_that_fits_the_rules_is_accepted(throws: str, dice: str) -> None:
    assert accepted_score("balut", "sixes", Entry(dice=dice, throws=throws)) == 12


def test_fourth_valid_throw_is_refused() -> None:
    message = refusal("balut", "sixes", Entry(dice="12366", throws="12346 46 6 6"))
    assert "4 valid throws" in message and "at most 3" in message


def test_log_of_cocked_throws_only_is_refused() -> None:
    assert "no valid" in refusal("balut", "sixes", Entry(dice="12366", throws="x x"))


def test_first_valid_throw_must_be_of_five_dice() -> None:
    message = refusal("balut", "sixes", Entry(dice="12366", throws="x 1236 66"))
    assert "first valid throw" in message and "five" in message


@pytest.mark.parametrize("thrown", [(), (1, 2, 3, 4, 5, 6)])
def test_throw_of_no_dice_or_six_dice_is_refused(thrown: tuple[int, ...]) -> None:
    game = play_turns("balut", PLAYERS, [])
    throws = (Throw(dice=(1, 2, 3, 6, 6)), Throw(dice=thrown))
    turn = FiveDiceTurn(seat=0, box="sixes", dice=(1, 2, 3, 6, 6), throws=throws)
    with pytest.raises(TurnNotAllowed, match=f"{len(thrown)} dice; one to five"):
        game.play(turn)


def test_final_dice_must_include_the_last_valid_throw() -> None:
    message = refusal("balut", "sixes", Entry(dice="12346", throws="12345 66"))
    assert "do not include" in message and "[6, 6]" in message


def test_paper_score_with_throws_skips_the_final_dice_check() -> None:
    assert accepted_score("balut", "fives", Entry(score=0, throws="12345 66")) == 0


def test_paper_score_with_throws_still_counts_the_valid_throws() -> None:
    assert "at most 3" in refusal("balut", "fives", Entry(score=0, throws="12345 6 6 6"))


@pytest.mark.parametrize(
    ("ruleset", "players"),
    [
        ("balut", ("Ann", "Ben")),
        ("balut", ("Ann", "Ben", "Cy")),
        ("jackpot", ("Ann", "Ben")),
        ("jackpot", ("Ann", "Ben", "Cy")),
        ("bar", ("Ann", "Ben")),
        ("bar", ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")),
    ],
)
def test_game_is_complete_after_every_players_boxes_are_filled(
    ruleset: str, players: tuple[str, ...]
) -> None:
    """n x 28 turns in balut, n x 34 in jackpot, n x 7 in bar."""
    per_player = {"balut": 28, "jackpot": 34, "bar": 7}[ruleset]
    sheets = {name: full_sheet(ruleset) for name in players}
    last = len(players) * per_player
    almost = play_sheets(ruleset, sheets, turns=last - 1)
    assert (almost.turn_count, almost.complete) == (last - 1, False)
    game = play_sheets(ruleset, sheets)
    assert (game.turn_count, game.complete, game.next_seat) == (last, True, None)


def test_turn_after_the_game_is_over_is_refused() -> None:
    game = play_sheets("bar", {"Ann": full_sheet("bar"), "Ben": full_sheet("bar")})
    with pytest.raises(TurnNotAllowed, match="game is over"):
        game.play(make_turn(0, "choice", "66666"))


def test_record_with_a_turn_after_the_game_is_over_names_that_turn() -> None:
    turns = [
        {"player": name, "box": box, "score": 5 if box == "choice" else 0}
        for box, _ in full_sheet("bar")
        for name in ("Ann", "Ben")
    ]
    turns.append({"player": "Ann", "box": "choice", "score": 5})
    with pytest.raises(InvalidRecord, match="over") as invalid:
        score_record({"ruleset": "bar", "players": ["Ann", "Ben"], "turns": turns})
    assert invalid.value.turn == 14
