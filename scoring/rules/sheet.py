"""One player's score sheet in a five-dice game: the boxes filled so far."""

from __future__ import annotations

from dataclasses import dataclass

from .boxes import CATEGORIES, JACKPOT_SUFFIX, FiveDiceRules
from .dice import Dice


@dataclass(frozen=True)
class FilledBox:
    """A box as entered: `claimed` tells a claimed jackpot from a struck one."""

    box: str
    score: int
    claimed: bool = False
    dice: Dice | None = None


class Sheet:
    def __init__(self, rules: FiveDiceRules) -> None:
        self.rules = rules
        self.boxes: dict[str, list[FilledBox]] = {box: [] for box in rules.box_keys}

    def copy(self) -> Sheet:
        """A sheet that fills on its own: the filled boxes are shared, their lists are not."""
        copied = Sheet(self.rules)
        copied.boxes = {box: list(filled) for box, filled in self.boxes.items()}
        return copied

    def is_open(self, box: str) -> bool:
        return len(self.boxes.get(box, ())) < self.rules.capacity(box)

    def free(self, box: str) -> int:
        """How many more times `box` can be filled."""
        return self.rules.capacity(box) - len(self.boxes.get(box, ()))

    def open_boxes(self) -> list[str]:
        return [box for box in self.rules.box_keys if self.is_open(box)]

    def fill(self, filled: FilledBox) -> None:
        self.boxes[filled.box].append(filled)

    def regular_scores(self, category: str) -> list[int]:
        return [filled.score for filled in self.boxes[category]]

    def category_total(self, category: str) -> int:
        """The sum of the regular boxes: what the thresholds are read against."""
        return sum(self.regular_scores(category))

    def all_regular_nonzero(self, category: str) -> bool:
        scores = self.regular_scores(category)
        return len(scores) == self.rules.boxes_per_category and all(scores)

    def jackpot(self, category: str) -> FilledBox | None:
        filled = self.boxes.get(category + JACKPOT_SUFFIX, [])
        return filled[0] if filled else None

    def total(self) -> int:
        """T: every box, jackpot boxes included."""
        return sum(filled.score for boxes in self.boxes.values() for filled in boxes)

    def nonzero_baluts(self) -> int:
        return sum(1 for score in self.regular_scores("balut") if score)

    def filled_count(self) -> int:
        return sum(len(boxes) for boxes in self.boxes.values())

    def category_totals(self) -> dict[str, int]:
        return {category: self.category_total(category) for category in CATEGORIES}
