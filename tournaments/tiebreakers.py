"""A tournament's tie-breakers in the club's words: the choice the secretary has, the usual
order, and the check the model field makes. The breakers themselves (keys, words, how each
compares) are the competitions' one vocabulary, scoring.rules.tiebreakers (`TOURNAMENT`);
tournaments.ranking applies them."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from scoring import rules
from scoring.refusals import refusal
from scoring.rules import tiebreakers as vocabulary

# At most this many breakers are picked: more never decides anything on a club night.
PICKS = 5
BY_POINTS = frozenset(info.key for info in rules.RULESETS if info.scores_points)


def usual_order(ruleset: str) -> list[str]:
    """Sum of game points, then total score, then Baluts (the score first where a game has
    no points)."""
    return vocabulary.tournament_usual_order(by_points=ruleset in BY_POINTS)


def label(key: str) -> str:
    return gettext(vocabulary.label(key))


def choices() -> list[tuple[str, str]]:
    """Blank (nothing more), then each breaker in the reader's words, when the form is drawn."""
    return [("", "—"), *((key, label(key)) for key in vocabulary.TOURNAMENT)]


def validate_tiebreakers(value: object) -> None:
    """A non-empty list of known breakers, each once, at most PICKS of them."""
    try:
        vocabulary.check_order(value, vocabulary.TOURNAMENT, most=PICKS)
    except rules.RuleError as error:
        raise ValidationError(refusal(error)) from error
