"""Local search for draws no construction covers, and for keep-apart wishes a construction
breaks: a tabu search over swaps of two players between tables of one round, driven by the
pairs in conflict (met before, or to be kept apart), as for the social golfer problem
(Dotú and Van Hentenryck, 2005): each move weighs every swap of the players of a few pairs in
conflict with the players of the other tables of a round where the pair sits together, takes
the best one not tabu (or one better than the best draw seen), makes the two players tabu in
that round for a few moves, and after a long stall starts again from the best draw seen,
shaken by a few random swaps.

Everything is counted on player indices 0..n-1. The budget is a number of moves, never a time,
so a seed always gives the same draw; a deadline is only a safety stop, and says so.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

# A keep-apart pair seated together costs more than any number of repeats one swap can undo.
APART_WEIGHT = 1000
TABU_TENURE = 7
# The clock is looked at this often (in moves): only the safety stop reads it.
CLOCK_EVERY = 256
# Pairs in conflict whose players' swaps a move weighs (both players of each): two pairs halve
# the repeats one pair reaches for the same moves (21 in threes for 10 rounds from a random
# start: 8 rather than 15 in 21,000 moves).
SAMPLED = 2


def history_cost(met: Sequence[int]) -> int:
    """The repeats among meetings already counted (each pair appears twice in `met`)."""
    return sum(max(0, count - 1) for count in met) // 2


class IndexedSet:
    """A set of ints with O(1) add, discard and a seeded random choice."""

    def __init__(self) -> None:
        self.items: list[int] = []
        self.where: dict[int, int] = {}

    def add(self, item: int) -> None:
        if item not in self.where:
            self.where[item] = len(self.items)
            self.items.append(item)

    def discard(self, item: int) -> None:
        index = self.where.pop(item, None)
        if index is None:
            return
        last = self.items.pop()
        if index < len(self.items):
            self.items[index] = last
            self.where[last] = index

    def __len__(self) -> int:
        return len(self.items)


class Search:
    """Rounds of tables being improved; `met` counts meetings including the history's."""

    def __init__(
        self,
        players: int,
        rounds: list[list[list[int]]],
        *,
        history: Sequence[int],
        apart: Sequence[bool],
        rng: random.Random,
        window: int | None = None,
    ) -> None:
        self.n = players
        self.tables = rounds
        self.apart = apart
        self.rng = rng
        # Swiss rounds swap only between tables this close in the standings.
        self.window = window
        self.history = history
        # Set when the safety stop (a time cap) ended a run before its moves were spent.
        self.stopped_early = False
        self.load(rounds)
        # Swiss: each player's table by the standings. A player never moves further than the
        # window from it, however many swaps (and restarts) the search makes.
        self.home = [list(where) for where in self.where]

    def load(self, rounds: list[list[list[int]]]) -> None:
        """Start from these rounds: count every meeting and every conflict afresh."""
        players = self.n
        self.tables = rounds
        self.met = list(self.history)
        self.now = [0] * (players * players)
        self.where = [[0] * players for _ in rounds]
        self.conflicts = IndexedSet()
        self.cost = history_cost(self.history)
        for r, tables in enumerate(rounds):
            for t, table in enumerate(tables):
                for p in table:
                    self.where[r][p] = t
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        self.meet(a, b, 1)

    def meet(self, a: int, b: int, step: int) -> None:
        """Seat a and b together once more (step 1) or once less (step -1), keeping the cost."""
        n = self.n
        ab, ba = a * n + b, b * n + a
        if step > 0:
            self.cost += self.join(a, b)
        self.met[ab] += step
        self.met[ba] += step
        self.now[ab] += step
        self.now[ba] += step
        if step < 0:
            self.cost -= self.join(a, b)
        key = min(ab, ba)
        if self.now[ab] and (self.met[ab] >= 2 or self.apart[ab]):
            self.conflicts.add(key)
        else:
            self.conflicts.discard(key)

    def join(self, a: int, b: int) -> int:
        """What seating a with b once more would add to the cost."""
        ab = a * self.n + b
        return (1 if self.met[ab] >= 1 else 0) + (APART_WEIGHT if self.apart[ab] else 0)

    def leave(self, a: int, b: int) -> int:
        """What parting a from b once would take off the cost (negative or zero)."""
        ab = a * self.n + b
        return -(1 if self.met[ab] >= 2 else 0) - (APART_WEIGHT if self.apart[ab] else 0)

    def swap(self, r: int, p: int, q: int) -> None:
        tables = self.tables[r]
        a, b = self.where[r][p], self.where[r][q]
        for x in tables[a]:
            if x != p:
                self.meet(p, x, -1)
        for y in tables[b]:
            if y != q:
                self.meet(q, y, -1)
        tables[a][tables[a].index(p)] = q
        tables[b][tables[b].index(q)] = p
        self.where[r][p], self.where[r][q] = b, a
        for x in tables[a]:
            if x != q:
                self.meet(q, x, 1)
        for y in tables[b]:
            if y != p:
                self.meet(p, y, 1)

    def best_swap(
        self, r: int, p: int, tabu: list[list[int]], step: int, best: int
    ) -> tuple[int, int] | None:
        """The best swap of p with a player at another table of round r: (delta, q)."""
        tables = self.tables[r]
        a = self.where[r][p]
        home = [x for x in tables[a] if x != p]
        leave_p = sum(self.leave(p, x) for x in home)
        found: tuple[int, int] | None = None
        ties = 0
        for b, table in enumerate(tables):
            if b == a or not self.near(r, p, b):
                continue
            join_p = sum(self.join(p, y) for y in table)
            for q in table:
                if not self.near(r, q, a):
                    continue
                delta = leave_p + join_p - self.join(p, q)
                for y in table:
                    if y != q:
                        delta += self.leave(q, y)
                for x in home:
                    delta += self.join(q, x)
                allowed = tabu[r][q] <= step or self.cost + delta < best
                if not allowed:
                    continue
                if found is None or delta < found[0]:
                    found, ties = (delta, q), 1
                elif delta == found[0]:
                    # Reservoir sampling: every equally good swap is as likely.
                    ties += 1
                    if self.rng.randrange(ties) == 0:
                        found = (delta, q)
        return found

    def near(self, r: int, p: int, table: int) -> bool:
        """Whether p may sit at `table` in round r: always, but for Swiss within the window of
        p's table by the standings."""
        return self.window is None or abs(table - self.home[r][p]) <= self.window

    def run(
        self, *, moves: int, floor: int, deadline: float | None = None
    ) -> list[list[list[int]]]:
        """Improve for at most `moves` swaps, stopping at `floor`; the best rounds seen. The
        result depends on the moves alone, unless the clock (time.monotonic) passes `deadline`
        first: a safety stop, reported in `stopped_early`."""
        best = self.cost
        snapshot = [[list(t) for t in tables] for tables in self.tables]
        tabu = [[0] * self.n for _ in self.tables]
        stalled = 0
        for step in range(1, moves + 1):
            if best <= floor or not self.conflicts:
                break
            if deadline is not None and step % CLOCK_EVERY == 0 and time.monotonic() > deadline:
                self.stopped_early = True
                break
            move = self.best_move(tabu, step, best)
            if move is None:
                continue
            r, p, q = move
            self.swap(r, p, q)
            tabu[r][p] = tabu[r][q] = step + TABU_TENURE + self.rng.randrange(3)
            if self.cost < best:
                best, stalled = self.cost, 0
                snapshot = [[list(t) for t in tables] for tables in self.tables]
            else:
                stalled += 1
            if stalled > 40 * self.n:
                # Stuck: start again from the best seen, shaken by a few random swaps.
                self.restart(snapshot)
                stalled = 0
        return snapshot

    def best_move(self, tabu: list[list[int]], step: int, best: int) -> tuple[int, int, int] | None:
        """The best swap (round, p, q) for a few players in conflict, drawn at random: both
        players of SAMPLED pairs in a round where they share a table."""
        found: tuple[int, int, int, int] | None = None
        for _ in range(SAMPLED):
            key = self.conflicts.items[self.rng.randrange(len(self.conflicts))]
            a, b = divmod(key, self.n)
            shared = [r for r in range(len(self.tables)) if self.where[r][a] == self.where[r][b]]
            r = self.rng.choice(shared)
            for p in (a, b):
                choice = self.best_swap(r, p, tabu, step, best)
                if choice is not None and (found is None or choice[0] < found[0]):
                    found = (choice[0], r, p, choice[1])
        return None if found is None else found[1:]

    def restart(self, snapshot: list[list[list[int]]]) -> None:
        self.load([[list(t) for t in tables] for tables in snapshot])
        for _ in range(max(2, self.n // 10)):
            r = self.rng.randrange(len(self.tables))
            tables = self.tables[r]
            if len(tables) < 2:
                return
            a, b = self.rng.sample(range(len(tables)), 2)
            p, q = self.rng.choice(tables[a]), self.rng.choice(tables[b])
            if self.near(r, p, b) and self.near(r, q, a):
                self.swap(r, p, q)


def greedy_round(
    order: Sequence[int], sizes: Sequence[int], met: Sequence[int], apart: Sequence[bool], n: int
) -> list[list[int]]:
    """One round seated player by player in `order`, each at the open table where they meet the
    fewest players met before or to be kept apart from (the emptier table on a tie)."""
    tables: list[list[int]] = [[] for _ in sizes]
    for p in order:
        best_table, best_cost = -1, 0
        for t, table in enumerate(tables):
            if len(table) >= sizes[t]:
                continue
            cost = sum(
                (met[p * n + x] * 1 + (APART_WEIGHT if apart[p * n + x] else 0)) for x in table
            ) * 1000 + len(table)
            if best_table < 0 or cost < best_cost:
                best_table, best_cost = t, cost
        tables[best_table].append(p)
    return tables
