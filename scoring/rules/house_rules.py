"""What a club decides once for all its games, outside any game record.

A game keeps the house rules in force when it started or arrived (`as_dict`, stored with the
game; `parse_house_rules` reads them back): its books follow those whatever the club decides
later.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .options import RegisterBounds
from .rulesets import RULESET_KEYS, RULESETS, ruleset_info


def _default_register_bounds() -> dict[str, RegisterBounds]:
    return {info.key: info.register_bounds for info in RULESETS if info.register_bounds}


@dataclass(frozen=True)
class HouseRules:
    """`drinks_in_<game>`: whether the club books the rounds owed in a game whose rules leave
    that to the club (`RulesetInfo.drinks == "club"`). `rounds_booked` False: this one game books
    none whatever its rules say (a historic paper game imported without its rounds owed)."""

    drinks_in_balut: bool = True
    drinks_in_jackpot: bool = True
    register_bounds: Mapping[str, RegisterBounds] = field(default_factory=_default_register_bounds)
    register_min_players: int = 3
    rounds_booked: bool = True

    def drinks_kept(self, ruleset: str) -> bool:
        if not self.rounds_booked:
            return False
        kept = ruleset_info(ruleset).drinks
        if kept == "club":
            return {"balut": self.drinks_in_balut, "jackpot": self.drinks_in_jackpot}[ruleset]
        return kept == "always"

    def as_dict(self) -> dict[str, object]:
        """As a game keeps them (JSON); `parse_house_rules` reads it back. `rounds_booked` is
        written only when False, so the games kept before it was known keep the same rules."""
        kept: dict[str, object] = {
            "drinks_in_balut": self.drinks_in_balut,
            "drinks_in_jackpot": self.drinks_in_jackpot,
            "register_bounds": {
                ruleset: {"high": bounds.high, "low": bounds.low}
                for ruleset, bounds in sorted(self.register_bounds.items())
            },
            "register_min_players": self.register_min_players,
        }
        if not self.rounds_booked:
            kept["rounds_booked"] = False
        return kept


DEFAULT_HOUSE_RULES = HouseRules()


def parse_house_rules(raw: object) -> HouseRules:
    """The house rules a game keeps, from `HouseRules.as_dict`. The app alone writes them, so
    anything else is a fault of the data, not a player's refusal: ValueError naming it."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"house rules must be an object, not {raw!r}")
    known = {"drinks_in_balut", "drinks_in_jackpot", "register_bounds", "register_min_players"}
    if set(raw) - {"rounds_booked"} != known:
        raise ValueError(f"house rules must name exactly {sorted(known)}, not {sorted(raw)}")
    rounds_booked = raw.get("rounds_booked", True)
    if type(rounds_booked) is not bool:
        raise ValueError(f"house rules: rounds_booked {rounds_booked!r} is not a boolean")
    drinks_in_balut, drinks_in_jackpot = raw["drinks_in_balut"], raw["drinks_in_jackpot"]
    min_players, bounds = raw["register_min_players"], raw["register_bounds"]
    if type(drinks_in_balut) is not bool or type(drinks_in_jackpot) is not bool:
        raise ValueError("house rules: drinks_in_balut and drinks_in_jackpot must be booleans")
    if type(min_players) is not int or min_players < 0:
        raise ValueError(f"house rules: register_min_players {min_players!r} is not a count")
    if not isinstance(bounds, Mapping):
        raise ValueError(f"house rules: register_bounds must be an object, not {bounds!r}")
    return HouseRules(
        drinks_in_balut=drinks_in_balut,
        drinks_in_jackpot=drinks_in_jackpot,
        register_bounds={str(ruleset): _bounds(ruleset, pair) for ruleset, pair in bounds.items()},
        register_min_players=min_players,
        rounds_booked=rounds_booked,
    )


def _bounds(ruleset: object, pair: object) -> RegisterBounds:
    if ruleset not in RULESET_KEYS:
        raise ValueError(f"house rules: register bounds for unknown game {ruleset!r}")
    if not isinstance(pair, Mapping) or set(pair) != {"high", "low"}:
        raise ValueError(f"house rules: register bounds of {ruleset} must be high and low")
    high, low = pair["high"], pair["low"]
    if type(high) is not int or type(low) is not int or not 0 <= low <= high:
        raise ValueError(f"house rules: register bounds of {ruleset} {high!r}/{low!r}")
    return RegisterBounds(high=high, low=low)
