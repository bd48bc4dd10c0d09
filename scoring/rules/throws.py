"""The throws of a five-dice turn: what a log must look like, and what it tells the drinks."""

from __future__ import annotations

from dataclasses import dataclass

from .boxes import is_five_of_a_kind
from .dice import Dice, all_rolls, contains, dice_key
from .errors import RuleError, gettext_noop

MAX_VALID_THROWS = 3
FIRST_THROW_DICE = 5
COCKS_PER_ROUND = 3


@dataclass(frozen=True)
class Throw:
    """One throw as it fell; a cocked throw shows no dice and is retaken."""

    dice: Dice = ()
    cocked: bool = False


def check_throw_log(throws: tuple[Throw, ...], final_dice: Dice | None) -> None:
    """Raise RuleError unless the log fits a turn ending in `final_dice` (None: a paper score)."""
    valid = [throw for throw in throws if not throw.cocked]
    if not valid:
        raise RuleError(
            "no_valid_throw", gettext_noop("the throws include no valid (uncocked) throw")
        )
    if len(valid) > MAX_VALID_THROWS:
        raise RuleError(
            "too_many_throws",
            gettext_noop("%(count)s valid throws; a turn has at most %(most)s"),
            count=len(valid),
            most=MAX_VALID_THROWS,
        )
    for throw in valid:
        if not 1 <= len(throw.dice) <= 5:
            raise RuleError(
                "throw_dice_count",
                gettext_noop("a throw has %(count)s dice; one to five are thrown"),
                count=len(throw.dice),
            )
    if len(valid[0].dice) != FIRST_THROW_DICE:
        raise RuleError(
            "first_throw_five", gettext_noop("the first valid throw must be of all five dice")
        )
    if final_dice is not None and not contains(final_dice, valid[-1].dice):
        raise RuleError(
            "final_dice_mismatch",
            gettext_noop("the final dice %(final)s do not include the last throw's dice %(last)s"),
            final=list(final_dice),
            last=list(valid[-1].dice),
        )


def baluts_from_cup(throws: tuple[Throw, ...]) -> list[int]:
    """Indexes of the throws that showed a Balut straight out of the cup."""
    return [
        index
        for index, throw in enumerate(throws)
        if not throw.cocked and is_five_of_a_kind(throw.dice)
    ]


def three_cocks(throws: tuple[Throw, ...]) -> list[int]:
    """Indexes of the throws completing a run of three cocks (six in a row: two)."""
    completed: list[int] = []
    run = 0
    for index, throw in enumerate(throws):
        run = run + 1 if throw.cocked else 0
        if run and run % COCKS_PER_ROUND == 0:
            completed.append(index)
    return completed


@dataclass(frozen=True)
class ThrowLogFacts:
    """What a tablet checks a throw log against as it is tapped, and the rolls that, thrown
    straight from the cup, owe a round: the rules above, as data to look up."""

    max_valid_throws: int
    first_throw_dice: int
    from_cup: tuple[str, ...]
    cocks_per_round: int
    """A run of this many cocks in a row owes a round (every full run counts)."""


def throw_log_facts() -> ThrowLogFacts:
    return ThrowLogFacts(
        max_valid_throws=MAX_VALID_THROWS,
        first_throw_dice=FIRST_THROW_DICE,
        from_cup=tuple(dice_key(roll) for roll in all_rolls(5) if is_five_of_a_kind(roll)),
        cocks_per_round=COCKS_PER_ROUND,
    )
