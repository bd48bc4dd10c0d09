"""What the bar's TV board shows, and the fingerprint it is re-sent against. Nothing here writes.

The board polls every few seconds all evening, so `board_version` is the cheap part: one
query of indexed maxima and no rendering; `board` runs only when the version has moved.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import connection, models
from django.db.models import Count, Prefetch, Q
from django.utils import timezone
from django.utils.safestring import SafeString

from clubs.board_panels import board_panels
from clubs.models import Club
from league.models import AuditEntry, DebtStatus, DrinkDebt, RegisterEntry
from league.register_record import RegisterRecord, register_records
from league.selectors import local_midnight, standing_entries
from ratings.selectors import win_chances
from scoring import rules
from scoring.box_names import game_title
from scoring.models import Game, GamePlayer, GameStatus, Turn
from scoring.selectors import load_prefetched_game

# What fits a 1920x1080 TV in type read across the bar; the rest is counted ("+19 more"), and
# the board's script shrinks the type for whatever still does not fit (static/js/board.js).
MAX_TABLES = 6
MAX_BALUTS = 5
MAX_ENTRIES = 3
MAX_DEBTORS = 5
DEBT_CHANGES = ("created_at", "settled_at", "voided_at")
# A game just finished stays at its table this long, showing its winner and places, so the bar
# sees who won before it goes (instead of vanishing with its last throw).
FINISHED_SHOWN = timedelta(minutes=5)
# The board's record is of the games the club's register is kept for unless it says otherwise.
RECORD_GAMES = [info.key for info in rules.RULESETS if info.register_bounds is not None]


@dataclass(frozen=True)
class TablePlayer:
    name: str
    score: int
    points: int | None
    rank: int
    next: bool
    chance: int | None = None
    """While the game is played: the chance to win it the players' ratings give, in percent."""


@dataclass(frozen=True)
class Table:
    game: Game
    title: str
    players: list[TablePlayer]
    """In seat order while the game is played; in the order of the places once it is over."""
    round_number: int | None
    """The round being played, as the game's page counts it (none for Barbut)."""
    rounds: int | None
    winners: tuple[str, ...] = ()
    """Set once the game is over: the board shows who won and the places for a while."""

    @property
    def finished(self) -> bool:
        return bool(self.winners)


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
    panels: tuple[SafeString, ...] = ()
    """What the apps above add tonight (clubs.board_panels), e.g. the evening's team match."""

    @property
    def more_baluts(self) -> int:
        return max(0, self.baluts_tonight - len(self.baluts_today))

    @property
    def more_debtors(self) -> int:
        return max(0, self.all_debtors - len(self.debtors))

    @property
    def shows_chances(self) -> bool:
        """Whether a table shows chances to win: the board then says what its "%" means, as
        nobody at the bar hovers over a television for a title."""
        return any(player.chance is not None for table in self.tables for player in table.players)


def start_of_today() -> datetime:
    """Midnight in the club's time zone: "today" is the bar's evening, not UTC's."""
    return local_midnight(timezone.localdate())


def _latest_sql(club: Club) -> tuple[str, list[int | str]]:
    """Every maximum the fingerprint reads, in one statement, with its parameters: the board is
    polled by every TV and phone all evening, and six queries cost six round trips and six ORM
    compilations. Each scalar subquery is a lone maximum that both SQLite and PostgreSQL read
    off an index of the club's own rows in one step, however many clubs share the server.

    The games' latest change is read per status (the two a game can have), each off the index
    (club, status, -updated_at): one maximum over the club's games walked every other club's
    newer games down the index of updated_at alone."""
    columns: list[tuple[type[models.Model], str, dict[str, int | str]]] = [
        *(
            (Game, "updated_at", _where(club_id=club.pk, status=status))
            for status in GameStatus.values
        ),
        (RegisterEntry, "id", _where(club_id=club.pk)),
        # An entry removed or edited, a round reopened: every undo writes its audit line.
        (AuditEntry, "id", _where(club_id=club.pk)),
        # A debt's club is its game's, so any club's new debt moves every board once
        # (harmless: the page is drawn again).
        *((DrinkDebt, field, _where()) for field in DEBT_CHANGES),
    ]
    quote = connection.ops.quote_name
    parts: list[str] = []
    params: list[int | str] = []
    for model, name, where in columns:
        field = model._meta.get_field(name)
        assert isinstance(field, models.Field)  # a column of the model's own table
        conditions = " AND ".join(f"{quote(column)} = %s" for column in where)
        params.extend(where.values())
        parts.append(
            f"(SELECT MAX({quote(field.column)}) FROM {quote(model._meta.db_table)}"
            f"{' WHERE ' + conditions if conditions else ''})"
        )
    return "SELECT " + ", ".join(parts), params


def _where(**columns: int | str) -> dict[str, int | str]:
    """The columns a maximum of _latest_sql is taken over, each equal to its value."""
    return columns


