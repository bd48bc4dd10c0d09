"""Rounds of tables on points 0..v-1, as the constructions give them, and the check that a
set of rounds seats every point once a round and no pair twice."""

from __future__ import annotations

from collections.abc import Sequence

Table = tuple[int, ...]
Round = tuple[Table, ...]


def normal(rounds: Sequence[Sequence[Sequence[int]]]) -> tuple[Round, ...]:
    """The rounds as tuples, each table's points in order."""
    return tuple(tuple(tuple(sorted(table)) for table in tables) for tables in rounds)


def repeat_free(rounds: Sequence[Sequence[Sequence[int]]], points: int) -> bool:
    """Every round seats each of the points exactly once, and no pair shares two tables."""
    met: set[int] = set()
    for tables in rounds:
        if sorted(p for table in tables for p in table) != list(range(points)):
            return False
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    key = min(a, b) * points + max(a, b)
                    if key in met:
                        return False
                    met.add(key)
    return True
