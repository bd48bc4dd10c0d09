"""One entry point for every game: start it, replay its turns, and score it."""

from __future__ import annotations

from collections.abc import Iterable

from .barbut import BarbutGame, BarbutTurn
from .barbut_results import barbut_result
from .errors import InvalidRecord, TurnNotAllowed, gettext_noop
from .five_dice import FiveDiceGame, FiveDiceTurn
from .five_dice_results import five_dice_result
from .game_setup import GameSetup
from .house_rules import DEFAULT_HOUSE_RULES, HouseRules
from .results import GameResult

Game = FiveDiceGame | BarbutGame
Turn = FiveDiceTurn | BarbutTurn


def new_game(setup: GameSetup) -> Game:
    return FiveDiceGame(setup) if setup.five_dice else BarbutGame(setup)


def play(game: Game, turn: Turn) -> None:
    """Record one turn; TurnNotAllowed when the game's state refuses it."""
    if isinstance(game, FiveDiceGame):
        if not isinstance(turn, FiveDiceTurn):
            raise TurnNotAllowed(
                "not_five_dice_turn", gettext_noop("a five-dice game needs a box and five dice")
            )
        game.play(turn)
    else:
        if not isinstance(turn, BarbutTurn):
            raise TurnNotAllowed(
                "not_barbut_turn", gettext_noop("a Barbut turn is a series of throws")
            )
        game.play(turn)


def played(game: Game, turn: Turn) -> Game:
    """The game after one more turn, as a new state; `game` is left as it was.

    So a state kept between requests grows turn by turn without a replay, and a turn the
    caller does not keep (its transaction rolled back) leaves the kept state untouched.
    """
    after = game.copy()
    play(after, turn)
    return after


def replay(setup: GameSetup, turns: Iterable[Turn]) -> Game:
    """The game after `turns`; InvalidRecord names the first turn that may not be played."""
    game = new_game(setup)
    for index, turn in enumerate(turns):
        if game.complete:
            raise InvalidRecord(
                "turn_after_end",
                gettext_noop("the game is already over; no turn may follow"),
                turn=index,
            )
        try:
            play(game, turn)
        except TurnNotAllowed as error:
            raise InvalidRecord.at(error, turn=index) from error
    return game


def result(game: Game, house_rules: HouseRules = DEFAULT_HOUSE_RULES) -> GameResult:
    if isinstance(game, FiveDiceGame):
        return five_dice_result(game, house_rules)
    return barbut_result(game, house_rules)
