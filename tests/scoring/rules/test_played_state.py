"""`rules.played`: one more turn on a copy, so a kept state grows without a replay."""

from __future__ import annotations

import random

import pytest

from scoring import rules
from scoring.rules import BarbutGame, FiveDiceGame, GameSetup
from tests.scoring.rules.strategies import (
    barbut_setup,
    play_barbut_game,
    play_five_dice_game,
    players,
    random_five_dice_turn,
)


def sheets_of(game: FiveDiceGame) -> list[dict[str, list[rules.FilledBox]]]:
    return [{box: list(filled) for box, filled in sheet.boxes.items()} for sheet in game.sheets]


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_five_dice_game_built_turn_by_turn_equals_its_replay(ruleset: str, seed: int) -> None:
    setup = GameSetup(ruleset=ruleset, players=players(3))
    whole = play_five_dice_game(setup, seed)
    turns = [recorded.turn for recorded in whole.history]

    state: rules.Game = rules.new_game(setup)
    for turn in turns:
        state = rules.played(state, turn)

    assert isinstance(state, FiveDiceGame)
    assert state.complete
    assert state.history == whole.history
    assert sheets_of(state) == sheets_of(whole)
    assert rules.result(state) == rules.result(whole)


def test_the_state_a_turn_is_played_on_is_left_as_it_was() -> None:
    before = play_five_dice_game(GameSetup(ruleset="jackpot", players=players(2)), 7, turns=9)
    history, sheets = list(before.history), sheets_of(before)
    turn = random_five_dice_turn(before, random.Random(7), 0.5, 0.0)

    after = rules.played(before, turn)

    assert before.history == history and sheets_of(before) == sheets
    assert after.turn_count == before.turn_count + 1


def test_a_refused_turn_leaves_the_state_it_was_offered_to_unchanged() -> None:
    before = play_five_dice_game(GameSetup(ruleset="balut", players=players(2)), 3, turns=4)
    seat = before.next_seat
    assert seat is not None
    wrong_seat = rules.FiveDiceTurn(seat=1 - seat, box="fours", dice=(4, 4, 4, 1, 2))

    with pytest.raises(rules.TurnNotAllowed):
        rules.played(before, wrong_seat)

    assert before.turn_count == 4


def test_a_barbut_game_built_turn_by_turn_equals_its_replay() -> None:
    setup = barbut_setup(3)
    whole, turns = play_barbut_game(setup, 11, 300)

    state: rules.Game = rules.new_game(setup)
    for turn in turns:
        previous = state
        state = rules.played(state, turn)
        assert previous.turn_count == state.turn_count - 1

    assert isinstance(state, BarbutGame)
    assert (state.history, state.scores, state.lost, state.winner) == (
        whole.history,
        whole.scores,
        whole.lost,
        whole.winner,
    )
