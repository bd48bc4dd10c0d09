"""Dice shared by every game: faces, counting, and the multisets a throw can show."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement

from .errors import RuleError, Words, gettext_noop

DICE = Words(gettext_noop("dice"))

FACES = (1, 2, 3, 4, 5, 6)
Dice = tuple[int, ...]


def is_face(value: object) -> bool:
    # bool is an int subclass; JSON's true must never pass for a 1.
    return type(value) is int and 1 <= value <= 6


def check_faces(values: object, *, count: int | None = None, what: Words = DICE) -> Dice:
    """Return the faces as a sorted tuple, or raise RuleError saying what is wrong."""
    if not isinstance(values, (list, tuple)):
        raise RuleError(
            "not_faces", gettext_noop("%(what)s must be a list of faces 1 to 6"), what=what
        )
    for value in values:
        # is_face, written out: this runs for every die of every turn a sheet replays.
        if type(value) is not int or not 1 <= value <= 6:
            raise RuleError(
                "not_a_face",
                gettext_noop("%(what)s: %(value)s is not a face of a die (1 to 6)"),
                what=what,
                value=repr(value),
            )
    if count is not None and len(values) != count:
        raise RuleError(
            "dice_count",
            gettext_noop("%(what)s: %(count)s dice expected, %(given)s given"),
            what=what,
            count=count,
            given=len(values),
        )
    return tuple(sorted(values))


def contains(bigger: Sequence[int], smaller: Sequence[int]) -> bool:
    """Whether every die of `smaller` can be found among `bigger` (as multisets)."""
    # A handful of dice: taking each out of a list is several times quicker than two Counters.
    remaining = list(bigger)
    for die in smaller:
        if die not in remaining:
            return False
        remaining.remove(die)
    return True


def dice_key(dice: Iterable[int]) -> str:
    """A canonical text key for a multiset of dice, such as "11345"."""
    return "".join(str(face) for face in sorted(dice))


@cache
def all_rolls(count: int) -> tuple[Dice, ...]:
    """Every distinct multiset of `count` dice, sorted (252 for five dice)."""
    return tuple(combinations_with_replacement(FACES, count))