def board_state(club: Club) -> str:
    """What the board shows, fingerprinted: it changes with every turn, correction or signature
    (each moves a game's `updated_at`), every register entry and every debt booked, settled or
    voided, and at midnight (today's Baluts start again). One query.

    Nothing in the app deletes a game, an entry or a debt, so the latest of each is enough."""
    with connection.cursor() as cursor:
        statement, params = _latest_sql(club)
        cursor.execute(statement, params)
        latest = cursor.fetchone()
    # A finished game leaves the board FINISHED_SHOWN after the last change of any game: the
    # fingerprint moves once then, with nothing else to move it.
    changes = [_aware(change) for change in (latest or ())[: len(GameStatus.values)]]
    last_change = max((change for change in changes if change is not None), default=None)
    settled = last_change is None or timezone.now() - last_change > FINISHED_SHOWN
    parts = [timezone.localdate(), latest, settled]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def _aware(change: object) -> datetime | None:
    """A maximum of a datetime column as an aware datetime (SQLite's is its text)."""
    if change is None:
        return None
    if isinstance(change, str):
        change = datetime.fromisoformat(change)
    assert isinstance(change, datetime)
    return timezone.make_aware(change, UTC) if timezone.is_naive(change) else change


def board_version(club: Club, *, fragment: bool, state: str | None = None) -> str:
    """An ETag for the board, of its `state` (board_state() unless given). The page and its
    fragment differ, so their ETags do too."""
    state = board_state(club) if state is None else state
    return f"{'f' if fragment else 'p'}{state}"


def board(club: Club) -> Board:
    """Fourteen queries (the live games' odds one of them), however many games, turns or debts
    there are, and what the panels of the apps above ask (teams: one on a night without a team
    match)."""
    tonight = Turn.objects.filter(
        # Every turn moves its game's updated_at: asking only today's games lets the
        # database find tonight's turns by game instead of reading every turn ever.
        game__in=Game.objects.filter(club=club, updated_at__gte=start_of_today()).values("id"),
        box=rules.BALUT_BOX,
        score__gt=0,
        recorded_at__gte=start_of_today(),
    )
    owed = DrinkDebt.objects.filter(game__club=club, status=DebtStatus.OWED)
    return Board(
        tables=_tables(club),
        bar_record=_bar_record(club),
        baluts_today=list(
            tonight.select_related("player", "game").order_by("-recorded_at")[:MAX_BALUTS]
        ),
        baluts_tonight=tonight.count(),
        entries=list(standing_entries(club).order_by("-date", "-id")[:MAX_ENTRIES]),
        debtors=[
            Debtor(row["debtor__name"], row["rounds"])
            for row in owed.values("debtor__name")
            .annotate(rounds=Count("id"))
            .order_by("-rounds", "debtor__name")[:MAX_DEBTORS]
        ],
        all_debtors=owed.values("debtor__name").distinct().count(),
        panels=tuple(board_panels(club)),
    )


def _tables(club: Club) -> list[Table]:
    """The games at the tables, and those finished in the last FINISHED_SHOWN, latest first."""
    finished_since = timezone.now() - FINISHED_SHOWN
    games = (
        Game.objects.filter(
            Q(status=GameStatus.IN_PROGRESS)
            | Q(status=GameStatus.FINISHED, finished_at__gte=finished_since),
            club=club,
            voided_at__isnull=True,
        )
        .prefetch_related(
            Prefetch("players", queryset=GamePlayer.objects.order_by("seat")),
            Prefetch("turns", queryset=Turn.objects.order_by("number")),
        )
        .order_by("-updated_at", "-id")[:MAX_TABLES]
    )
    # The live games' odds from the players' ratings (ratings.selectors): one query for all.
    chances = win_chances([game for game in games if game.status == GameStatus.IN_PROGRESS])
    tables = []
    for game in games:
        try:
            loaded = load_prefetched_game(game)
        except rules.RuleError:
            continue  # only a hand-edited database has a game the engine cannot replay
        result = loaded.result()
        state = loaded.state
        next_seat = state.next_seat
        over = state.complete
        players = sorted(result.players, key=lambda p: p.rank) if over else result.players
        seats = list(game.players.all())
        odds = {player: round(100 * odd) for player, odd in chances.get(game.pk, {}).items()}
        tables.append(
            Table(
                game=game,
                title=game_title(game.ruleset),
                players=[
                    TablePlayer(
                        p.name,
                        p.score,
                        p.total_points,
                        p.rank,
                        not over and p.seat == next_seat,
                        None if over else odds.get(seats[p.seat].pk),
                    )
                    for p in players
                ],
                round_number=state.round_number if isinstance(state, rules.FiveDiceGame) else None,
                rounds=state.rules.turns_per_player
                if isinstance(state, rules.FiveDiceGame)
                else None,
                winners=tuple(result.winners) if over else (),
            )
        )
    return tables


def _bar_record(club: Club) -> RegisterRecord | None:
    """The register's record of the games the engine keeps a register for (the bar game), as
    the club keeps it: its highest line, not a game not yet signed and ratified."""
    found = [record for record in register_records(club) if record.ruleset in RECORD_GAMES]
    return max(
        found,
        key=lambda record: record.highest.score if record.highest is not None else -1,
        default=None,
    )
