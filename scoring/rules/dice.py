"""Dice shared by every game: faces, counting, and the multisets a throw can show."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement

from .errors import RuleError

FACES = (1, 2, 3, 4, 5, 6)
Dice = tuple[int, ...]


def is_face(value: object) -> bool:
    # bool is an int subclass; JSON's true must never pass for a 1.
    return type(value) is int and 1 <= value <= 6


def check_faces(values: object, *, count: int | None = None, what: str = "dice") -> Dice:
    """Return the faces as a sorted tuple, or raise RuleError saying what is wrong."""
    if not isinstance(values, (list, tuple)):
        raise RuleError(f"{what} must be a list of faces 1 to 6")
    for value in values:
        if not is_face(value):
            raise RuleError(f"{what}: {value!r} is not a face of a die (1 to 6)")
    if count is not None and len(values) != count:
        raise RuleError(f"{what}: {count} dice expected, {len(values)} given")
    return tuple(sorted(values))


def contains(bigger: Sequence[int], smaller: Sequence[int]) -> bool:
    """Whether every die of `smaller` can be found among `bigger` (as multisets)."""
    return not (Counter(smaller) - Counter(bigger))


def dice_key(dice: Iterable[int]) -> str:
    """A canonical text key for a multiset of dice, such as "11345"."""
    return "".join(str(face) for face in sorted(dice))


@cache
def all_rolls(count: int) -> tuple[Dice, ...]:
    """Every distinct multiset of `count` dice, sorted (252 for five dice)."""
    return tuple(combinations_with_replacement(FACES, count))
