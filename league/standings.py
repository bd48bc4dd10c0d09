"""A season's standings' tie-breakers: which figures rank a club's table, in which order.

The figures and their words are the competitions' one vocabulary (scoring.rules.tiebreakers,
`LEAGUE`); here is what the league keeps of them: the club settings' validator, the usual order
of each game, the standings query's column of each figure. Every figure is an aggregate of
PlayerResultRow, itself the engine's result.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from scoring import rules
from scoring.models import RULESET_KEYS
from scoring.refusals import refusal
from scoring.rules import tiebreakers as vocabulary

# The figures a club may rank its standings by, in the order the settings' form offers them.
TIEBREAKERS: tuple[str, ...] = vocabulary.LEAGUE
# Key to the standings query's column (league.selectors.standings), where they differ.
COLUMNS: dict[str, str] = {key: "lasts" if key == "fewest_last" else key for key in TIEBREAKERS}
# Games ranked by points (the winner is who scores most points) or by the total score.
BY_POINTS = tuple(info.key for info in rules.RULESETS if info.scores_points)

DEFAULT_TIEBREAKERS: dict[str, list[str]] = {
    info.key: vocabulary.league_usual_order(by_points=info.scores_points) for info in rules.RULESETS
}


def default_tiebreakers() -> dict[str, list[str]]:
    return {ruleset: list(keys) for ruleset, keys in DEFAULT_TIEBREAKERS.items()}


def tiebreaker_label(key: str, ruleset: str) -> str:
    return gettext(vocabulary.label(key, by_points=ruleset in BY_POINTS))


def validate_tiebreakers(value: object) -> None:
    """A game key to a non-empty list of known keys, each at most once."""
    if not isinstance(value, Mapping):
        raise ValidationError(gettext("The tie-breakers are a list of keys for each game."))
    for ruleset, keys in value.items():
        if ruleset not in RULESET_KEYS:
            raise ValidationError(
                gettext("Unknown game %(game)r in the tie-breakers.") % {"game": ruleset}
            )
        try:
            vocabulary.check_order(keys, TIEBREAKERS)
        except rules.RuleError as error:
            raise ValidationError(f"{ruleset}: {refusal(error)}") from error


def tiebreakers_for(value: Mapping[str, list[str]], ruleset: str) -> list[str]:
    """The club's order for `ruleset`, or the default when the club has not set one."""
    return list(value.get(ruleset) or DEFAULT_TIEBREAKERS[ruleset])
