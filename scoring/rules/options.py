"""Game options named in the rules, and the bounds of the club's register."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, TypeVar

from .errors import RuleError, gettext_noop

Thresholds = Literal["at_least", "more_than"]
JackpotBonus = Literal["added", "replaces"]

THRESHOLD_CHOICES: tuple[Thresholds, ...] = ("at_least", "more_than")
JACKPOT_BONUS_CHOICES: tuple[JackpotBonus, ...] = ("added", "replaces")
MAX_GUESS_POINTS = 100
T = TypeVar("T")


@dataclass(frozen=True)
class Options:
    """The options of one game; every one has the default RULES.md names."""

    thresholds: Thresholds = "at_least"
    jackpot_bonus: JackpotBonus = "added"
    guess_points: int = 0

    def as_dict(self) -> dict[str, object]:
        return {
            "thresholds": self.thresholds,
            "jackpot_bonus": self.jackpot_bonus,
            "guess_points": self.guess_points,
        }


def parse_options(raw: object) -> Options:
    """Options from a record's `options` object; unknown names or values are refused."""
    if raw is None:
        return Options()
    if not isinstance(raw, Mapping):
        raise RuleError(
            "options_not_object",
            gettext_noop("options must be an object of option names and values"),
        )
    unknown = sorted(str(name) for name in raw if name not in Options.__dataclass_fields__)
    if unknown:
        raise RuleError(
            "unknown_option", gettext_noop("unknown option %(name)s"), name=repr(unknown[0])
        )
    guess_points = raw.get("guess_points", 0)
    if type(guess_points) is not int or not 0 <= guess_points <= MAX_GUESS_POINTS:
        raise RuleError(
            "guess_points_range",
            gettext_noop("option guess_points: %(value)s is not a whole number from 0 to %(most)s"),
            value=repr(guess_points),
            most=MAX_GUESS_POINTS,
        )
    return Options(
        thresholds=_pick(raw, "thresholds", THRESHOLD_CHOICES, "at_least"),
        jackpot_bonus=_pick(raw, "jackpot_bonus", JACKPOT_BONUS_CHOICES, "added"),
        guess_points=guess_points,
    )


def _pick(raw: Mapping[object, object], name: str, choices: tuple[T, ...], default: T) -> T:
    if name not in raw:
        return default
    value = raw[name]
    for choice in choices:
        if value == choice:
            return choice
    raise RuleError(
        "option_choice",
        gettext_noop("option %(name)s: %(value)s is not one of %(choices)s"),
        name=name,
        value=repr(value),
        choices=", ".join(map(str, choices)),
    )


@dataclass(frozen=True)
class RegisterBounds:
    """A total above `high` or below `low` is a candidate for the club's register."""

    high: int
    low: int

    def kind(self, total: int) -> str | None:
        if total > self.high:
            return "high"
        if total < self.low:
            return "low"
        return None
