"""What a game comes to: each player's figures, ranks, drinks and register candidates."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from .house_rules import HouseRules
from .points import Points

DrinkReason = Literal["last_place", "balut_from_cup", "three_cocks"]
DRINK_REASONS: dict[str, str] = {
    "last_place": "came last",
    "balut_from_cup": "threw a Balut straight out of the cup",
    "three_cocks": "threw three cocked throws in a row",
}


@dataclass(frozen=True)
class PlayerResult:
    seat: int
    name: str
    score: int
    rank: int
    points: Points | None = None
    boxes: dict[str, list[int]] = field(default_factory=dict)
    category_totals: dict[str, int] = field(default_factory=dict)
    lost: int = 0
    winner: bool = False
    baluts: int = 0
    """Baluts the player scored (a Balut box filled with a Balut, not scratched)."""

    @property
    def total_points(self) -> int | None:
        return None if self.points is None else self.points.total


@dataclass(frozen=True)
class Drink:
    """One round owed. `owed_to` is every other player, or everyone for a Balut from the cup."""

    seat: int
    player: str
    reason: DrinkReason
    owed_to: tuple[str, ...]
    turn: int | None = None


@dataclass(frozen=True)
class RegisterCandidate:
    seat: int
    player: str
    score: int
    kind: str


@dataclass(frozen=True)
class GameResult:
    ruleset: str
    complete: bool
    players: tuple[PlayerResult, ...]
    baluts: int | None = None
    guess_winners: tuple[str, ...] = ()
    drinks: tuple[Drink, ...] = ()
    register: tuple[RegisterCandidate, ...] = ()

    def player(self, name: str) -> PlayerResult:
        return next(result for result in self.players if result.name == name)

    @property
    def winners(self) -> tuple[str, ...]:
        """Who holds first place, in seating order: more than one when level."""
        return tuple(result.name for result in self.players if result.rank == 1)

    @property
    def standings(self) -> list[PlayerResult]:
        """The players by rank; seating order among players level."""
        return sorted(self.players, key=lambda result: (result.rank, result.seat))


def shared_places(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Places from ranking keys, highest first; players level share a place (1, 1, 3)."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def register_candidates(
    ruleset: str, *, complete: bool, players: tuple[PlayerResult, ...], house_rules: HouseRules
) -> tuple[RegisterCandidate, ...]:
    """Totals beyond the club's bounds, in seating order, once a game of enough players is over."""
    bounds = house_rules.register_bounds.get(ruleset)
    if bounds is None or not complete or len(players) < house_rules.register_min_players:
        return ()
    candidates = []
    for result in players:
        kind = bounds.kind(result.score)
        if kind is not None:
            candidates.append(RegisterCandidate(result.seat, result.name, result.score, kind))
    return tuple(candidates)
