"""Standard Balut: four boxes a category, Milholt points."""

from __future__ import annotations

from .boxes import CATEGORIES, FiveDiceRules, is_five_of_a_kind
from .dice import Dice
from .options import Options
from .points import Points, regular_category_points, score_points
from .sheet import Sheet

POINTS_PER_BALUT = 2


def balut_box_score(dice: Dice) -> int:
    return 20 + sum(dice) if is_five_of_a_kind(dice) else 0


RULES = FiveDiceRules(
    key="balut",
    title="Standard Balut",
    boxes_per_category=4,
    balut_score=balut_box_score,
    scores_points=True,
)


def points(sheet: Sheet, options: Options) -> Points:
    category = {
        name: regular_category_points(sheet, name, options)
        for name in CATEGORIES
        if name != "balut"
    }
    category["balut"] = POINTS_PER_BALUT * sheet.nonzero_baluts()
    return Points(category=category, score=score_points(sheet.total()))
