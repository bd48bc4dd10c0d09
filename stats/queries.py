"""Read the one row that holds each of several records, in a single query.

A record is "the first row of this ordering": the highest total, the longest run. Each is a
LIMIT 1 read down an index, so its cost does not grow with the club's history; all of a page's
records go to the database as one UNION ALL of such reads, so the page's query count does not
grow with the number of records either. The union is built through the ORM on each visit; on
PostgreSQL the server prepares it once a connection has run it a few times (psycopg's
prepare_threshold, balutclub/settings.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import CharField, OrderBy, QuerySet, Value

from league.models import PlayerResultRow
from scoring.box_names import game_title

FIELDS = (
    "member_id",
    "player__name",
    "game_id",
    "game__started_at",
    "run_started_id",
    "run_started__started_at",
    "score",
    "baluts",
    "game_baluts",
    "winning_run",
)


@dataclass(frozen=True)
class GameRef:
    """Enough of a game to link to it and date it."""

    id: int
    ruleset: str
    started_at: datetime

    @property
    def title(self) -> str:
        return game_title(self.ruleset)


@dataclass(frozen=True)
class FirstRow:
    """The row a record was read from: who held the seat, the game, and its kept figures."""

    ruleset: str
    member_id: int | None
    name: str
    game: GameRef
    run_started: GameRef | None
    score: int
    baluts: int
    game_baluts: int
    winning_run: int


@dataclass(frozen=True)
class Wanted:
    """One record to read: among `rows`, the first by `ordering`."""

    key: str
    ruleset: str
    rows: QuerySet[PlayerResultRow]
    ordering: Sequence[str | OrderBy]


def first_rows(wanted: Sequence[Wanted]) -> Mapping[str, FirstRow]:
    """The first row of each ordering `wanted` names, by its key; a key with no row is left
    out. `wanted` must name at least one."""
    parts = [
        PlayerResultRow.objects.filter(
            pk__in=item.rows.filter(ruleset=item.ruleset).order_by(*item.ordering).values("pk")[:1]
        )
        .annotate(record=Value(item.key, output_field=CharField()))
        .values_list("record", "ruleset", *FIELDS)
        .order_by()
        for item in wanted
    ]
    union = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    return {str(record): _first_row(tuple(row)) for record, *row in union}


def _count(figure: object) -> int:
    assert isinstance(figure, int)
    return figure


def _first_row(row: tuple[object, ...]) -> FirstRow:
    ruleset, member_id, name, game_id, started_at, run_id, run_at, *figures = row
    assert isinstance(ruleset, str) and isinstance(game_id, int)
    assert isinstance(started_at, datetime)
    score, baluts, game_baluts, winning_run = (_count(figure) for figure in figures)
    return FirstRow(
        ruleset=ruleset,
        member_id=member_id if isinstance(member_id, int) else None,
        name=str(name),
        game=GameRef(game_id, ruleset, started_at),
        run_started=(
            GameRef(run_id, ruleset, run_at)
            if isinstance(run_id, int) and isinstance(run_at, datetime)
            else None
        ),
        score=score,
        baluts=baluts,
        game_baluts=game_baluts,
        winning_run=winning_run,
    )
