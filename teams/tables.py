"""A division's team table from its played matches: pure Python, no Django, mypy --strict.

Teams are ordered by the competition's tie-breakers (teams.tiebreakers), by default: match
points, then the games (the difference of what their players earned at the tables and what
their opponents' players earned), what they earned, matches won, and last the results between
the teams still level (their match points against each other). Teams level on everything share
a place.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from teams.match_rules import DRAW, WIN
from teams.tiebreakers import DEFAULT_BREAKERS, Breaker, order_table

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class PlayedMatch(Generic[T]):
    home: T
    away: T
    home_score: int
    away_score: int


@dataclass
class TableRow(Generic[T]):
    team: T
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    score_for: int = 0
    score_against: int = 0
    match_points: int = 0
    place: int = 0
    opponents: dict[T, int] = field(default_factory=dict)
    """Match points taken from each opponent: the head-to-head tie-breaker reads them."""
    decided_by: Breaker | None = None
    """The tie-breaker that set the team below the row above, when match points did not."""

    @property
    def difference(self) -> int:
        return self.score_for - self.score_against


def _book(row: TableRow[T], opponent: T, scored: int, conceded: int) -> None:
    row.played += 1
    row.score_for += scored
    row.score_against += conceded
    points = WIN if scored > conceded else DRAW if scored == conceded else 0
    row.match_points += points
    row.won += scored > conceded
    row.drawn += scored == conceded
    row.lost += scored < conceded
    row.opponents[opponent] = row.opponents.get(opponent, 0) + points


def team_table(
    teams: Sequence[T],
    matches: Iterable[PlayedMatch[T]],
    breakers: Sequence[Breaker] = DEFAULT_BREAKERS,
) -> list[TableRow[T]]:
    """Every team of `teams` (those without a match yet too), best first, each with its place;
    teams level on every breaker in the order of `teams`."""
    rows = {team: TableRow(team) for team in teams}
    for match in matches:
        _book(rows[match.home], match.away, match.home_score, match.away_score)
        _book(rows[match.away], match.home, match.away_score, match.home_score)
    return order_table(list(rows.values()), breakers)


def promote_and_relegate(divisions: Sequence[Sequence[T]], *, up: int, down: int) -> list[list[T]]:
    """Next season's divisions from this season's final tables (top division first, each best
    first): the `up` best of each division but the top go up one, the `down` worst of each but
    the bottom go down one. Those who stay keep their order, then come those relegated into
    the division (from above), then those promoted into it (from below): next season's seeds.
    With up == down every division keeps its size."""
    if up < 0 or down < 0:
        raise ValueError("Promotion and relegation count teams: not below zero.")
    last = len(divisions) - 1
    staying: list[list[T]] = []
    going_up: list[list[T]] = []
    going_down: list[list[T]] = []
    for level, teams in enumerate(divisions):
        rising = list(teams[:up]) if level > 0 else []
        falling = list(teams[len(teams) - down :]) if level < last and down else []
        if len(rising) + len(falling) > len(teams) or set(rising) & set(falling):
            raise ValueError("A division has too few teams for that promotion and relegation.")
        staying.append([team for team in teams if team not in rising and team not in falling])
        going_up.append(rising)
        going_down.append(falling)
    return [
        staying[level]
        + (going_down[level - 1] if level > 0 else [])
        + (going_up[level + 1] if level < last else [])
        for level in range(len(divisions))
    ]
