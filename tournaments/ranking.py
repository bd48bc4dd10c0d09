"""The day's ranking by the tournament's own tie-breakers: pure Python, no Django.

The breakers, how each compares and the ranking itself are the competitions' one vocabulary
(scoring.rules.tiebreakers): the first breaker ranks everyone; each next one only orders the
players the ones before left level, and head-to-head counts only the games among the players
still level. Players level on every breaker share a rank and keep the order they came in (the
entry order). Here is what a tournament measures: a player's figures of the day and who beat
whom.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.rules import tiebreakers as vocabulary

HEAD_TO_HEAD = vocabulary.HEAD_TO_HEAD
# Every breaker a tournament may pick.
BREAKERS: tuple[str, ...] = vocabulary.TOURNAMENT


@dataclass(frozen=True)
class Figures:
    """A player's figures of the day: every breaker's value but head-to-head."""

    player: int
    values: Mapping[str, int]


@dataclass(frozen=True)
class Placed:
    player: int
    rank: int
    # The breaker that put this player below the one above, when a breaker after the first
    # did (they were level on all the earlier ones); None when the first breaker did, for the
    # first player, and for a player level with the one above on every breaker.
    decided_by: str | None


Beats = Mapping[tuple[int, int], int]


def order(
    players: Sequence[Figures], breakers: Sequence[str], beats: Beats | None = None
) -> list[Placed]:
    """Everyone ranked by the breakers in turn; `beats[(a, b)]` is how often a finished above
    b at a table they shared (for head-to-head)."""
    unknown = [key for key in breakers if key not in BREAKERS]
    if unknown:
        raise ValueError(f"unknown tie-breaker {unknown[0]!r}")
    won = beats or {}

    def measure(key: str, figures: Figures, level: Sequence[Figures]) -> int:
        if key == HEAD_TO_HEAD:
            # Games won over each player still level, less those lost to them.
            return sum(
                won.get((figures.player, other.player), 0)
                - won.get((other.player, figures.player), 0)
                for other in level
                if other.player != figures.player
            )
        return figures.values.get(key, 0)

    return [
        Placed(placed.row.player, placed.rank, placed.decided_by)
        for placed in vocabulary.rank(players, breakers, measure)
    ]
