"""Benchmark "draw": the tournament draw (tournaments.draw, pure Python, no database), with the
effort `manage.py draw_tables` plans with.

For the families of designs (affine geometries, Kirkman triple systems, resolvable designs in
fours, the cyclic and field groups) and the solved social golfer instances the draw must reach
0 repeated pairs; a few shapes without a design show what the local search reaches. Each row
prints the repeats, the lower bound no draw can beat (so the gap to perfect), the time, and a
plain random draw (every round shuffled and cut into tables) of the same shape and seed.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from itertools import combinations

from benchmarks.stats import SUMMARY_HEADERS, Summary, summarize, table
from tournaments.draw import PLANNING_EFFORT, draw, table_sizes

# (players, table size, rounds): the families and solved golfer instances, then shapes no
# construction covers.
SHAPES = [
    (9, 3, 4),
    (16, 4, 5),
    (25, 5, 6),
    (15, 3, 7),
    (21, 3, 10),
    (27, 3, 13),
    (45, 3, 22),
    (69, 3, 34),
    (99, 3, 49),
    (28, 4, 9),
    (64, 4, 21),
    (88, 4, 29),
    (100, 4, 33),
    (49, 7, 8),
    (300, 5, 7),
    (40, 5, 8),
    (18, 3, 8),
    (24, 4, 7),
    (32, 4, 10),
    (12, 4, 3),
    (13, 4, 4),
    (18, 3, 9),
    (20, 4, 6),
]


@dataclass(frozen=True)
class DrawRow:
    shape: tuple[int, int, int]
    method: str
    repeats: int
    lower_bound: int
    random_repeats: int
    times: Summary


@dataclass(frozen=True)
class DrawBenchResult:
    rows: list[DrawRow]

    def figures(self) -> dict[str, float]:
        return {"/".join(map(str, row.shape)): row.times.median_ms for row in self.rows}

    def report(self) -> str:
        return table(
            [
                "players/table/rounds",
                "repeats",
                "lower bound",
                "random draw's repeats",
                "method",
                *SUMMARY_HEADERS,
            ],
            [
                [
                    "/".join(map(str, row.shape)),
                    str(row.repeats),
                    str(row.lower_bound),
                    str(row.random_repeats),
                    row.method,
                    *row.times.cells(),
                ]
                for row in self.rows
            ],
        )


def random_repeats(players: int, table_size: int, rounds: int, seed: int) -> int:
    """Repeated pairs of a plain random draw: each round shuffled and cut into tables."""
    rng = random.Random(seed)
    sizes = table_sizes(players, table_size)
    met: set[tuple[int, int]] = set()
    repeats = 0
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        start = 0
        for size in sizes:
            for pair in combinations(sorted(order[start : start + size]), 2):
                repeats += pair in met
                met.add(pair)
            start += size
    return repeats


def run_draw_benchmark(*, repeats: int = 3, seed: int = 1978) -> DrawBenchResult:
    rows = []
    for players, table_size, rounds in SHAPES:
        samples = []
        for _ in range(repeats):
            started = time.perf_counter()
            result = draw(
                range(1, players + 1),
                table_size=table_size,
                rounds=rounds,
                seed=seed,
                effort=PLANNING_EFFORT,
            )
            samples.append(time.perf_counter() - started)
        rows.append(
            DrawRow(
                shape=(players, table_size, rounds),
                method=result.method,
                repeats=result.repeats,
                lower_bound=result.lower_bound,
                random_repeats=random_repeats(players, table_size, rounds, seed),
                times=summarize(samples),
            )
        )
    return DrawBenchResult(rows)
