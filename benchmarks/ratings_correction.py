"""Benchmark "ratings_correction": the worst correction at the federation's size (issue 37).

The federation's history is loaded as `ratings_scale` loads it (one club's synthetic year
copied into as many clubs as BENCH_RATINGS_GAMES games need, default 10,000) and rated once.
Then a correction is made, as the secretary's request makes it, to the first game of the
order (the worst case: every later game of its players' chain is re-rated) and to a game half
way through: its first and last players' places swapped, and `rerate_game` timed inside a
transaction rolled back after, so each measure starts from the same ratings. The figures are
printed (games re-rated, seconds), never asserted: the machine decides them.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from benchmarks.crash import postgres_url, reachable
from benchmarks.ratings_scale import (
    TEMPLATE_GAMES,
    ScaleRun,
    child_setup,
    games_asked,
    in_scratch_database,
    load_federation,
)


@dataclass(frozen=True)
class Corrected:
    what: str
    game_id: int
    rerated: int
    seconds: float

    def line(self) -> str:
        return (
            f"  {self.what:<36} game #{self.game_id}: {self.rerated:7d} games re-rated in "
            f"{self.seconds:8.3f} s"
        )


@dataclass(frozen=True)
class CorrectionResult:
    database: str
    games: int
    clubs: int
    corrections: tuple[Corrected, ...]

    def report(self) -> str:
        return "\n".join(
            [
                f"  {self.database}: {self.games} finished games in {self.clubs} clubs",
                *(corrected.line() for corrected in self.corrections),
            ]
        )


def _correct(what: str, game_id: int) -> Corrected:
    """Swap the places of the game's first and last seats and re-rate, then roll back."""
    from django.db import transaction

    from league.models import PlayerResultRow
    from ratings.services.rerate import rerate_game
    from scoring.models import Game

    game = Game.objects.get(pk=game_id)
    with transaction.atomic():
        rows = list(
            PlayerResultRow.objects.filter(game=game).select_related("player").order_by("rank")
        )
        rows[0].rank, rows[-1].rank = rows[-1].rank, rows[0].rank
        started = time.perf_counter()
        rerated = rerate_game(game=game, rows=rows)
        seconds = time.perf_counter() - started
        transaction.set_rollback(True)
    return Corrected(what, game_id, rerated, seconds)


def measure_correction(
    *, games: int, seed: int = 1978, template: int = TEMPLATE_GAMES
) -> CorrectionResult:
    """In a migrated, empty database: the history loaded and rated, then two corrections."""
    from django.db import connection

    from ratings.models import RatingChange
    from ratings.services.recompute import rebuild_ratings
    from scoring.models import Game

    loaded = load_federation(games=games, seed=seed, template=template)
    rebuild_ratings()
    order = RatingChange.objects.order_by("played_on", "finished_at", "game_id")
    in_order = order.values_list("game_id", flat=True)
    corrections = (
        _correct("the first game of the order", in_order[0]),
        _correct("a game half way through", in_order[order.count() // 2]),
    )
    return CorrectionResult(
        database=connection.display_name,
        games=Game.objects.across_clubs().count(),
        clubs=loaded.clubs,
        corrections=corrections,
    )


def run_ratings_correction(*, postgres: str, seed: int = 1978) -> ScaleRun | CorrectionResult:
    """On a scratch PostgreSQL database in a child process when a server answers, else here."""
    games = games_asked()
    url = postgres_url(postgres)
    if reachable(url) != "":  # no PostgreSQL: the runner's SQLite
        return measure_correction(games=games, seed=seed)
    return in_scratch_database(url, "benchmarks.ratings_correction", seed=seed, games=games)


def child_main(seed: int, games: int) -> int:
    child_setup()
    print(measure_correction(games=games, seed=seed).report())
    return 0


if __name__ == "__main__":
    sys.exit(child_main(int(sys.argv[1]), int(sys.argv[2])))
