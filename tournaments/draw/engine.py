"""The draw: who sits at which table, in which seat, round by round.

`draw()` takes the entrants (any distinct integers), the table size, the rounds and a seed, and
optionally keep-apart groups, the rounds already played (history) and standings (Swiss). It
seeds a known construction where one fits (designs.py), puts keep-apart groups into classes of
players the construction never seats together, seats the rest greedily, and improves the whole
by local search (search.py) until no repeat is left or the budget of moves is spent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.draw.designs import Construction, construct
from tournaments.draw.explain import Repeat, explain
from tournaments.draw.search import Search, greedy_round, history_cost
from tournaments.draw.seats import order_seats, seat_counts
from tournaments.draw.tables import fewest_repeats, table_sizes

# Rounds of a tournament day (its model's constraint); a draw planned from the command line may
# have more, up to a Kirkman triple system's 49 rounds of 99 players.
MAX_ROUNDS = 30
MAX_DRAW_ROUNDS = 50
# Swaps the search may try, per player: the budget grows with the field (a larger field has
# more to untangle). A seed gives one draw, never a draw that depends on how fast the machine
# is. The pages draw with the default; `draw_tables` plans with PLANNING_EFFORT.
DEFAULT_EFFORT = 60
PLANNING_EFFORT = 1_000
MIN_MOVES = 1_000
# Safety stop only: a search still running after this many seconds ends with its best draw and
# says so (Draw.stopped_early). A draw reaching it is no longer the same on every machine.
DEFAULT_TIME_CAP = 30.0


class DrawError(ValueError):
    """A draw that cannot be asked for: the message says why."""


@dataclass(frozen=True)
class Draw:
    # Per round, per table, the players in seat order (the first seat starts).
    rounds: tuple[tuple[tuple[int, ...], ...], ...]
    # Meetings in these rounds of pairs who had met already (in them or in the history).
    repeats: int
    # Keep-apart pairs seated together, once per round they share a table.
    apart_broken: int
    explanations: tuple[Repeat, ...]
    method: str
    # No draw of these rounds has fewer repeats (a counting bound, tables.fewest_repeats; the
    # history only adds to it): repeats - lower_bound is how far from perfect the draw is.
    lower_bound: int = 0
    # The safety time cap ended the search before its budget of moves was spent.
    stopped_early: bool = False


def draw(
    entrants: Sequence[int],
    *,
    table_size: int,
    rounds: int,
    seed: int = 0,
    apart: Sequence[Sequence[int]] = (),
    history: Sequence[Sequence[Sequence[int]]] = (),
    standings: Sequence[int] | None = None,
    effort: int = DEFAULT_EFFORT,
    time_cap: float | None = DEFAULT_TIME_CAP,
) -> Draw:
    ids = list(entrants)
    if len(set(ids)) != len(ids):
        raise DrawError("an entrant is listed twice")
    if not 1 <= rounds <= MAX_DRAW_ROUNDS:
        raise DrawError(f"a draw has 1 to {MAX_DRAW_ROUNDS} rounds, not {rounds}")
    try:
        sizes = table_sizes(len(ids), table_size)
    except ValueError as error:
        raise DrawError(str(error)) from error
    index = {player: i for i, player in enumerate(ids)}
    n = len(ids)
    rng = random.Random(seed)
    groups = [sorted({index[p] for p in group if p in index}) for group in apart]
    groups = [group for group in groups if len(group) > 1]
    kept_apart = [False] * (n * n)
    for group in groups:
        for a in group:
            for b in group:
                kept_apart[a * n + b] = a != b
    played = [[[index[p] for p in table if p in index] for table in tables] for tables in history]
    met = [0] * (n * n)
    seats_met = [0] * n
    for tables in played:
        for table in tables:
            for a in table:
                seats_met[a] += len(table) - 1
                for b in table:
                    if a != b:
                        met[a * n + b] += 1
    budget = Budget(
        moves=max(MIN_MOVES, effort * n),
        deadline=None if time_cap is None else time.monotonic() + time_cap,
    )
    if standings is None:
        drawn, method = _draw_all(n, sizes, rounds, met, played, kept_apart, groups, rng, budget)
    else:
        ranking = [index[p] for p in standings if p in index]
        ranking += [i for i in range(n) if i not in set(ranking)]
        drawn = _draw_swiss(n, sizes, rounds, met, kept_apart, ranking, rng, budget)
        method = "Swiss (by the standings)"
    counts = seat_counts(played, n, max(sizes))
    seated = order_seats(drawn, counts)
    total = list(met)
    for tables in seated:
        for table in tables:
            for a in table:
                for b in table:
                    if a != b:
                        total[a * n + b] += 1
    repeats = sum(max(0, total[i] - 1) - max(0, met[i] - 1) for i in range(n * n) if i // n < i % n)
    broken = sum(
        1
        for tables in seated
        for table in tables
        for x, a in enumerate(table)
        for b in table[x + 1 :]
        if kept_apart[a * n + b]
    )
    return Draw(
        rounds=tuple(tuple(tuple(ids[p] for p in table) for table in tables) for tables in seated),
        repeats=repeats,
        apart_broken=broken,
        explanations=explain(
            ids=ids, rounds=seated, history=met, history_seats=seats_met, apart=kept_apart
        ),
        method=method,
        lower_bound=fewest_repeats(n, sizes, rounds),
        stopped_early=budget.stopped_early,
    )


@dataclass
class Budget:
    moves: int
    deadline: float | None
    stopped_early: bool = False

    def run(self, search: Search, floor: int) -> list[list[list[int]]]:
        best = search.run(moves=self.moves, floor=floor, deadline=self.deadline)
        self.stopped_early = self.stopped_early or search.stopped_early
        return best


def _draw_all(
    n: int,
    sizes: tuple[int, ...],
    rounds: int,
    history: list[int],
    played: list[list[list[int]]],
    kept_apart: list[bool],
    groups: list[list[int]],
    rng: random.Random,
    budget: Budget,
) -> tuple[list[list[list[int]]], str]:
    built = construct(n, sizes[0], rounds) if not any(history) else None
    drawn: list[list[list[int]]] = []
    if built is not None:
        label = _labels(n, built, groups, rng)
        drawn = [[[label[point] for point in table] for table in tables] for tables in built.rounds]
    elif (
        len(played) == 1
        and [len(table) for table in played[0]] == list(sizes)
        and (after := construct(n, sizes[0], rounds + 1)) is not None
    ):
        # One round played: any round of full tables is the construction's first round under
        # some labelling, so the construction goes on from it without a repeat.
        label = [-1] * n
        for table, points in zip(played[0], after.rounds[0], strict=True):
            for player, point in zip(table, points, strict=True):
                label[point] = player
        drawn = [[[label[p] for p in table] for table in tables] for tables in after.rounds[1:]]
        built = Construction(after.name, after.rounds[1:], after.classes)
    met = list(history)
    for tables in drawn:
        _count(tables, met, n)
    while len(drawn) < rounds:
        order = list(range(n))
        rng.shuffle(order)
        tables = greedy_round(order, sizes, met, kept_apart, n)
        _count(tables, met, n)
        drawn.append(tables)
    floor = history_cost(history)
    if not any(history):
        floor += fewest_repeats(n, sizes, rounds)
    search = Search(n, drawn, history=history, apart=kept_apart, rng=rng)
    best = budget.run(search, floor)
    method = "local search"
    if built is not None:
        method = built.name if len(built.rounds) == rounds else f"{built.name}, then local search"
    return best, method


def _draw_swiss(
    n: int,
    sizes: tuple[int, ...],
    rounds: int,
    history: list[int],
    kept_apart: list[bool],
    ranking: list[int],
    rng: random.Random,
    budget: Budget,
) -> list[list[list[int]]]:
    """Each round seats the standings in order, table by table, then swaps only between
    neighbouring tables to spare repeats and keep-apart pairs."""
    met = list(history)
    drawn = []
    for _ in range(rounds):
        tables, start = [], 0
        for size in sizes:
            tables.append(ranking[start : start + size])
            start += size
        search = Search(n, [tables], history=met, apart=kept_apart, rng=rng, window=1)
        best = budget.run(search, history_cost(met))[0]
        _count(best, met, n)
        drawn.append(best)
    return drawn


def _count(tables: list[list[int]], met: list[int], n: int) -> None:
    for table in tables:
        for a in table:
            for b in table:
                if a != b:
                    met[a * n + b] += 1


def _labels(n: int, built: Construction, groups: list[list[int]], rng: random.Random) -> list[int]:
    """Which player takes each point of the construction: keep-apart groups (joined where they
    share a player) into classes the construction never seats together, the rest at random."""
    merged: list[set[int]] = []
    for group in groups:
        members = set(group)
        touching = [m for m in merged if m & members]
        merged = [m for m in merged if not m & members] + [members.union(*touching)]
    free = [list(points) for points in built.classes]
    for points in free:
        rng.shuffle(points)
    label = [-1] * n
    placed: set[int] = set()
    for joined in sorted(merged, key=lambda g: (-len(g), min(g))):
        roomy = max(range(len(free)), key=lambda c: len(free[c]))
        if len(free[roomy]) < len(joined):
            continue
        for player in sorted(joined):
            label[free[roomy].pop()] = player
            placed.add(player)
    rest = [p for p in range(n) if p not in placed]
    rng.shuffle(rest)
    points = [point for point in range(n) if label[point] < 0]
    for point, player in zip(points, rest, strict=True):
        label[point] = player
    return label
