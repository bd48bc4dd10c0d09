"""The day's ranking by the tournament's own tie-breakers: pure Python, no Django.

The first breaker ranks everyone; each next one only orders the players the ones before left
level, and head-to-head counts only the games among the players still level (so its value
depends on who is tied, and is worked out group by group). Players level on every breaker
share a rank and keep the order they came in (the entry order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

HEAD_TO_HEAD = "head_to_head"
# Every breaker a tournament may pick, and whether more of it is better.
BREAKERS: dict[str, bool] = {
    "points": True,
    "score": True,
    "wins": True,
    "best": True,
    "baluts": True,
    HEAD_TO_HEAD: True,
    "fewest_balutless": False,
}


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


def _value(figures: Figures, key: str, level: Sequence[Figures], beats: Beats) -> int:
    if key == HEAD_TO_HEAD:
        # Games won over each player still level, less those lost to them.
        return sum(
            beats.get((figures.player, other.player), 0)
            - beats.get((other.player, figures.player), 0)
            for other in level
            if other.player != figures.player
        )
    value = figures.values.get(key, 0)
    return value if BREAKERS[key] else -value


def _order(
    group: list[Figures], breakers: Sequence[str], level: int, beats: Beats
) -> list[tuple[list[Figures], int | None]]:
    """The group in blocks of players level on every breaker from `level` on, each block with
    the breaker's index that set it apart from the block above (None for the first)."""
    if level == len(breakers) or len(group) < 2:
        return [(group, None)]
    key = breakers[level]
    values = {f.player: _value(f, key, group, beats) for f in group}
    ranked = sorted(group, key=lambda f: -values[f.player])  # stable: ties keep their order
    blocks: list[tuple[list[Figures], int | None]] = []
    start = 0
    for end in range(1, len(ranked) + 1):
        if end < len(ranked) and values[ranked[end].player] == values[ranked[start].player]:
            continue
        inner = _order(ranked[start:end], breakers, level + 1, beats)
        if start > 0:
            inner[0] = (inner[0][0], level)
        blocks.extend(inner)
        start = end
    return blocks


def order(
    players: Sequence[Figures], breakers: Sequence[str], beats: Beats | None = None
) -> list[Placed]:
    """Everyone ranked by the breakers in turn; `beats[(a, b)]` is how often a finished above
    b at a table they shared (for head-to-head)."""
    unknown = [key for key in breakers if key not in BREAKERS]
    if unknown:
        raise ValueError(f"unknown tie-breaker {unknown[0]!r}")
    placed: list[Placed] = []
    for block, apart_at in _order(list(players), breakers, 0, beats or {}):
        rank = len(placed) + 1
        for position, figures in enumerate(block):
            decided = breakers[apart_at] if position == 0 and apart_at else None
            placed.append(Placed(figures.player, rank, decided))
    return placed
