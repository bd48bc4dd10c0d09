"""Why each repeat of a draw could not be avoided, in codes and numbers (the pages word them).

- FORCED: one of the two sits with more players over the rounds than there are others they may
  meet (the entrants less those they are kept apart from), so some pair of theirs meets twice.
- CROWDED: a table seats more players than there are tables, so in every round after the
  first some of its players sat together at one table before.
- HISTORY: the pair met in rounds already played and the rounds drawn now leave no other table.
- SEARCH: no known design fits these numbers and the search, within its budget of moves, found
  no draw without it. A bound says how many repeats are forced at least.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

FORCED = "forced"
HISTORY = "history"
CROWDED = "crowded"
SEARCH = "search"
APART_FORCED = "apart_forced"
APART_SEARCH = "apart_search"


@dataclass(frozen=True)
class Repeat:
    """Two players seated together more than once, or a keep-apart pair seated together."""

    players: tuple[int, int]
    # The drawn rounds (0-based) where they share a table.
    rounds: tuple[int, ...]
    # Their meetings in all: the rounds played before the draw too.
    times: int
    reason: str
    # For FORCED: the player, the seats they meet and the others they may meet.
    player: int = 0
    seats_met: int = 0
    others: int = 0


def explain(
    *,
    ids: Sequence[int],
    rounds: Sequence[Sequence[Sequence[int]]],
    history: Sequence[int],
    history_seats: Sequence[int],
    apart: Sequence[bool],
) -> tuple[Repeat, ...]:
    """Every repeated or kept-apart pair of the drawn `rounds` (indices), with its reason."""
    n = len(ids)
    seats_met = list(history_seats)
    shared: dict[tuple[int, int], list[int]] = {}
    for r, tables in enumerate(rounds):
        for table in tables:
            for i, a in enumerate(table):
                seats_met[a] += len(table) - 1
                for b in table[i + 1 :]:
                    shared.setdefault((min(a, b), max(a, b)), []).append(r)
    tables_a_round = len(rounds[0]) if rounds else 0
    partners = [sum(1 for q in range(n) if apart[p * n + q]) for p in range(n)]
    explained = []
    for (a, b), met_in in sorted(shared.items()):
        times = len(met_in) + history[a * n + b]
        kept_apart = apart[a * n + b]
        if not kept_apart and times < 2:
            continue
        pair = (ids[a], ids[b])
        if kept_apart:
            # A group larger than the round's tables cannot be seated apart.
            crowded = partners[a] + 1 > tables_a_round or partners[b] + 1 > tables_a_round
            reason = APART_FORCED if crowded else APART_SEARCH
            explained.append(Repeat(pair, tuple(met_in), times, reason))
            continue
        forced = [p for p in (a, b) if seats_met[p] > n - 1 - partners[p]]
        if forced:
            p = forced[0]
            explained.append(
                Repeat(
                    pair, tuple(met_in), times, FORCED, ids[p], seats_met[p], n - 1 - partners[p]
                )
            )
        elif max(len(t) for t in rounds[0]) > tables_a_round:
            explained.append(Repeat(pair, tuple(met_in), times, CROWDED))
        elif history[a * n + b]:
            explained.append(Repeat(pair, tuple(met_in), times, HISTORY))
        else:
            explained.append(Repeat(pair, tuple(met_in), times, SEARCH))
    return tuple(explained)
