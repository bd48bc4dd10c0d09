"""The boxes of the five-dice sheets and what a throw scores in each.

Every five-dice game scores fours to choice the same way; only the balut box
differs (Milholt's 20 + sum against the 1978 bar rules' flat 30), so each game
module hands its own balut scorer to `FiveDiceRules`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from .dice import Dice, all_rolls

CATEGORIES = ("fours", "fives", "sixes", "straight", "full_house", "choice", "balut")
BALUT_BOX = "balut"
CATEGORY_LABELS = {
    "fours": "Fours",
    "fives": "Fives",
    "sixes": "Sixes",
    "straight": "Straight",
    "full_house": "Full house",
    "choice": "Choice",
    "balut": "Balut",
}
NUMBER_FACES = {"fours": 4, "fives": 5, "sixes": 6}
SMALL_STRAIGHT = (1, 2, 3, 4, 5)
LARGE_STRAIGHT = (2, 3, 4, 5, 6)
JACKPOT_SUFFIX = "_jackpot"


def is_five_of_a_kind(dice: Dice) -> bool:
    return len(dice) == 5 and len(set(dice)) == 1


def is_full_house(dice: Dice) -> bool:
    return sorted(Counter(dice).values()) == [2, 3]


def number_score(face: int, dice: Dice) -> int:
    return face * dice.count(face)


def straight_score(dice: Dice) -> int:
    ordered = tuple(sorted(dice))
    if ordered == SMALL_STRAIGHT:
        return 15
    if ordered == LARGE_STRAIGHT:
        return 20
    return 0


def full_house_score(dice: Dice) -> int:
    return sum(dice) if is_full_house(dice) else 0


def choice_score(dice: Dice) -> int:
    return sum(dice)


def category_of(box: str) -> str:
    return box.removesuffix(JACKPOT_SUFFIX)


def is_jackpot_box(box: str) -> bool:
    return box.endswith(JACKPOT_SUFFIX)


def box_label(box: str) -> str:
    label = CATEGORY_LABELS.get(category_of(box), box)
    return f"{label} jackpot" if is_jackpot_box(box) else label


@dataclass(frozen=True)
class FiveDiceRules:
    """What sets one five-dice game apart from another."""

    key: str
    title: str
    boxes_per_category: int
    balut_score: Callable[[Dice], int]
    jackpot_categories: tuple[str, ...] = ()
    round_starters: bool = False
    scores_points: bool = False

    @property
    def box_keys(self) -> tuple[str, ...]:
        return CATEGORIES + tuple(c + JACKPOT_SUFFIX for c in self.jackpot_categories)

    @property
    def turns_per_player(self) -> int:
        return len(CATEGORIES) * self.boxes_per_category + len(self.jackpot_categories)

    def capacity(self, box: str) -> int:
        """How many times a box key can be filled on one sheet (0: not a box of this game)."""
        if box in CATEGORIES:
            return self.boxes_per_category
        return 1 if box in self.box_keys else 0

    def box_score(self, category: str, dice: Dice) -> int:
        """The score of `dice` in a regular box of `category`."""
        if category in NUMBER_FACES:
            return number_score(NUMBER_FACES[category], dice)
        if category == "straight":
            return straight_score(dice)
        if category == "full_house":
            return full_house_score(dice)
        if category == "choice":
            return choice_score(dice)
        if category == "balut":
            return self.balut_score(dice)
        raise KeyError(category)

    @cached_property
    def _possible(self) -> dict[str, frozenset[int]]:
        return {
            category: frozenset(self.box_score(category, roll) for roll in all_rolls(5))
            for category in CATEGORIES
        }

    def possible_scores(self, category: str) -> frozenset[int]:
        """Every score a regular box of `category` can really show."""
        return self._possible[category]
