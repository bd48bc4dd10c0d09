"""Milholt points, shared by Standard and Jackpot Balut: category and score points."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from .options import Options
from .sheet import Sheet

THRESHOLDS = {"fours": 52, "fives": 65, "sixes": 78, "choice": 100}
THRESHOLD_POINTS = 2
ALL_NONZERO_POINTS = {"straight": 4, "full_house": 3}
# Score points: below 300 gives -2, each further 50 one more, 650 and over 6.
SCORE_STEPS = (300, 350, 400, 450, 500, 550, 600, 650)
LOWEST_SCORE_POINTS = -2


@dataclass(frozen=True)
class Points:
    """A player's points by kind; `total` is what ranks them."""

    category: dict[str, int]
    jackpot_bonus: dict[str, int] = field(default_factory=dict)
    score: int = 0
    guess: int = 0

    @property
    def total(self) -> int:
        return (
            sum(self.category.values()) + sum(self.jackpot_bonus.values()) + self.score + self.guess
        )


def score_points(total: int) -> int:
    return LOWEST_SCORE_POINTS + bisect_right(SCORE_STEPS, total)


def meets_threshold(total: int, threshold: int, options: Options) -> bool:
    if options.thresholds == "more_than":
        return total > threshold
    return total >= threshold


def condition_holds(sheet: Sheet, category: str, options: Options) -> bool:
    """Whether a category (other than balut) earns its regular points."""
    if category in THRESHOLDS:
        return meets_threshold(sheet.category_total(category), THRESHOLDS[category], options)
    return sheet.all_regular_nonzero(category)


def regular_category_points(sheet: Sheet, category: str, options: Options) -> int:
    if not condition_holds(sheet, category, options):
        return 0
    return ALL_NONZERO_POINTS.get(category, THRESHOLD_POINTS)
