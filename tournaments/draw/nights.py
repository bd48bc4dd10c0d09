"""Club nights over a season: one night's tables drawn from everyone's meetings so far, so that
over the season the members meet as evenly as the tables allow.

Seating two members together costs BASE ** (their meetings so far - the fewest meetings of any
pair there tonight): a pair who met once more than another costs BASE times as much, so a night
first seats together the pairs who have met least, and the spread between the most and the
fewest meetings stays small (20 members in fours over 20 nights: within 2). A local search
swaps two members of different tables while that lowers the cost, restarting from the best
night seen with a few random swaps when it stalls. The budget is in swaps, so a seed gives one
night on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tournaments.draw.tables import table_sizes

BASE = 6
SWAPS_PER_PLAYER = 60
Pair = tuple[int, int]


def meetings_of(nights: Sequence[Sequence[Sequence[int]]]) -> dict[Pair, int]:
    """How often each pair (smaller id first) shared a table on these nights."""
    met: dict[Pair, int] = {}
    for tables in nights:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    pair = (min(a, b), max(a, b))
                    met[pair] = met.get(pair, 0) + 1
    return met


def draw_night(
    players: Sequence[int],
    *,
    table_size: int,
    meetings: Mapping[Pair, int],
    seed: int = 0,
    effort: int = SWAPS_PER_PLAYER,
) -> tuple[tuple[int, ...], ...]:
    """Tonight's tables for these players (distinct ids), weighted by their past meetings."""
    ids = list(players)
    if len(set(ids)) != len(ids):
        raise ValueError("a player is listed twice")
    sizes = table_sizes(len(ids), table_size)
    n = len(ids)
    counts = [[meetings.get((min(a, b), max(a, b)), 0) if a != b else 0 for b in ids] for a in ids]
    others = (c for i, row in enumerate(counts) for j, c in enumerate(row) if i != j)
    fewest = min(others, default=0)
    cost = [[BASE ** max(0, c - fewest) for c in row] for row in counts]
    rng = random.Random(seed)
    order = list(range(n))
    rng.shuffle(order)
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    best = _improve(tables, cost, rng, max(200, effort * n))
    return tuple(tuple(ids[p] for p in table) for table in best)


def _improve(
    tables: list[list[int]], cost: list[list[int]], rng: random.Random, swaps: int
) -> list[list[int]]:
    def seat_cost(p: int, table: list[int], without: int = -1) -> int:
        return sum(cost[p][x] for x in table if x != p and x != without)

    def total() -> int:
        return sum(seat_cost(p, table) for table in tables for p in table) // 2

    current = total()
    best, best_tables = current, [list(t) for t in tables]
    stalled = 0
    for _ in range(swaps):
        a = rng.randrange(len(tables))
        p = rng.choice(tables[a])
        leave_p = seat_cost(p, tables[a])
        chosen: tuple[int, int, int] | None = None
        for b, other in enumerate(tables):
            if b == a:
                continue
            for q in other:
                gained = seat_cost(p, other, q) + seat_cost(q, tables[a], p)
                delta = gained - leave_p - seat_cost(q, other)
                if chosen is None or delta < chosen[0]:
                    chosen = (delta, b, q)
        if chosen is None:
            break
        delta, b, q = chosen
        if delta < 0 or (delta == 0 and rng.random() < 0.5):
            tables[a][tables[a].index(p)] = q
            tables[b][tables[b].index(q)] = p
            current += delta
        if current < best:
            best, best_tables, stalled = current, [list(t) for t in tables], 0
        else:
            stalled += 1
        if stalled > 20 * len(cost):
            tables[:] = [list(t) for t in best_tables]
            for _ in range(2):
                x, y = rng.sample(range(len(tables)), 2)
                i, j = rng.randrange(len(tables[x])), rng.randrange(len(tables[y]))
                tables[x][i], tables[y][j] = tables[y][j], tables[x][i]
            current, stalled = total(), 0
    return best_tables
