"""Jackpot Balut: Standard Balut plus one jackpot box for each category but balut."""

from __future__ import annotations

from .balut import balut_box_score
from .boxes import (
    NUMBER_FACES,
    FiveDiceRules,
    full_house_score,
    is_full_house,
    number_score,
)
from .dice import Dice, all_rolls
from .options import Options
from .points import Points, condition_holds, regular_category_points, score_points
from .sheet import FilledBox, Sheet

JACKPOT_CATEGORIES = ("fours", "fives", "sixes", "straight", "full_house", "choice")
JACKPOT_BONUS = {
    "fours": 4,
    "fives": 4,
    "sixes": 4,
    "choice": 4,
    "straight": 8,
    "full_house": 6,
}
FIRST_BALUT_POINTS = 3
FURTHER_BALUT_POINTS = 5
FULL_HOUSE_JACKPOT_MIN = 22
CHOICE_JACKPOT_MIN = 25

RULES = FiveDiceRules(
    key="jackpot",
    title="Jackpot Balut",
    boxes_per_category=4,
    balut_score=balut_box_score,
    jackpot_categories=JACKPOT_CATEGORIES,
    scores_points=True,
)


def jackpot_score(category: str, dice: Dice) -> int:
    """What `dice` would score as a claimed jackpot of `category`; 0 when they don't qualify."""
    if category in NUMBER_FACES:
        face = NUMBER_FACES[category]
        return number_score(face, dice) if dice.count(face) >= 4 else 0
    if category == "straight":
        return 20 if tuple(sorted(dice)) == (2, 3, 4, 5, 6) else 0
    if category == "full_house":
        score = full_house_score(dice)
        return score if is_full_house(dice) and score >= FULL_HOUSE_JACKPOT_MIN else 0
    if category == "choice":
        return sum(dice) if sum(dice) >= CHOICE_JACKPOT_MIN else 0
    raise KeyError(category)


def claim_scores(category: str) -> frozenset[int]:
    """Every score a claimed jackpot of `category` can show."""
    scores = {jackpot_score(category, roll) for roll in all_rolls(5)}
    return frozenset(scores - {0})


def can_claim(sheet: Sheet, category: str) -> bool:
    """A jackpot can be claimed only while a regular box of its category is open."""
    return sheet.is_open(category)


def entry_score(category: str, dice: Dice, *, regular_open: bool, strike: bool = False) -> int:
    """What the jackpot box scores: the claim, or 0 when struck (on purpose or not)."""
    return 0 if strike or not regular_open else jackpot_score(category, dice)


def enter_jackpot(sheet: Sheet, category: str, dice: Dice, *, strike: bool = False) -> FilledBox:
    """The jackpot box as `dice` would fill it: claimed, or struck for 0."""
    score = entry_score(category, dice, regular_open=can_claim(sheet, category), strike=strike)
    return FilledBox(box=category + "_jackpot", score=score, claimed=score > 0, dice=dice)


def balut_points(nonzero_baluts: int) -> int:
    if nonzero_baluts == 0:
        return 0
    return FIRST_BALUT_POINTS + FURTHER_BALUT_POINTS * (nonzero_baluts - 1)


def points(sheet: Sheet, options: Options) -> Points:
    category: dict[str, int] = {}
    bonus: dict[str, int] = {}
    for name in JACKPOT_CATEGORIES:
        regular = regular_category_points(sheet, name, options)
        jackpot = sheet.jackpot(name)
        if jackpot is None or not jackpot.claimed:
            category[name] = regular
            continue
        holds = condition_holds(sheet, name, options)
        bonus[name] = JACKPOT_BONUS[name] if holds else -JACKPOT_BONUS[name]
        category[name] = 0 if options.jackpot_bonus == "replaces" else regular
    category["balut"] = balut_points(sheet.nonzero_baluts())
    return Points(category=category, jackpot_bonus=bonus, score=score_points(sheet.total()))
