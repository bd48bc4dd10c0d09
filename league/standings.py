"""The standings' tie-breakers: which figures rank a season's table, in which order.

Kept apart from the models so the club settings' validator, the form and the selector share one
list of known keys. Every figure is an aggregate of PlayerResultRow, itself the engine's result.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from scoring import rules
from scoring.models import RULESET_KEYS

# Key to (column of the standings query, higher is better).
TIEBREAKERS: dict[str, tuple[str, bool]] = {
    "average": ("average", True),
    "wins": ("wins", True),
    "best": ("best", True),
    "games": ("games", True),
    "baluts": ("baluts", True),
    "fewest_last": ("lasts", False),
}
# Games ranked by points (the winner is who scores most points) or by the total score.
BY_POINTS = tuple(info.key for info in rules.RULESETS if info.scores_points)


def _usual_order(info: rules.RulesetInfo) -> list[str]:
    """The order a club ranks a game's standings by until it chooses its own: games played
    breaks the last tie in the games ranked by points only."""
    return ["average", "wins", "best", *(["games"] if info.scores_points else [])]


DEFAULT_TIEBREAKERS: dict[str, list[str]] = {
    info.key: _usual_order(info) for info in rules.RULESETS
}


def default_tiebreakers() -> dict[str, list[str]]:
    return {ruleset: list(keys) for ruleset, keys in DEFAULT_TIEBREAKERS.items()}


def tiebreaker_label(key: str, ruleset: str) -> str:
    if key == "average":
        return gettext("Average points") if ruleset in BY_POINTS else gettext("Average score")
    return {
        "wins": gettext("Wins"),
        "best": gettext("Best"),
        "games": gettext("Games played"),
        "baluts": gettext("Baluts"),
        "fewest_last": gettext("Fewest last places"),
    }[key]


def validate_tiebreakers(value: object) -> None:
    """A game key to a non-empty list of known keys, each at most once."""
    if not isinstance(value, Mapping):
        raise ValidationError(gettext("The tie-breakers are a list of keys for each game."))
    for ruleset, keys in value.items():
        if ruleset not in RULESET_KEYS:
            raise ValidationError(
                gettext("Unknown game %(game)r in the tie-breakers.") % {"game": ruleset}
            )
        if not isinstance(keys, list) or not keys:
            raise ValidationError(
                gettext("Give at least one tie-breaker for %(game)s.") % {"game": ruleset}
            )
        unknown = [key for key in keys if key not in TIEBREAKERS]
        if unknown:
            known = ", ".join(TIEBREAKERS)
            raise ValidationError(
                gettext("Unknown tie-breaker %(key)r (known: %(known)s).")
                % {"key": unknown[0], "known": known}
            )
        if len(set(keys)) != len(keys):
            raise ValidationError(
                gettext("A tie-breaker is named twice for %(game)s.") % {"game": ruleset}
            )


def tiebreakers_for(value: Mapping[str, list[str]], ruleset: str) -> list[str]:
    """The club's order for `ruleset`, or the default when the club has not set one."""
    return list(value.get(ruleset) or DEFAULT_TIEBREAKERS[ruleset])
