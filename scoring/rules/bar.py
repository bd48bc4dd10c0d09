"""Bar Balut, Singapore Town Club rules of 1978: one box a category, ranked by score."""

from __future__ import annotations

from collections.abc import Sequence

from .boxes import FiveDiceRules, is_five_of_a_kind
from .dice import Dice

BAR_BALUT_SCORE = 30


def balut_box_score(dice: Dice) -> int:
    return BAR_BALUT_SCORE if is_five_of_a_kind(dice) else 0


RULES = FiveDiceRules(
    key="bar",
    title="Bar Balut (1978)",
    boxes_per_category=1,
    balut_score=balut_box_score,
    round_starters=True,
)


def round_starter(previous_round: Sequence[tuple[int, int]]) -> int:
    """The seat that starts the next round, from the last round's (seat, box score) in play order.

    The highest box starts; of players level, the one who threw earliest.
    """
    best_seat, best_score = previous_round[0]
    for seat, score in previous_round[1:]:
        if score > best_score:
            best_seat, best_score = seat, score
    return best_seat


def round_order(starter: int, players: int) -> list[int]:
    """The seating order from `starter`, wrapping round."""
    return [(starter + offset) % players for offset in range(players)]
