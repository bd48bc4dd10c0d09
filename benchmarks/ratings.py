"""Benchmark "ratings": the ratings of ten years of synthetic club history (league.synthesis,
2,000 finished games a year unless asked otherwise) worked out afresh, and what the ratings add
to the turn that finishes a game.

- full recomputation: every counting game replayed through openskill from the league's result
  rows, in memory (what `check_books` compares with), and written (its repair, and the rebuild
  after a synthetic history);
- the finishing turn: rating a game that finishes after every other (the tablet's last turn),
  its players' ratings and changes written, against ten years of changes kept; each sample
  undone (a rolled-back transaction) so every one rates the same game from the same ratings;
- the worst correction: the first game of the history changed, so every later game of its kind
  is re-rated in the change's transaction.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F

from benchmarks.bench_club import bench_club
from benchmarks.stats import SUMMARY_HEADERS, Summary, ms, summarize, table
from league.models import PlayerResultRow
from league.synthesis.history import Synthesizer
from ratings.models import Rating, RatingChange
from ratings.people import Person, people_q
from ratings.services.recompute import check_ratings, rebuild_ratings, recompute
from ratings.services.rerate import rerate_game
from scoring.models import Game

GAMES_PER_YEAR = 2000
YEARS = 10
REPEATS = 5
FINISHING_SAMPLES = 200
GOAL_FINISHING_MS = 2.0


class _Undo(Exception):
    """Raised to roll a timed sample back."""


@dataclass(frozen=True)
class RatingsBenchResult:
    games: int
    changes: int
    recompute: Summary
    rebuild: Summary
    check: Summary
    finishing: Summary
    finishing_cpu: Summary
    """This process's CPU time: on a shared machine it stays near the update's own cost."""
    first_game_correction: float
    rerated: int

    def report(self) -> str:
        rows = [
            ["full recomputation, in memory", *self.recompute.cells()],
            ["full recomputation, written", *self.rebuild.cells()],
            ["check_books' ratings check", *self.check.cells()],
            ["finishing turn: its game rated", *self.finishing.cells()],
            ["  the same, CPU time", *self.finishing_cpu.cells()],
        ]
        verdict = "within" if self.finishing_cpu.median_ms <= GOAL_FINISHING_MS else "OVER"
        return "\n".join(
            [
                f"  {self.games} finished games, {self.changes} rating changes",
                table(["", *SUMMARY_HEADERS], rows),
                f"  the finishing turn's rating: median {ms(self.finishing.median_ms)} ms "
                f"({ms(self.finishing_cpu.median_ms)} ms CPU), {verdict} the goal of "
                f"{GOAL_FINISHING_MS} ms",
                f"  correcting the first game re-rates {self.rerated} games: "
                f"{self.first_game_correction:.2f} s",
            ]
        )


def _timed(run: object, repeats: int) -> Summary:
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()  # type: ignore[operator]
        samples.append(time.perf_counter() - started)
    return summarize(samples)


def _rows(game: Game) -> list[PlayerResultRow]:
    return list(PlayerResultRow.objects.filter(game=game).select_related("player").order_by())


def _finishing_sample(game: Game) -> tuple[float, float]:
    """Rate `game` as if its last turn had just been recorded: its changes taken out and its
    players' ratings put back to before it (untimed), then rated (timed), then rolled back."""
    rows = _rows(game)
    elapsed = cpu = 0.0
    try:
        with transaction.atomic():
            changes = list(RatingChange.objects.filter(game=game))
            for change in changes:
                kept = Rating.objects.filter(ruleset=change.ruleset).filter(
                    people_q([Person.of(change)])
                )
                if change.games == 1:
                    kept.delete()  # the game was their first: no rating before it
                    continue
                kept.update(
                    mu=change.mu_before,
                    sigma=change.sigma_before,
                    games=change.games - 1,
                    rating=change.rating_before,
                )
            RatingChange.objects.filter(game=game).delete()
            started, started_cpu = time.perf_counter(), time.process_time()
            rerate_game(game=game, rows=rows)
            elapsed = time.perf_counter() - started
            cpu = time.process_time() - started_cpu
            raise _Undo
    except _Undo:
        pass
    return elapsed, cpu


def run_ratings_benchmark(
    *, years: int = YEARS, games_per_year: int = GAMES_PER_YEAR, seed: int = 1978
) -> RatingsBenchResult:
    Synthesizer(club=bench_club(), seed=seed, signatures=False).run(
        years=years, games_per_year=games_per_year
    )
    repeats = REPEATS if games_per_year * years > 100 else 1
    full = _timed(recompute, repeats)
    rebuild = _timed(rebuild_ratings, repeats)
    check = _timed(lambda: check_ratings(repair=False), repeats)
    last = RatingChange.objects.order_by("-played_on", "-finished_at", "-game_id").first()
    assert last is not None, "the history rated no game"
    game = Game.objects.get(pk=last.game_id)
    samples = min(FINISHING_SAMPLES, 10 * repeats)
    sampled = [_finishing_sample(game) for _ in range(samples)]
    finishing = summarize([wall for wall, _ in sampled])
    finishing_cpu = summarize([cpu for _, cpu in sampled])
    first = (
        RatingChange.objects.filter(ruleset=game.ruleset)
        .order_by("played_on", "finished_at", "game_id")
        .first()
    )
    assert first is not None
    first_game = Game.objects.get(pk=first.game_id)
    rows = _rows(first_game)
    with transaction.atomic():
        # As if the game had been corrected: the places it was rated by no longer stand.
        RatingChange.objects.filter(game=first_game).update(place=F("place") + 1)
        started = time.perf_counter()
        rerated = rerate_game(game=first_game, rows=rows)
        correction = time.perf_counter() - started
    lines = check_ratings(repair=False)
    if lines:
        raise AssertionError(f"the ratings differ from a full recomputation: {lines[:3]}")
    return RatingsBenchResult(
        games=Game.objects.count(),
        changes=RatingChange.objects.count(),
        recompute=full,
        rebuild=rebuild,
        check=check,
        finishing=finishing,
        finishing_cpu=finishing_cpu,
        first_game_correction=correction,
        rerated=rerated,
    )
