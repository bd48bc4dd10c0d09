"""Small builders for the 4-Dice Barbut tests: throws, turns and games worked by hand."""

from __future__ import annotations

import pytest

from scoring.rules import (
    BarbutGame,
    BarbutThrow,
    BarbutTurn,
    GameSetup,
    TurnNotAllowed,
    TurnOutcome,
    result,
)

NAMES = ("Ann", "Ben", "Cy", "Dee")
BUST = [2, 3, 4, 6]
SIX_SIXES = [6, 6, 6, 6]
COMBINATION_OF = {500: [5, 5, 5, 5], 400: [4, 4, 4, 4], 300: [3, 3, 3, 3], 200: [2, 2, 2, 2]}


def throw(dice: list[int], keep: list[int] | None = None) -> BarbutThrow:
    return BarbutThrow(dice=tuple(dice), keep=tuple(keep or ()))


def keep_all(dice: list[int]) -> BarbutThrow:
    return throw(dice, dice)


def new_game(players: int = 2) -> BarbutGame:
    return BarbutGame(GameSetup(ruleset="barbut4", players=NAMES[:players]))


def play(game: BarbutGame, *throws: BarbutThrow) -> TurnOutcome:
    """The turn of whoever is next."""
    seat = game.next_seat
    assert seat is not None
    return game.play(BarbutTurn(seat=seat, throws=throws))


def bust(game: BarbutGame) -> TurnOutcome:
    return play(game, throw(BUST))


def throws_worth(points: int) -> list[BarbutThrow]:
    """A banked turn of exactly `points` (a multiple of 50): four-dice combinations, then 1s/5s."""
    throws = [keep_all([1, 1, 1, 1]) for _ in range(points // 1000)]
    rest = points % 1000
    while rest >= 200:
        value = max(value for value in COMBINATION_OF if value <= rest)
        throws.append(keep_all(COMBINATION_OF[value]))
        rest -= value
    singles = {150: ([1, 5, 2, 6], [1, 5]), 100: ([1, 2, 6, 6], [1]), 50: ([5, 2, 6, 6], [5])}
    if rest:
        throws.append(throw(*singles[rest]))
    return throws


def bank(game: BarbutGame, points: int) -> TurnOutcome:
    outcome = play(game, *throws_worth(points))
    assert outcome.end == "bank" and outcome.points == points
    return outcome


def turn_points(*throws: BarbutThrow) -> int:
    """What a turn would bank, played as the first turn of a fresh game."""
    outcome = play(new_game(), *throws)
    assert outcome.end == "bank"
    return outcome.points


def refused(*throws: BarbutThrow) -> None:
    with pytest.raises(TurnNotAllowed):
        play(new_game(), *throws)


def lose_and_win_back(game: BarbutGame, first: int, then: int) -> TurnOutcome:
    """Ann banks `first`, loses it to 6-6-6-6, banks `then` and throws 6-6-6-6 again; Ben busts."""
    bank(game, first)
    bust(game)
    play(game, throw(SIX_SIXES))
    bust(game)
    bank(game, then)
    bust(game)
    return play(game, throw(SIX_SIXES))


def as_json(throws: list[BarbutThrow]) -> list[dict[str, list[int]]]:
    return [{"dice": list(each.dice), "keep": list(each.keep)} for each in throws]


def ranks(game: BarbutGame) -> list[int]:
    return [player.rank for player in result(game).players]
