"""What a club decides once for all its games, outside any game record."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .options import RegisterBounds
from .rulesets import RULESETS, ruleset_info


def _default_register_bounds() -> dict[str, RegisterBounds]:
    return {info.key: info.register_bounds for info in RULESETS if info.register_bounds}


@dataclass(frozen=True)
class HouseRules:
    """`drinks_in_<game>`: whether the club books the rounds owed in a game whose rules leave
    that to the club (`RulesetInfo.drinks == "club"`)."""

    drinks_in_balut: bool = True
    drinks_in_jackpot: bool = True
    register_bounds: Mapping[str, RegisterBounds] = field(default_factory=_default_register_bounds)
    register_min_players: int = 3

    def drinks_kept(self, ruleset: str) -> bool:
        kept = ruleset_info(ruleset).drinks
        if kept == "club":
            return {"balut": self.drinks_in_balut, "jackpot": self.drinks_in_jackpot}[ruleset]
        return kept == "always"


DEFAULT_HOUSE_RULES = HouseRules()
