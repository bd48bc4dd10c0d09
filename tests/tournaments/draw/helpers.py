"""Counting what a draw did, independently of the engine's own counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

Rounds = Sequence[Sequence[Sequence[int]]]


def meetings(rounds: Rounds) -> Counter[tuple[int, int]]:
    met: Counter[tuple[int, int]] = Counter()
    for tables in rounds:
        for table in tables:
            for a, b in combinations(sorted(table), 2):
                met[(a, b)] += 1
    return met


def repeats(rounds: Rounds) -> int:
    return sum(count - 1 for count in meetings(rounds).values())


def apart_pairs_seated(rounds: Rounds, groups: Sequence[Sequence[int]]) -> int:
    met = meetings(rounds)
    pairs = {pair for group in groups for pair in combinations(sorted(set(group)), 2)}
    return sum(met[pair] for pair in pairs)
