"""Benchmark "history": the player page, the records page and the TV board against one year and
against ten years of synthetic club history (league.synthesis).

The same database grows from one year to ten; each page is timed the way the turn benchmark
times a turn (server time from `request_started` to `request_finished`, Django's test client).
A page that does not grow with the club's history keeps a ratio near 1.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.db import connection
from django.db.models import Count
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from benchmarks.stats import Summary, ms, summarize, table
from benchmarks.turn import BenchmarkError, ServerClock
from league.synthesis.history import Synthesizer
from scoring import rules
from scoring.models import Game, Member
from scoring.selectors import load_game
from scoring.services.games import Seat, start_game
from scoring.services.turns import record_turn

HTMX = {"HX-Request": "true"}


@dataclass(frozen=True)
class Measured:
    summary: Summary
    cpu: Summary
    """This process's CPU time: on a shared machine it stays near the request's own cost."""
    queries: int


@dataclass(frozen=True)
class HistoryBenchResult:
    games_per_year: int
    years: tuple[int, int]
    games: tuple[int, int]
    member_games: tuple[int, int]
    rows: list[tuple[str, Measured, Measured]]
    synthesis_seconds: tuple[float, float]

    def figures(self) -> dict[str, float]:
        figures: dict[str, float] = {}
        for label, small, large in self.rows:
            figures[f"{label} small ms"] = small.summary.median_ms
            figures[f"{label} large ms"] = large.summary.median_ms
        return figures

    def report(self) -> str:
        small, large = self.years
        rows = [
            [
                label,
                ms(a.summary.median_ms),
                ms(a.cpu.median_ms),
                str(a.queries),
                ms(b.summary.median_ms),
                ms(b.cpu.median_ms),
                str(b.queries),
                f"{b.summary.median_ms / a.summary.median_ms:.2f}x",
                f"{b.cpu.median_ms / a.cpu.median_ms:.2f}x",
            ]
            for label, a, b in self.rows
        ]
        headers = [
            "page (server time, median)",
            f"{small} yr ms",
            "CPU ms",
            "queries",
            f"{large} yr ms",
            "CPU ms",
            "queries",
            "ratio",
            "CPU ratio",
        ]
        return "\n".join(
            [
                f"  {self.games_per_year} finished games a year: {self.games[0]} games after "
                f"{small} year(s), {self.games[1]} after {large}; the busiest member played "
                f"{self.member_games[0]}, then {self.member_games[1]}",
                f"  synthesizing took {self.synthesis_seconds[0]:.1f} s, then "
                f"{self.synthesis_seconds[1]:.1f} s (no signatures)",
                table(headers, rows),
                f"  (medians of {self.rows[0][1].summary.count} requests each, after one "
                "untimed request that counts the queries)",
            ]
        )


def in_progress_game() -> Game:
    """A four-player game half-way through, recorded by the turn service, for the board."""
    members = list(Member.objects.order_by("pk")[:4])
    game = start_game(
        ruleset="balut",
        seats=[Seat(member=m) for m in members],
        scorer=members[0],
        created_by=members[0].user,
    )
    for number in range(50):
        loaded = load_game(game)
        player = loaded.next_player
        assert player is not None and isinstance(loaded.state, rules.FiveDiceGame)
        record_turn(
            game=game,
            turn_record={
                "player": player.name,
                "box": loaded.state.open_boxes(player.seat)[0],
                "dice": [6, 6, 6, 5, 5],
            },
            expected_number=number,
            request_key=uuid.uuid4(),
            recorded_by=members[0].user,
        )
    return game


def measure(client: Client, url: str, repeats: int, **headers: str) -> Measured:
    with CaptureQueriesContext(connection) as captured:
        first = client.get(url, headers=headers)
    # Counted now: the capture slices the live query log, which the next request empties.
    queries = len(captured.captured_queries)
    if first.status_code not in (200, 304):
        raise BenchmarkError(f"{url}: HTTP {first.status_code}")
    samples, cpu = [], []
    with ServerClock() as clock:
        for _ in range(repeats):
            response = client.get(url, headers=headers)
            if response.status_code not in (200, 304):
                raise BenchmarkError(f"{url}: HTTP {response.status_code}")
            samples.append(clock.last)
            cpu.append(clock.last_cpu)
    return Measured(summarize(samples), summarize(cpu), queries)


def pages(client: Client, member: Member, repeats: int) -> dict[str, Measured]:
    board = reverse("stats:board")
    etag = client.get(board, headers=HTMX)["ETag"]
    found: dict[str, Callable[[], Measured]] = {
        "player page": lambda: measure(client, reverse("stats:player", args=[member.pk]), repeats),
        "records page": lambda: measure(client, reverse("stats:records"), repeats),
        "board, whole page": lambda: measure(client, board, repeats),
        "board, changed fragment": lambda: measure(client, board, repeats, **HTMX),
        "board, unchanged (304)": lambda: measure(
            client, board, repeats, **HTMX, **{"If-None-Match": etag}
        ),
    }
    return {label: run() for label, run in found.items()}


def busiest(member: Member | None = None) -> tuple[Member, int]:
    if member is not None:
        return member, member.seats.count()
    top = Member.objects.annotate(games=Count("seats")).order_by("-games", "pk").first()
    if top is None:
        raise BenchmarkError("no member to measure")
    return top, top.games


def run_history_benchmark(
    *, years: int = 10, games_per_year: int = 200, repeats: int = 5, seed: int = 1978
) -> HistoryBenchResult:
    now = timezone.now()
    started = time.perf_counter()
    Synthesizer(seed=seed, signatures=False).run(years=1, games_per_year=games_per_year, until=now)
    first_synthesis = time.perf_counter() - started
    in_progress_game()
    member, small_games = busiest()
    client = Client()
    small = pages(client, member, repeats)
    small_count = Game.objects.count()

    started = time.perf_counter()
    if years > 1:
        Synthesizer(seed=seed + 1, signatures=False).run(
            years=years - 1, games_per_year=games_per_year, until=now - timedelta(days=365)
        )
    second_synthesis = time.perf_counter() - started
    _, large_games = busiest(member)
    large = pages(client, member, repeats)
    return HistoryBenchResult(
        games_per_year=games_per_year,
        years=(1, years),
        games=(small_count, Game.objects.count()),
        member_games=(small_games, large_games),
        rows=[(label, small[label], large[label]) for label in small],
        synthesis_seconds=(first_synthesis, second_synthesis),
    )
