"""Each seat's result of a finished game, stored so standings are plain queries.

The figures are the rules engine's GameResult for the game, nothing recomputed here. Storing is
idempotent and follows every change of a game's result inside the change's transaction
(league.services.books): rows are updated in place, missing ones added, and rows that no longer
hold (the game is no longer finished, a seat is gone) deleted.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils import timezone

from league.models import PlayerResultRow
from league.services.figures import update_member_figures
from league.services.standings import refresh_standings
from league.services.statements import insert_new, read_rows, select_rows
from league.services.tallies import SeatFigures
from scoring import rules
from scoring.models import Game, GamePlayer
from scoring.transactions import require_transaction

LINKS = ["game", "club", "player", "member", "run_started"]
FIGURES = (
    "member",
    "ruleset",
    "started_at",
    "month",
    "finished_at",
    "score",
    "points",
    "rank",
    "baluts",
    "game_baluts",
    "boxes",
    "won",
    "last",
)


def result_rows(
    game: Game, players: Sequence[GamePlayer], result: rules.GameResult
) -> list[PlayerResultRow]:
    """Unsaved rows for a finished game's seats (`players` in seat order); no query."""
    assert game.finished_at is not None
    worst = max(player.rank for player in result.players)
    return [
        PlayerResultRow(
            game=game,
            club_id=game.club_id,
            player=players[player.seat],
            member_id=players[player.seat].member_id,
            ruleset=game.ruleset,
            started_at=game.started_at,
            month=timezone.localtime(game.started_at).date().replace(day=1),
            finished_at=game.finished_at,
            score=player.score,
            points=player.total_points,
            rank=player.rank,
            baluts=player.baluts,
            game_baluts=result.baluts or 0,
            boxes=player.boxes,
            won=player.rank == 1,
            last=player.rank == worst,
        )
        for player in result.players
    ]


def store_results(
    *, game: Game, players: Sequence[GamePlayer], result: rules.GameResult | None
) -> list[PlayerResultRow]:
    """Store `result` (None when the game does not count: league.services.books.book_game
    decides) for `game`'s seats `players`; the caller holds the game's lock and its
    transaction."""
    require_transaction("store_results", within="the change's transaction")
    # Unordered: the rows' default order joins the game and seat tables for nothing here. Its
    # SQL written once a process (league.services.statements): the finishing turn reads it.
    stored = {
        row.player_id: row
        for row in read_rows(
            PlayerResultRow,
            select_rows(PlayerResultRow, ("club_id", "game_id")),
            [game.club_id, game.pk],
        )
    }
    # Taken before the rows change: what the game gave each seat's member until now.
    before = [SeatFigures.of(row) for row in stored.values()]
    finished_before = {row.finished_at for row in stored.values()}
    if result is None:
        PlayerResultRow.objects.filter(
            club_id=game.club_id, pk__in=[row.pk for row in stored.values()]
        ).delete()
        update_member_figures(
            ruleset=game.ruleset,
            started_at=game.started_at,
            before=before,
            after=[],
            club_id=game.club_id,
        )
        _refresh_standings(game, before, [], finished_before)
        return []
    fresh = result_rows(game, players, result)
    rows, new, changed = [], [], []
    for row in fresh:
        old = stored.pop(row.player_id, None)
        if old is None:
            new.append(row)
            rows.append(row)
            continue
        for name in FIGURES:
            setattr(old, f"{name}_id" if name == "member" else name, _value(row, name))
        if not (old.won and old.member_id is not None):
            # No longer a member's win: its run goes before the database's checks see the row.
            old.winning_run, old.run_started_id = 0, None
        changed.append(old)
        rows.append(old)
    if stored:
        PlayerResultRow.objects.filter(
            club_id=game.club_id, pk__in=[row.pk for row in stored.values()]
        ).delete()
    # Fields checked here; the links (just loaded) and the unique and check constraints are the
    # database's to enforce, in the same statement: validating them in Python would cost a
    # query each, some forty on the tablet's last turn of a full table.
    for row in rows:
        row.full_clean(exclude=LINKS, validate_unique=False, validate_constraints=False)
    if changed:
        PlayerResultRow.objects.filter(club_id=game.club_id).bulk_update(
            changed, [*FIGURES, "winning_run", "run_started"]
        )
    # One INSERT written once a process (league.services.statements), ids returned.
    insert_new(PlayerResultRow, new)
    update_member_figures(
        ruleset=game.ruleset,
        started_at=game.started_at,
        before=before,
        after=[SeatFigures.of(row) for row in rows],
        club_id=game.club_id,
    )
    _refresh_standings(game, before, rows, finished_before)
    return rows


def _refresh_standings(
    game: Game,
    before: Sequence[SeatFigures],
    rows: Sequence[PlayerResultRow],
    finished_before: set[datetime],
) -> None:
    """The season standings of the game's members, where it finished before and finishes now."""
    members = {seat.member_id for seat in before} | {row.member_id for row in rows}
    refresh_standings(
        club_id=game.club_id,
        ruleset=game.ruleset,
        member_ids={member for member in members if member is not None},
        moments=[*finished_before, game.finished_at if rows else None],
    )


def _value(row: PlayerResultRow, name: str) -> object:
    return row.member_id if name == "member" else getattr(row, name)
