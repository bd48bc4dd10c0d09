"""Builders for five-dice games, so each test states only the boxes it is about.

A move is `(box, spec)`: a spec is a paper score (int), the final dice as text ("44412"),
or an `Entry` for a turn with a strike or a throw log.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack

from scoring.rules import (
    CATEGORIES,
    DEFAULT_HOUSE_RULES,
    FIVE_DICE_RULES,
    FiveDiceGame,
    FiveDiceTurn,
    GameResult,
    GameSetup,
    HouseRules,
    Throw,
    is_jackpot_box,
    parse_options,
    result,
)

PLAYERS = ("Ann", "Ben")


@dataclass(frozen=True)
class Entry:
    """A turn beyond plain dice or a plain score: `throws` is text, "x" for a cocked throw."""

    dice: str | None = None
    score: int | None = None
    strike: bool = False
    throws: str = ""


class SetupArgs(TypedDict, total=False):
    """What `make_setup` takes besides the ruleset and players."""

    options: Mapping[str, object] | None
    friendly: bool
    guesses: Mapping[str, int] | None


Spec = int | str | Entry
Move = tuple[str, Spec]


def dice(text: str) -> tuple[int, ...]:
    return tuple(int(face) for face in text)


def throw_log(text: str) -> tuple[Throw, ...]:
    return tuple(
        Throw(cocked=True) if token == "x" else Throw(dice=dice(token)) for token in text.split()
    )


def make_turn(seat: int, box: str, spec: Spec) -> FiveDiceTurn:
    if isinstance(spec, int):
        return FiveDiceTurn(seat=seat, box=box, score=spec)
    if isinstance(spec, str):
        return FiveDiceTurn(seat=seat, box=box, dice=dice(spec))
    return FiveDiceTurn(
        seat=seat,
        box=box,
        dice=None if spec.dice is None else dice(spec.dice),
        score=spec.score,
        strike=spec.strike,
        throws=throw_log(spec.throws),
    )


def make_setup(
    ruleset: str,
    players: Sequence[str] = PLAYERS,
    *,
    options: Mapping[str, object] | None = None,
    friendly: bool = False,
    guesses: Mapping[str, int] | None = None,
) -> GameSetup:
    seats = {name: seat for seat, name in enumerate(players)}
    return GameSetup(
        ruleset=ruleset,
        players=tuple(players),
        options=parse_options(options),
        friendly=friendly,
        guesses={seats[name]: guess for name, guess in (guesses or {}).items()},
    )


def new_game(
    ruleset: str, players: Sequence[str] = PLAYERS, **setup: Unpack[SetupArgs]
) -> FiveDiceGame:
    return FiveDiceGame(make_setup(ruleset, players, **setup))


def play_turns(
    ruleset: str, players: Sequence[str], turns: Sequence[Move], **setup: Unpack[SetupArgs]
) -> FiveDiceGame:
    """Play `turns` in order, each by whoever's turn the engine says it is."""
    game = new_game(ruleset, players, **setup)
    for box, spec in turns:
        seat = game.next_seat
        assert seat is not None, "a turn was given after the game was over"
        game.play(make_turn(seat, box, spec))
    return game


def play_sheets(
    ruleset: str,
    sheets: Mapping[str, Sequence[Move]],
    turns: int | None = None,
    **setup: Unpack[SetupArgs],
) -> FiveDiceGame:
    """Each player's moves in their own order; the engine decides who throws next.

    Play stops after `turns` turns, or when the player to throw has no move left, so short
    lists give a game stopped part-way.
    """
    game = new_game(ruleset, tuple(sheets), **setup)
    queues = [deque(moves) for moves in sheets.values()]
    while (seat := game.next_seat) is not None and queues[seat] and game.turn_count != turns:
        box, spec = queues[seat].popleft()
        game.play(make_turn(seat, box, spec))
    return game


def score_sheets(
    ruleset: str,
    sheets: Mapping[str, Sequence[Move]],
    house_rules: HouseRules = DEFAULT_HOUSE_RULES,
    **setup: Unpack[SetupArgs],
) -> GameResult:
    return result(play_sheets(ruleset, sheets, **setup), house_rules)


def full_sheet(ruleset: str = "balut", **boxes: Spec | Sequence[Spec]) -> list[Move]:
    """Moves filling every box of one sheet.

    A box named gets its spec (one for every box of it) or its list of specs; the rest are
    filled with paper 0s (choice, which cannot be 0, with 5s). Jackpot boxes come first,
    while every regular box is still open, then the regular boxes in sheet order.
    """
    rules = FIVE_DICE_RULES[ruleset]
    unknown = set(boxes) - set(rules.box_keys)
    assert not unknown, f"not boxes of {ruleset}: {unknown}"
    order = [box for box in rules.box_keys if is_jackpot_box(box)] + list(CATEGORIES)
    moves: list[Move] = []
    for box in order:
        capacity = rules.capacity(box)
        given = boxes.get(box, [])
        specs = list(given) if isinstance(given, (list, tuple)) else [given] * capacity
        specs += [5 if box == "choice" else 0] * (capacity - len(specs))
        assert len(specs) == capacity, f"{box} has {capacity} boxes, not {len(specs)}"
        moves += [(box, spec) for spec in specs]
    return moves


def ann_against_ben(
    ruleset: str, options: Mapping[str, object] | None = None, /, **ann_boxes: Spec | Sequence[Spec]
) -> GameResult:
    """A complete two-player game: Ann's sheet as given, Ben's the lowest there is."""
    return score_sheets(
        ruleset,
        {"Ann": full_sheet(ruleset, **ann_boxes), "Ben": full_sheet(ruleset)},
        options=options,
    )
