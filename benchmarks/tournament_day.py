"""Benchmark "tournament_day": the day's standings of a 300-player tournament (tables of 5, 7
rounds) after each finished game, goal at most 20 ms.

The day is drawn by the service (tournaments.services.rounds.draw_rounds); the games of rounds
1 to 6 are stored finished at once, with their result rows as the league keeps them (made-up
figures: the standings read only the rows), then the 60 games of round 7 finish one by one and
the standings (tournaments.selectors.standings) are read after each, as the projector does.
"""

from __future__ import annotations

import datetime
import random
import time
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from benchmarks.bench_club import bench_club
from benchmarks.stats import SUMMARY_HEADERS, Summary, summarize, table
from league.models import PlayerResultRow
from scoring import rules
from scoring.models import Game, GamePlayer, GameStatus, Member
from scoring.services.members import create_member
from tournaments.models import Table
from tournaments.selectors import standings
from tournaments.services.entries import add_entrant, create_tournament
from tournaments.services.rounds import draw_rounds

GOAL_MS = 20.0


@dataclass(frozen=True)
class DayBenchResult:
    players: int
    games: int
    queries: int
    times: Summary

    def figures(self) -> dict[str, float]:
        return {"standings": self.times.median_ms}

    def report(self) -> str:
        return (
            f"  {self.players} players, {self.games} games; standings read in {self.queries} "
            f"queries (goal: at most {GOAL_MS:.0f} ms)\n"
            + table(
                ["figure", *SUMMARY_HEADERS],
                [["standings after a finished game", *self.times.cells()]],
            )
        )


def finish_tables(tables: list[Table], scorer: Member, rng: random.Random) -> None:
    """Store each table's game finished, with made-up result rows, in bulk."""
    now = timezone.now()
    club = bench_club()
    games = Game.objects.bulk_create(
        Game(
            club=club,
            ruleset=rules.STANDARD_BALUT.key,
            status=GameStatus.FINISHED,
            scorer=scorer,
            started_at=now,
            finished_at=now,
            updated_at=now,
            created_by_id=scorer.user_id,
        )
        for _ in tables
    )
    players = []
    for game, row in zip(games, tables, strict=True):
        row.game = game
        players += [
            GamePlayer(game=game, seat=s.seat, name=s.entrant.name)
            for s in sorted(row.seats.all(), key=lambda s: s.seat)
        ]
    Table.objects.bulk_update(tables, ["game"])
    GamePlayer.objects.bulk_create(players)
    month = now.date().replace(day=1)
    results = []
    by_game: dict[int, list[GamePlayer]] = {}
    for player in players:
        by_game.setdefault(player.game_id, []).append(player)
    for game_id, seated in by_game.items():
        for rank, player in enumerate(seated, start=1):
            results.append(
                PlayerResultRow(
                    game_id=game_id,
                    club=club,
                    player=player,
                    ruleset=rules.STANDARD_BALUT.key,
                    started_at=now,
                    month=month,
                    finished_at=now,
                    score=rng.randint(150, 450),
                    points=rng.randint(-2, 8),
                    rank=rank,
                    baluts=0,
                    won=rank == 1,
                    last=rank == len(seated),
                )
            )
    PlayerResultRow.objects.bulk_create(results)


def run_tournament_day(*, players: int = 300, seed: int = 1978) -> DayBenchResult:
    rng = random.Random(seed)
    boss = User.objects.create_user(username="bench-organiser")
    scorer = create_member(in_club=bench_club(), name="Bench Scorer", known_as="Bench Scorer")
    day = create_tournament(
        in_club=bench_club(),
        name="Bench day",
        starts_on=datetime.date(2026, 11, 28),
        ends_on=datetime.date(2026, 11, 28),
        ruleset=rules.STANDARD_BALUT.key,
        table_size=5,
        rounds=7,
        swiss=False,
        by=boss,
        seed=seed,
    )
    # One player in five a member of the club: each table needs a member to score its game.
    for number in range(1, players + 1):
        if number % 5 != 1:
            add_entrant(tournament=day, guest_name=f"Player {number}")
        else:
            name = f"Player {number}"
            member = create_member(in_club=bench_club(), name=name, known_as=name)
            add_entrant(tournament=day, member=member)
    drawn = draw_rounds(tournament=day)
    tables = {
        r.number: list(Table.objects.filter(round=r).prefetch_related("seats__entrant"))
        for r in drawn
    }
    finish_tables([t for n in range(1, len(drawn)) for t in tables[n]], scorer, rng)
    samples = []
    for row in tables[len(drawn)]:
        finish_tables([row], scorer, rng)
        started = time.perf_counter()
        standings(day)
        samples.append(time.perf_counter() - started)
    with CaptureQueriesContext(connection) as queries:
        standings(day)
    games = sum(len(t) for t in tables.values())
    return DayBenchResult(players, games, len(queries.captured_queries), summarize(samples))
