"""Every game's result, as the rules engine gives it, read in a fixed number of queries.

Statistics need the ranks, totals, points and Baluts of hundreds or thousands of games. Django
model instances for every turn would cost more than the engine's replay itself, so the rows are
read as plain values (three queries however many games: games, seats, turns), the turns streamed
in game order, and each game replayed by `scoring.rules` as it comes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.db.models import QuerySet

from scoring import rules
from scoring.models import Game, GamePlayer, Turn

TURN_CHUNK = 5000


@dataclass(frozen=True)
class SeatResult:
    seat: int
    name: str
    member_id: int | None
    score: int
    rank: int
    points: int | None
    baluts: int


@dataclass(frozen=True)
class GameSummary:
    """What statistics need of one game: when, which kind, and each seat's figures."""

    id: int
    ruleset: str
    started_at: datetime
    complete: bool
    seats: tuple[SeatResult, ...]

    def seat_of(self, member_id: int) -> SeatResult | None:
        return next((seat for seat in self.seats if seat.member_id == member_id), None)

    @property
    def title(self) -> str:
        return rules.RULESET_TITLES[self.ruleset]


@dataclass(frozen=True)
class Summaries:
    games: list[GameSummary]
    unreadable: list[int]
    """Games the engine could not replay (only a hand-edited database has one): left out."""


def summarize_games(games: QuerySet[Game]) -> Summaries:
    """Every game of `games` through the engine, oldest first: three queries."""
    # Games and turns both in id order, so the turn stream is merged in without being kept.
    rows = list(
        games.order_by("id").values_list("id", "ruleset", "options", "friendly", "started_at")
    )
    ids = games.values("id")
    seats: dict[int, list[tuple[Any, ...]]] = {}
    for row in (
        GamePlayer.objects.filter(game__in=ids)
        .order_by("game_id", "seat")
        .values_list("game_id", "seat", "name", "member_id", "guess")
    ):
        seats.setdefault(row[0], []).append(row)
    turns = (
        Turn.objects.filter(game__in=ids)
        .order_by("game_id", "number")
        .values_list("game_id", "record")
        .iterator(chunk_size=TURN_CHUNK)
    )
    groups = _grouped(turns)
    pending = next(groups, None)
    summaries, unreadable = [], []
    for game_id, ruleset, options, friendly, started_at in rows:
        records: list[object] = []
        while pending is not None and pending[0] <= game_id:
            if pending[0] == game_id:
                records = [record for _, record in pending[1]]
            pending = next(groups, None)
        try:
            summary = _summary(
                game_id, ruleset, options, friendly, started_at, seats.pop(game_id, []), records
            )
        except rules.RuleError:
            unreadable.append(game_id)
            continue
        summaries.append(summary)
    summaries.sort(key=lambda summary: (summary.started_at, summary.id))
    return Summaries(summaries, unreadable)


def _grouped(turns: Iterator[tuple[int, object]]) -> Iterator[tuple[int, Iterator[Any]]]:
    return groupby(turns, key=itemgetter(0))


def _summary(
    game_id: int,
    ruleset: str,
    options: object,
    friendly: bool,
    started_at: datetime,
    seats: list[tuple[Any, ...]],
    records: list[object],
) -> GameSummary:
    setup = rules.GameSetup(
        ruleset=ruleset,
        players=tuple(name for _, _, name, _, _ in seats),
        options=rules.parse_options(options),
        friendly=friendly,
        guesses={seat: guess for _, seat, _, _, guess in seats if guess is not None},
    )
    turns = [rules.parse_turn(record, setup) for record in records]
    result = rules.result(rules.replay(setup, turns))
    members = [member_id for _, _, _, member_id, _ in seats]
    return GameSummary(
        id=game_id,
        ruleset=ruleset,
        started_at=started_at,
        complete=result.complete,
        seats=tuple(
            SeatResult(
                seat=player.seat,
                name=player.name,
                member_id=members[player.seat],
                score=player.score,
                rank=player.rank,
                points=player.total_points,
                baluts=sum(1 for score in player.boxes.get("balut", []) if score),
            )
            for player in result.players
        ),
    )
