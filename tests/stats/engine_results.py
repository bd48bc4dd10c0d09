"""The statistics' expected figures, worked out in the tests by replaying every finished game
through the rules engine: what the kept figures must agree with."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from scoring.models import Game, GameStatus
from scoring.selectors import load_game


@dataclass(frozen=True)
class EngineSeat:
    game: Game
    name: str
    member_id: int | None
    score: int
    rank: int
    baluts: int


def engine_seats(ruleset: str | None = None) -> Iterator[EngineSeat]:
    """Every seat of every finished game, games by start time, seats in order."""
    games = Game.objects.filter(status=GameStatus.FINISHED).order_by("started_at", "id")
    if ruleset is not None:
        games = games.filter(ruleset=ruleset)
    for game in games:
        loaded = load_game(game)
        for player in loaded.result().players:
            seat = loaded.players[player.seat]
            yield EngineSeat(
                game=game,
                name=seat.name,
                member_id=seat.member_id,
                score=player.score,
                rank=player.rank,
                baluts=player.baluts,
            )


def longest_run(seats: list[EngineSeat]) -> tuple[int, int, int, int] | None:
    """(member, length, first game, last game) of the first longest run of wins, by replaying
    each member's games of one kind in start order; a game not won ends a run."""
    current: dict[int, tuple[int, int]] = {}
    best: tuple[int, int, int, int] | None = None
    for seat in seats:
        if seat.member_id is None:
            continue
        if seat.rank != 1:
            current.pop(seat.member_id, None)
            continue
        length, first = current.get(seat.member_id, (0, seat.game.pk))
        current[seat.member_id] = (length + 1, first)
        if best is None or length + 1 > best[1]:
            best = (seat.member_id, length + 1, first, seat.game.pk)
    return best
