"""A division's team table from its played matches: pure Python, no Django, mypy --strict.

Teams are ordered by the competition's tie-breakers (the competitions' one vocabulary,
scoring.rules.tiebreakers: `TEAM`), by default: match points, then the games (the difference of
what their players earned at the tables and what their opponents' players earned), what they
earned, matches won, and last the results between the teams still level (their match points
against each other: a mini-league of exactly the teams level when head to head is reached).
Teams level on everything share a place and keep the order they came in (the division's seeds).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from scoring.rules import tiebreakers as vocabulary
from scoring.rules.errors import RuleError
from teams.match_rules import DRAW, WIN

# The order the tables kept before tie-breakers were a choice: the default, so a competition
# that chooses nothing keeps its table as it was.
DEFAULT_BREAKERS: tuple[str, ...] = vocabulary.TEAM_USUAL_ORDER

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
    decided_by: str | None = None
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
    breakers: Sequence[str] = DEFAULT_BREAKERS,
) -> list[TableRow[T]]:
    """Every team of `teams` (those without a match yet too), best first, each with its place;
    teams level on every breaker in the order of `teams`."""
    rows = {team: TableRow(team) for team in teams}
    for match in matches:
        _book(rows[match.home], match.away, match.home_score, match.away_score)
        _book(rows[match.away], match.home, match.away_score, match.home_score)
    return order_table(list(rows.values()), breakers)


def parse_breakers(text: str) -> tuple[str, ...]:
    """The breakers written as "match_points,difference,..."; ValueError when one is unknown,
    repeated, or none is given. A key a competition kept under its old name is read as its new
    one (vocabulary.RENAMED)."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    breakers = tuple(vocabulary.RENAMED.get(name, name) for name in names)
    try:
        return tuple(vocabulary.check_order(list(breakers), vocabulary.TEAM))
    except RuleError as error:
        raise ValueError(str(error)) from error


def _measure(key: str, row: TableRow[T], level: Sequence[TableRow[T]]) -> int:
    if key == vocabulary.HEAD_TO_HEAD:
        return sum(row.opponents.get(other.team, 0) for other in level)
    figures = {
        "match_points": row.match_points,
        "difference": row.difference,
        "score_for": row.score_for,
        "wins": row.won,
    }
    return figures[key]


def order_table(rows: Sequence[TableRow[T]], breakers: Sequence[str]) -> list[TableRow[T]]:
    """The rows best first, each with its place and what decided it against the row above."""
    unknown = [key for key in breakers if key not in vocabulary.TEAM]
    if unknown:
        raise ValueError(f"unknown tie-breaker {unknown[0]!r}")
    ordered = []
    for placed in vocabulary.rank(rows, breakers, _measure):
        placed.row.place, placed.row.decided_by = placed.rank, placed.decided_by
        ordered.append(placed.row)
    return ordered


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
