"""A team match's format and its arithmetic: pure Python, no Django, mypy --strict.

Each team fields `players_per_team` players, numbered 1..n in the order its captain lists them.
They sit at tables of `table_size` mixing both teams equally: table t seats home and away
players alternately (home 1, away 1, home 2, away 2, ... for the first table), so no table is a
one-team affair and each team has the same number of players at every table.

Each player earns their team a figure from their game: its points, in a game scored by points,
or by places: at a table of k, first place is worth k-1, the next k-2, down to 0 for the last
(tied players share the better place, as the engine ranks them). The teams' totals decide the
match: the higher wins `win` match points, a level match gives each `draw`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from scoring.rules import MAX_PLAYERS, MIN_PLAYERS


class Side(StrEnum):
    HOME = "home"
    AWAY = "away"


class Counting(StrEnum):
    PLACES = "places"
    POINTS = "points"


MAX_PLAYERS_PER_TEAM: Final = 12
WIN: Final = 2
DRAW: Final = 1


class FormatError(ValueError):
    """A match format that cannot seat its players: the reason, in English (the Django layer
    words its own refusals)."""


@dataclass(frozen=True)
class Seat:
    side: Side
    slot: int
    """The player's number in their team's list, from 1."""


@dataclass(frozen=True)
class MatchFormat:
    players_per_team: int
    table_size: int
    counting: Counting = Counting.PLACES

    def __post_init__(self) -> None:
        if not 1 <= self.players_per_team <= MAX_PLAYERS_PER_TEAM:
            raise FormatError(f"A team fields 1 to {MAX_PLAYERS_PER_TEAM} players.")
        if not MIN_PLAYERS <= self.table_size <= MAX_PLAYERS or self.table_size % 2:
            raise FormatError(f"A table seats an even number of players, {MIN_PLAYERS} to 8.")
        if (2 * self.players_per_team) % self.table_size:
            raise FormatError("The players of both teams must fill whole tables.")

    @property
    def tables(self) -> list[list[Seat]]:
        """Each table's seats in seating order, home and away alternating."""
        per_side = self.table_size // 2
        return [
            [
                Seat(side, table * per_side + slot + 1)
                for slot in range(per_side)
                for side in (Side.HOME, Side.AWAY)
            ]
            for table in range(2 * self.players_per_team // self.table_size)
        ]


@dataclass(frozen=True)
class SeatResult:
    """A seat's outcome in its table's game, as the engine gave it."""

    seat: Seat
    rank: int
    points: int | None


def seat_figure(result: SeatResult, *, counting: Counting, table_size: int) -> int:
    """What the seat earns its team: its game points, or its place's worth."""
    if counting == Counting.POINTS:
        if result.points is None:
            raise FormatError("This game scores no points: count places instead.")
        return result.points
    return table_size - result.rank


@dataclass(frozen=True)
class MatchScore:
    home: int
    away: int

    @property
    def match_points(self) -> tuple[int, int]:
        """(home, away) match points."""
        if self.home == self.away:
            return DRAW, DRAW
        return (WIN, 0) if self.home > self.away else (0, WIN)

    @property
    def winner(self) -> Side | None:
        if self.home == self.away:
            return None
        return Side.HOME if self.home > self.away else Side.AWAY


def match_score(results: Iterable[SeatResult], match_format: MatchFormat) -> MatchScore:
    """The teams' totals from every seat's result."""
    totals = {Side.HOME: 0, Side.AWAY: 0}
    for result in results:
        totals[result.seat.side] += seat_figure(
            result, counting=match_format.counting, table_size=match_format.table_size
        )
    return MatchScore(home=totals[Side.HOME], away=totals[Side.AWAY])


def walkover_score(match_format: MatchFormat, winner: Side) -> MatchScore:
    """A match given without being played: by places, the winner's players take the best
    places at every table (first, second, ... for half the table) and the other team the
    rest; by game points, which no game gave, the least win there is, 1:0."""
    if match_format.counting == Counting.POINTS:
        best, rest = 1, 0
    else:
        per_side = match_format.table_size // 2
        tables = len(match_format.tables)
        places = [
            match_format.table_size - place for place in range(1, match_format.table_size + 1)
        ]
        best = tables * sum(places[:per_side])
        rest = tables * sum(places[per_side:])
    return MatchScore(best, rest) if winner == Side.HOME else MatchScore(rest, best)


def conceded_results(match_format: MatchFormat, table: int, conceding: Side) -> list[SeatResult]:
    """A table's game one side conceded, as lost by it: the other side's players take the best
    places in their seating order and the conceding side's the rest; by game points, which no
    game gave, the least win there is (1 a seat of the other side, 0 a conceding seat)."""
    seats = match_format.tables[table - 1]
    ordered = [s for s in seats if s.side != conceding] + [s for s in seats if s.side == conceding]
    return [
        SeatResult(seat, rank, 0 if seat.side == conceding else 1)
        for rank, seat in enumerate(ordered, start=1)
    ]
