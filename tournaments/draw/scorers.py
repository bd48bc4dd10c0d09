"""Every table with a player who can score its game: pure Python, no Django (mypy --strict).

A table's game is scored on the club's tablet by one of its members; a table of guests only
cannot start. The draw (Swiss by the standings, or any other) knows nothing of who is a guest,
so its tables are mended afterwards: each table without a scorer swaps one of its players with
a scorer of the nearest table that has two or more, the nearest in table number first (the
Swiss draw seats tables by the standings, so the nearest table holds the nearest ranks). The
scorer takes the guest's seat and the guest the scorer's; every other seat stays as drawn.
Each swap gives one table its scorer and leaves the giving table one at least, so there are at
most as many swaps as tables; with fewer scorers than tables no mending can work, and that is
refused (NotEnoughScorers) for the caller to word.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

Tables = tuple[tuple[int, ...], ...]


class NotEnoughScorers(ValueError):
    """Fewer players who can score than tables: some table would seat no scorer."""

    def __init__(self, *, tables: int, scorers: int) -> None:
        super().__init__(f"{tables} tables, {scorers} players who can score")
        self.tables = tables
        self.scorers = scorers


def scorers_at(table: Sequence[int], scorers: Collection[int]) -> int:
    return sum(1 for player in table if player in scorers)


def seat_scorers(tables: Sequence[Sequence[int]], scorers: Collection[int]) -> Tables:
    """The tables with a scorer at each (see the module's text): unchanged when every table
    has one already."""
    seated = [list(table) for table in tables]
    present = sum(scorers_at(table, scorers) for table in seated)
    if present < len(seated):
        raise NotEnoughScorers(tables=len(seated), scorers=present)
    for number, table in enumerate(seated):
        if scorers_at(table, scorers):
            continue
        giver = min(
            (other for other in range(len(seated)) if scorers_at(seated[other], scorers) >= 2),
            key=lambda other: (abs(other - number), other),
        )
        # The giving table's last scorer in seat order, for this table's last player.
        gives = max(seat for seat, p in enumerate(seated[giver]) if p in scorers)
        takes = len(table) - 1
        seated[giver][gives], table[takes] = table[takes], seated[giver][gives]
    return tuple(tuple(table) for table in seated)
