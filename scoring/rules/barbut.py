"""4-Dice Barbut: set scoring dice aside, throw on or bank, first to 7500 wins."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Literal

from .dice import Dice, all_rolls, check_faces, contains, dice_key
from .errors import RuleError, TurnNotAllowed, Words, gettext_noop
from .table import Setup, TableGame

# How a turn ended, as a refusal words it.
TURN_ENDS = {
    "bank": gettext_noop("banked"),
    "bust": gettext_noop("bust"),
    "six_sixes": gettext_noop("6-6-6-6"),
}

KEY = "barbut4"
TITLE = "4-Dice Barbut"
ALL_DICE = 4
WINNING_SCORE = 7500
SINGLE_VALUES = {1: 100, 5: 50}
# How a refused throw names its dice.
DICE_THROWN = Words(gettext_noop("dice thrown"))
DICE_SET_ASIDE = Words(gettext_noop("dice set aside"))
FOUR_DICE_COMBINATIONS: dict[Dice, int] = {
    (1, 1, 1, 1): 1000,
    (2, 2, 2, 2): 200,
    (3, 3, 3, 3): 300,
    (4, 4, 4, 4): 400,
    (5, 5, 5, 5): 500,
    (1, 2, 3, 4): 200,
    (2, 3, 4, 5): 300,
    (3, 4, 5, 6): 400,
}
SIX_SIXES: Dice = (6, 6, 6, 6)

TurnEnd = Literal["bank", "bust", "six_sixes"]


def keep_value(thrown: Dice, keep: Dice) -> int | None:
    """What setting `keep` aside from `thrown` scores; None when it may not be set aside."""
    if not keep or not contains(thrown, keep):
        return None
    if len(thrown) == ALL_DICE and len(keep) == ALL_DICE:
        combination = FOUR_DICE_COMBINATIONS.get(tuple(sorted(keep)))
        if combination is not None:
            return combination
    if all(face in SINGLE_VALUES for face in keep):
        return sum(SINGLE_VALUES[face] for face in keep)
    return None


def set_aside_options(thrown: Dice) -> list[tuple[Dice, int]]:
    """Every set of dice that may be set aside from a throw, with what it scores."""
    return list(_set_aside_options(tuple(sorted(thrown))))


# Every throw of a replayed Barbut game asks this twice, and there are only 209 throws of one
# to four dice: remembered, replaying a game's history (statistics replay thousands) is ~5x faster.
@lru_cache(maxsize=1024)
def _set_aside_options(ordered: Dice) -> tuple[tuple[Dice, int], ...]:
    options: dict[Dice, int] = {}
    for size in range(1, len(ordered) + 1):
        for keep in combinations(ordered, size):
            value = keep_value(ordered, keep)
            if value is not None:
                options[keep] = value
    return tuple(sorted(options.items(), key=lambda option: (-option[1], option[0])))


def is_six_sixes(thrown: Dice) -> bool:
    return tuple(thrown) == SIX_SIXES


def is_bust(thrown: Dice) -> bool:
    """A throw with no die that may be set aside; 6-6-6-6 is its own case."""
    return not set_aside_options(thrown)


@dataclass(frozen=True)
class BarbutThrow:
    dice: Dice
    keep: Dice = ()


@dataclass(frozen=True)
class BarbutTurn:
    seat: int
    throws: tuple[BarbutThrow, ...]


class TurnInProgress:
    """A turn thrown so far: dice in hand, points at stake, and how it ended if it has."""

    def __init__(self) -> None:
        self.in_hand = ALL_DICE
        self.points = 0
        self.end: TurnEnd | None = None
        self.throws: list[BarbutThrow] = []

    def throw(self, dice: Dice, keep: Dice) -> None:
        """Add one throw with the dice set aside from it; RuleError when it cannot be."""
        if self.end is not None:
            raise RuleError(
                "turn_over",
                gettext_noop("the turn is over (%(end)s); no more throws"),
                end=Words(TURN_ENDS[self.end]),
            )
        thrown = check_faces(dice, count=self.in_hand, what=DICE_THROWN)
        kept = check_faces(keep, what=DICE_SET_ASIDE)
        if not contains(thrown, kept):
            raise RuleError(
                "keep_not_thrown",
                gettext_noop("%(kept)s cannot be set aside from a throw of %(thrown)s"),
                kept=list(kept),
                thrown=list(thrown),
            )
        if is_six_sixes(thrown) or is_bust(thrown):
            if kept:
                raise RuleError(
                    "nothing_to_keep",
                    gettext_noop("%(thrown)s has no scoring die to set aside"),
                    thrown=list(thrown),
                )
            self.end = "six_sixes" if is_six_sixes(thrown) else "bust"
        else:
            value = keep_value(thrown, kept)
            if not kept:
                raise RuleError(
                    "keep_a_scoring_die",
                    gettext_noop("set aside at least one scoring die from %(thrown)s"),
                    thrown=list(thrown),
                )
            if value is None:
                raise RuleError(
                    "keep_not_scoring",
                    gettext_noop(
                        "%(kept)s may not be set aside: every die set aside must be a 1, a 5, "
                        "or part of a four-dice combination"
                    ),
                    kept=list(kept),
                )
            self.points += value
            self.in_hand = len(thrown) - len(kept) or ALL_DICE
        self.throws.append(BarbutThrow(thrown, kept))

    def bank(self) -> None:
        if self.end is not None or not self.throws:
            raise RuleError(
                "bank_without_points",
                gettext_noop("only a turn with points set aside can be banked"),
            )
        self.end = "bank"

    @property
    def hot_dice(self) -> bool:
        """Every die set aside: the next throw is of four dice again."""
        return bool(self.throws) and self.end is None and self.in_hand == ALL_DICE


@dataclass(frozen=True)
class TurnOutcome:
    """`points` is what the turn banked; `forfeited`, what a bust or 6-6-6-6 threw away."""

    seat: int
    end: TurnEnd
    points: int
    forfeited: int
    score: int
    lost: int
    won: bool


def play_turn_throws(throws: tuple[BarbutThrow, ...]) -> TurnInProgress:
    """A whole turn from its throws; the last throw keeping dice banks."""
    if not throws:
        raise RuleError("no_throws", gettext_noop("a turn needs at least one throw"))
    progress = TurnInProgress()
    for index, throw in enumerate(throws):
        try:
            progress.throw(throw.dice, throw.keep)
        except RuleError as error:
            raise RuleError(
                "bad_throw", gettext_noop("throw %(index)s: %(reason)s"), index=index, reason=error
            ) from error
        if progress.end is not None and index < len(throws) - 1:
            raise RuleError(
                "throw_after_end",
                gettext_noop("throw %(index)s ended the turn; no throw may follow it"),
                index=index,
            )
    if progress.end is None:
        progress.bank()
    return progress


class BarbutGame(TableGame[TurnOutcome]):
    def __init__(self, setup: Setup) -> None:
        super().__init__(
            setup,
            five_dice=False,
            refused=RuleError(
                "not_barbut",
                gettext_noop("%(ruleset)s is not %(title)s"),
                ruleset=repr(setup.ruleset),
                title=TITLE,
            ),
        )
        self.scores = [0] * len(setup.players)
        self.lost = [0] * len(setup.players)
        self.winner: int | None = None

    def copy(self) -> BarbutGame:
        copied = BarbutGame(self.setup)
        copied.history = list(self.history)
        copied.scores = list(self.scores)
        copied.lost = list(self.lost)
        copied.winner = self.winner
        return copied

    @property
    def complete(self) -> bool:
        return self.winner is not None

    @property
    def next_seat(self) -> int | None:
        return None if self.complete else self.turn_count % len(self.players)

    def check(self, turn: BarbutTurn) -> TurnInProgress:
        winner = self.players[self.winner or 0]
        over = TurnNotAllowed(
            "game_won", gettext_noop("the game is over: %(winner)s has won"), winner=winner
        )
        self.check_seat(turn.seat, over=over)
        try:
            return play_turn_throws(turn.throws)
        except RuleError as error:
            raise TurnNotAllowed.like(error) from error

    def play(self, turn: BarbutTurn) -> TurnOutcome:
        progress = self.check(turn)
        seat = turn.seat
        won = False
        if progress.end == "bank":
            self.scores[seat] += progress.points
            won = self.scores[seat] >= WINNING_SCORE
        elif progress.end == "six_sixes":
            if self.lost[seat]:
                self.scores[seat] += self.lost[seat]
                self.lost[seat] = 0
            else:
                self.lost[seat], self.scores[seat] = self.scores[seat], 0
        if won:
            self.winner = seat
        assert progress.end is not None
        banked = progress.points if progress.end == "bank" else 0
        outcome = TurnOutcome(
            seat=seat,
            end=progress.end,
            points=banked,
            forfeited=progress.points - banked,
            score=self.scores[seat],
            lost=self.lost[seat],
            won=won,
        )
        self.history.append(outcome)
        return outcome


@dataclass(frozen=True)
class ThrowChoice:
    keep: Dice
    value: int
    in_hand_after: int
    """Dice to throw next: those left, or all four again when every die is set aside."""


@dataclass(frozen=True)
class ThrowReading:
    end: TurnEnd | None
    choices: tuple[ThrowChoice, ...]


def read_throw(thrown: Dice) -> ThrowReading:
    """What a throw allows: the turn ends (bust, 6-6-6-6) or these set-asides may be chosen."""
    ordered = tuple(sorted(thrown))
    if is_six_sixes(ordered):
        return ThrowReading("six_sixes", ())
    choices = tuple(
        ThrowChoice(keep, value, len(ordered) - len(keep) or ALL_DICE)
        for keep, value in set_aside_options(ordered)
    )
    return ThrowReading(None if choices else "bust", choices)


def throw_table() -> dict[str, ThrowReading]:
    """`read_throw` for every throw of one to four dice, keyed by `dice_key`: the tablet's
    lookup, so it never needs the server, nor a rule of its own, between throws."""
    return {
        dice_key(roll): read_throw(roll)
        for count in range(1, ALL_DICE + 1)
        for roll in all_rolls(count)
    }
