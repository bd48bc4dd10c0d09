"""What the bar's TV board shows, and the fingerprint it is re-sent against. Nothing here writes.

The board polls every few seconds all evening, so `board_version` is the cheap part: one
query of indexed maxima and no rendering; `board` runs only when the version has moved.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from django.db import connection, models
from django.db.models import Count, Prefetch
from django.utils import timezone

from league.models import AuditEntry, DebtStatus, DrinkDebt, RegisterEntry
from league.register_record import RegisterRecord, register_records
from league.selectors import local_midnight, standing_entries
from scoring import rules
from scoring.models import Game, GamePlayer, GameStatus, Turn
from scoring.selectors import load_prefetched_game

# What fits a 1920x1080 TV in type read across the bar; the rest is counted ("+19 more"), and
# the board's script shrinks the type for whatever still does not fit (static/js/board.js).
MAX_TABLES = 6
MAX_BALUTS = 5
MAX_ENTRIES = 3
MAX_DEBTORS = 5
DEBT_CHANGES = ("created_at", "settled_at", "voided_at")
# The board's record is of the games the club's register is kept for unless it says otherwise.
RECORD_GAMES = [info.key for info in rules.RULESETS if info.register_bounds is not None]


@dataclass(frozen=True)
class TablePlayer:
    name: str
    score: int
    points: int | None
    rank: int
    next: bool


@dataclass(frozen=True)
class Table:
    game: Game
    title: str
    players: list[TablePlayer]
    turn: int
    total_turns: int | None


@dataclass(frozen=True)
class Debtor:
    name: str
    rounds: int


@dataclass(frozen=True)
class Board:
    tables: list[Table]
    bar_record: RegisterRecord | None
    """The register's record of the bar game (rule 13), and a better total still waiting."""
    baluts_today: list[Turn]
    entries: list[RegisterEntry]
    debtors: list[Debtor]
    baluts_tonight: int = 0
    """Every Balut thrown tonight; `baluts_today` holds the latest of them."""
    all_debtors: int = 0
    """Everyone who owes a round; `debtors` holds those who owe most."""

    @property
    def more_baluts(self) -> int:
        return max(0, self.baluts_tonight - len(self.baluts_today))

    @property
    def more_debtors(self) -> int:
        return max(0, self.all_debtors - len(self.debtors))


def start_of_today() -> datetime:
    """Midnight in the club's time zone: "today" is the bar's evening, not UTC's."""
    return local_midnight(timezone.localdate())


def _latest_sql() -> str:
    """Every maximum the fingerprint reads, in one statement: the board is polled by every TV
    and phone all evening, and six queries cost six round trips and six ORM compilations.
    Each scalar subquery is a lone maximum, which both SQLite and PostgreSQL read off its index.
    """
    columns = [
        (Game, "updated_at"),
        (RegisterEntry, "id"),
        # An entry removed or edited, a round reopened: every undo writes its audit line.
        (AuditEntry, "id"),
        *((DrinkDebt, field) for field in DEBT_CHANGES),
    ]
    quote = connection.ops.quote_name
    parts = []
    for model, name in columns:
        field = model._meta.get_field(name)
        assert isinstance(field, models.Field)  # a column of the model's own table
        parts.append(f"(SELECT MAX({quote(field.column)}) FROM {quote(model._meta.db_table)})")
    return "SELECT " + ", ".join(parts)


def board_state() -> str:
    """What the board shows, fingerprinted: it changes with every turn, correction or signature
    (each moves a game's `updated_at`), every register entry and every debt booked, settled or
    voided, and at midnight (today's Baluts start again). One query.

    Nothing in the app deletes a game, an entry or a debt, so the latest of each is enough."""
    with connection.cursor() as cursor:
        cursor.execute(_latest_sql())
        latest = cursor.fetchone()
    parts = [timezone.localdate(), latest]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def board_version(*, fragment: bool, state: str | None = None) -> str:
    """An ETag for the board, of its `state` (board_state() unless given). The page and its
    fragment differ, so their ETags do too."""
    state = board_state() if state is None else state
    return f"{'f' if fragment else 'p'}{state}"


def board() -> Board:
    """Thirteen queries, however many games, turns or debts there are."""
    tonight = Turn.objects.filter(
        # Every turn moves its game's updated_at: asking only today's games lets the
        # database find tonight's turns by game instead of reading every turn ever.
        game__in=Game.objects.filter(updated_at__gte=start_of_today()).values("id"),
        box=rules.BALUT_BOX,
        score__gt=0,
        recorded_at__gte=start_of_today(),
    )
    owed = DrinkDebt.objects.filter(status=DebtStatus.OWED)
    return Board(
        tables=_tables(),
        bar_record=_bar_record(),
        baluts_today=list(
            tonight.select_related("player", "game").order_by("-recorded_at")[:MAX_BALUTS]
        ),
        baluts_tonight=tonight.count(),
        entries=list(standing_entries().order_by("-date", "-id")[:MAX_ENTRIES]),
        debtors=[
            Debtor(row["debtor__name"], row["rounds"])
            for row in owed.values("debtor__name")
            .annotate(rounds=Count("id"))
            .order_by("-rounds", "debtor__name")[:MAX_DEBTORS]
        ],
        all_debtors=owed.values("debtor__name").distinct().count(),
    )


def _tables() -> list[Table]:
    games = (
        Game.objects.filter(status=GameStatus.IN_PROGRESS, voided_at__isnull=True)
        .prefetch_related(
            Prefetch("players", queryset=GamePlayer.objects.order_by("seat")),
            Prefetch("turns", queryset=Turn.objects.order_by("number")),
        )
        .order_by("-updated_at", "-id")[:MAX_TABLES]
    )
    tables = []
    for game in games:
        try:
            loaded = load_prefetched_game(game)
        except rules.RuleError:
            continue  # only a hand-edited database has a game the engine cannot replay
        result = loaded.result()
        next_seat = loaded.state.next_seat
        state = loaded.state
        tables.append(
            Table(
                game=game,
                title=rules.RULESET_TITLES[game.ruleset],
                players=[
                    TablePlayer(p.name, p.score, p.total_points, p.rank, p.seat == next_seat)
                    for p in result.players
                ],
                turn=state.turn_count,
                total_turns=state.total_turns if isinstance(state, rules.FiveDiceGame) else None,
            )
        )
    return tables


def _bar_record() -> RegisterRecord | None:
    """The register's record of the games the engine keeps a register for (the bar game), as
    the club keeps it: its highest line, not a game not yet signed and ratified."""
    found = [record for record in register_records() if record.ruleset in RECORD_GAMES]
    return max(
        found,
        key=lambda record: record.highest.score if record.highest is not None else -1,
        default=None,
    )
