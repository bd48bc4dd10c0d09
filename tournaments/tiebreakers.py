"""A tournament's tie-breakers in the club's words: the choice the secretary has, the usual
order, and the check the model field makes (tournaments.ranking applies them)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from scoring import rules
from tournaments.ranking import BREAKERS

# At most this many breakers are picked: more never decides anything on a club night.
PICKS = 5
BY_POINTS = frozenset(info.key for info in rules.RULESETS if info.scores_points)


def usual_order(ruleset: str) -> list[str]:
    """Sum of game points, then total score, then Baluts (the score first where a game has
    no points)."""
    return ["points", "score", "baluts"] if ruleset in BY_POINTS else ["score", "wins", "baluts"]


def label(key: str) -> str:
    return {
        "points": gettext("Points"),
        "score": gettext("Total score"),
        "wins": gettext("Wins"),
        "best": gettext("Highest game"),
        "baluts": gettext("Baluts"),
        "head_to_head": gettext("Head to head"),
        "fewest_balutless": gettext("Fewest games without a Balut"),
    }[key]


def choices() -> list[tuple[str, str]]:
    """Blank (nothing more), then each breaker in the reader's words, when the form is drawn."""
    return [("", "—"), *((key, label(key)) for key in BREAKERS)]


def validate_tiebreakers(value: object) -> None:
    """A non-empty list of known breakers, each once, at most PICKS of them."""
    if not isinstance(value, list) or not value or len(value) > PICKS:
        raise ValidationError(
            gettext("Pick 1 to %(most)d tie-breakers, in order.") % {"most": PICKS}
        )
    for key in value:
        if key not in BREAKERS:
            raise ValidationError(gettext("Unknown tie-breaker %(key)r.") % {"key": key})
    if len(set(value)) != len(value):
        raise ValidationError(gettext("Pick each tie-breaker once."))
