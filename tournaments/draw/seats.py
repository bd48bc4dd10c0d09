"""Seat order (the starting order) at each table, balanced over the rounds: each seat in turn
goes to the table's player who has sat in it least, so the first seat, the one that starts,
passes round the players as evenly as the tables allow."""

from __future__ import annotations

from collections.abc import Sequence


def seat_counts(
    rounds: Sequence[Sequence[Sequence[int]]], players: int, seats: int
) -> list[list[int]]:
    # The rounds played may have seated more a table than this one does (a late entry turns
    # two tables of 4 into three of 3): every seat they used is counted.
    widest = max((len(table) for tables in rounds for table in tables), default=0)
    counts = [[0] * max(seats, widest) for _ in range(players)]
    for tables in rounds:
        for table in tables:
            for seat, p in enumerate(table):
                counts[p][seat] += 1
    return counts


def order_seats(
    rounds: Sequence[Sequence[Sequence[int]]], counts: list[list[int]]
) -> list[list[list[int]]]:
    """The rounds with each table in seat order; `counts` (per player, per seat) is updated."""
    ordered: list[list[list[int]]] = []
    for tables in rounds:
        ordered_tables = []
        for table in tables:
            left = list(table)
            seated = []
            for seat in range(len(table)):
                # Fewest times in this seat, then fewest times in earlier seats overall.
                p = min(left, key=lambda x: (counts[x][seat], sum(counts[x][:seat])))
                left.remove(p)
                seated.append(p)
                counts[p][seat] += 1
            ordered_tables.append(seated)
        ordered.append(ordered_tables)
    return ordered
