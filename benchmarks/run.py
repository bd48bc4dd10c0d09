"""The runner behind `make bench`: `python -m benchmarks [name ...]`.

It sets Django up against a throw-away SQLite database in a temporary directory, migrates it,
runs the benchmarks asked for (all by default) and prints a table for each.
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

# Read before environment.configure() points DATABASE_URL at the throw-away SQLite file: the
# crash benchmark runs its own server on the PostgreSQL this may name.
STARTING_DATABASE_URL = os.environ.get("DATABASE_URL", "")


class Result(Protocol):
    def report(self) -> str: ...


# Imported lazily: the benchmark modules import models, which needs django.setup() first.
def _turn(args: argparse.Namespace) -> Result:
    from benchmarks.turn import run_turn_benchmark

    return run_turn_benchmark(
        games=args.games, seed=args.seed, finishing_games=args.finishing_games
    )


def _engine(args: argparse.Namespace) -> Result:
    from benchmarks.engine import run_engine_benchmark

    if args.repeats is None:
        return run_engine_benchmark(seed=args.seed)
    return run_engine_benchmark(seed=args.seed, repeats=args.repeats)


def _pdf(args: argparse.Namespace) -> Result:
    from benchmarks.pdf import run_pdf_benchmark

    sizes = {"sheets": args.night_sheets}
    if args.repeats is not None:
        sizes.update(repeats=args.repeats, night_repeats=args.repeats)
    return run_pdf_benchmark(seed=args.seed, **sizes)


def _history(args: argparse.Namespace) -> Result:
    from benchmarks.history import run_history_benchmark

    return run_history_benchmark(
        years=args.years, games_per_year=args.games_per_year, seed=args.seed
    )


def _crash(args: argparse.Namespace) -> Result:
    from benchmarks.crash import postgres_url, run_crash

    postgres = args.postgres or postgres_url(STARTING_DATABASE_URL)
    return run_crash(games=args.crash_games, kills=args.kills, postgres=postgres)


def _club_night(args: argparse.Namespace) -> Result:
    from benchmarks.club_night import run_club_night
    from benchmarks.crash import postgres_url

    wanted = args.postgres or STARTING_DATABASE_URL
    postgres = postgres_url(wanted) if wanted.startswith(("postgres://", "postgresql://")) else None
    return run_club_night(tablets=args.tablets, players=args.night_players, postgres=postgres)


def _first_turn(args: argparse.Namespace) -> Result:
    from benchmarks.cold_worker import run_cold_worker

    return run_cold_worker(workers=args.cold_workers)


def _tablet(args: argparse.Namespace) -> Result:
    from benchmarks.tablet import run_tablet_benchmark

    return run_tablet_benchmark(turns=args.tablet_turns)


def _draw(args: argparse.Namespace) -> Result:
    from benchmarks.draw import run_draw_benchmark

    if args.repeats is None:
        return run_draw_benchmark(seed=args.seed)
    return run_draw_benchmark(seed=args.seed, repeats=args.repeats)


def _tournament_day(args: argparse.Namespace) -> Result:
    from benchmarks.tournament_day import run_tournament_day

    return run_tournament_day(players=args.day_players, seed=args.seed)


def _ratings(args: argparse.Namespace) -> Result:
    from benchmarks.ratings import run_ratings_benchmark

    return run_ratings_benchmark(
        years=args.years, games_per_year=args.games_per_year, seed=args.seed
    )


def _ratings_scale(args: argparse.Namespace) -> Result:
    from benchmarks.ratings_scale import run_ratings_scale

    return run_ratings_scale(postgres=args.postgres or STARTING_DATABASE_URL, seed=args.seed)


def _ratings_correction(args: argparse.Namespace) -> Result:
    from benchmarks.ratings_correction import run_ratings_correction

    return run_ratings_correction(postgres=args.postgres or STARTING_DATABASE_URL, seed=args.seed)


def _federation(args: argparse.Namespace) -> Result:
    from benchmarks.federation import run_federation

    return run_federation(postgres=args.postgres or STARTING_DATABASE_URL, seed=args.seed)


def _backups(args: argparse.Namespace) -> Result:
    from benchmarks.backups import run_backups

    return run_backups(
        postgres=args.postgres or STARTING_DATABASE_URL,
        years=args.years,
        games_per_year=args.games_per_year,
        seed=args.seed,
    )


BENCHMARKS: dict[str, tuple[str, Callable[[argparse.Namespace], Result]]] = {
    "turn": ("record one turn: real view vs bare view, full middleware stack", _turn),
    "engine": ("the rules engine alone: replay, result, tablet preview", _engine),
    "pdf": (
        "PDF score sheets: one 8-player jackpot sheet, a 100-sheet club night, and verifying"
        " uploads of a signed sheet and a 20-sheet signed club night",
        _pdf,
    ),
    "history": (
        "standings, player page, register, records and TV board: 1 year against 10 years of "
        "synthetic history",
        _history,
    ),
    "ratings": (
        "skill ratings: a full recomputation of 10 years of synthetic history, and what rating "
        "a game adds to its finishing turn",
        _ratings,
    ),
    "ratings_scale": (
        "skill ratings at the federation's size: the full recomputation streamed, in memory, "
        "written and checked, with its peak memory (BENCH_RATINGS_GAMES games, default 10,000; "
        "the issue's 1,000,000 when asked); PostgreSQL when a server answers",
        _ratings_scale,
    ),
    "ratings_correction": (
        "skill ratings at the federation's size: the worst correction (the first game of the "
        "order, and one half way) re-rated as the secretary's request does it (BENCH_RATINGS_GAMES "
        "games); PostgreSQL when a server answers",
        _ratings_correction,
    ),
    "crash": (
        "gunicorn on PostgreSQL killed (SIGKILL) with last turns in flight, restarted, turns "
        "re-sent; then check_books",
        _crash,
    ),
    "club_night": (
        "gunicorn and 40 tablets over HTTP signed in by PIN, each playing whole games: a plain "
        "page's requests/s, turns/s in a closed loop, latency at ten times a night's pace",
        _club_night,
    ),
    "first_turn": (
        "a gunicorn worker's first turn (a new worker, as max_requests recycles them) against a"
        " warm turn, with the app warmed in the master and without",
        _first_turn,
    ),
    "tablet": (
        "the tablet in Chromium: Record tap to turn shown, online and offline; offline sync",
        _tablet,
    ),
    "draw": (
        "the tournament draw: the designs' repeats (0 wanted) and times, against a plain random"
        " draw's repeats",
        _draw,
    ),
    "tournament_day": (
        "a 300-player tournament day: the standings after each finished game of the last round",
        _tournament_day,
    ),
    "federation": (
        "a federation on PostgreSQL (50 clubs x 10 years, about 1,000,000 games; "
        "BENCH_FEDERATION_CLUBS and BENCH_FEDERATION_YEARS shrink it): one club's pages and "
        "turns against the same club on a server of its own",
        _federation,
    ),
    "backups": (
        "backup and restore, of the whole server and of one club in its place, in rows/s: a "
        "club of 10 years (at most 200 games a year) on SQLite, and on PostgreSQL when a "
        "server answers",
        _backups,
    ),
}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Print BalutClub's benchmark figures (see docs/benchmarks.md).",
    )
    # No `choices=`: argparse checks an empty `nargs="*"` list against them and refuses it.
    parser.add_argument(
        "names", nargs="*", metavar="name", help=f"run only these: {', '.join(BENCHMARKS)}"
    )
    parser.add_argument(
        "--games", type=int, default=8, help="timed 112-turn games for 'turn' (default 8)"
    )
    parser.add_argument(
        "--finishing-games",
        type=int,
        default=12,
        help="games whose finishing turn 'turn' times on its own (default 12)",
    )
    parser.add_argument("--seed", type=int, default=1978, help="seed for the random dice")
    # A busy club's 2,000 games a year (the report prints what was used); the smoke test and a
    # quick look ask for fewer.
    parser.add_argument(
        "--games-per-year",
        type=int,
        default=2000,
        help="synthetic games a year for 'history' and 'ratings' (default 2000)",
    )
    parser.add_argument(
        "--years",
        type=int,
        default=10,
        help="years of history for 'history' and 'ratings' (default 10)",
    )
    parser.add_argument(
        "--crash-games", type=int, default=24, help="games finishing at the kills (default 24)"
    )
    parser.add_argument("--kills", type=int, default=2, help="SIGKILLs for 'crash' (default 2)")
    parser.add_argument(
        "--postgres",
        default="",
        help="PostgreSQL server URL for 'crash', 'club_night' and 'federation' (default "
        "$BENCH_POSTGRES_URL, a PostgreSQL "
        "$DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres); skipped if unreachable",
    )
    parser.add_argument(
        "--tablet-turns",
        type=int,
        default=56,
        help="turns played online, then offline, for 'tablet' (default 56: a whole "
        "two-player Standard Balut game; at most 56)",
    )
    parser.add_argument(
        "--tablets", type=int, default=40, help="simulated tablets for 'club_night' (default 40)"
    )
    parser.add_argument(
        "--night-players",
        type=int,
        default=2,
        help="seats of each Standard Balut game in 'club_night' (default 2: 56 turns a game)",
    )
    parser.add_argument(
        "--cold-workers",
        type=int,
        default=5,
        help="new workers whose first turn 'first_turn' times, per configuration (default 5)",
    )
    parser.add_argument(
        "--repeats",
        type=int,
        default=None,
        help="timed repeats of each figure of 'engine', 'pdf' and 'draw' (default 30, 10 and 3)",
    )
    parser.add_argument(
        "--night-sheets",
        type=int,
        default=100,
        help="sheets of the club night PDF in 'pdf' (default 100)",
    )
    parser.add_argument(
        "--day-players",
        type=int,
        default=300,
        help="entrants of the 'tournament_day' day (default 300; at least 2)",
    )
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark {unknown[0]!r}: choose from {', '.join(BENCHMARKS)}")
    if args.games < 1 or args.finishing_games < 1:
        parser.error("--games and --finishing-games must be 1 or more")
    if args.crash_games < 1 or args.kills < 0:
        parser.error("--crash-games must be 1 or more and --kills 0 or more")
    if args.tablets < 1 or not 2 <= args.night_players <= 8:
        parser.error("--tablets must be 1 or more and --night-players from 2 to 8")
    if (
        args.cold_workers < 1
        or args.night_sheets < 1
        or (args.repeats is not None and args.repeats < 1)
    ):
        parser.error("--cold-workers, --night-sheets and --repeats must be 1 or more")
    if args.day_players < 2:
        parser.error("--day-players must be 2 or more")
    if args.games_per_year < 1 or args.years < 2:
        parser.error("--games-per-year must be 1 or more and --years 2 or more")
    return args


def header() -> str:
    import django

    return (
        f"BalutClub benchmarks, {time.strftime('%Y-%m-%d %H:%M')}: "
        f"Python {platform.python_version()}, Django {django.get_version()}, "
        f"SQLite {sqlite3.sqlite_version} (temporary file), {os.cpu_count()} CPU(s), "
        f"DEBUG off; load average {load()}"
    )


def load() -> str:
    # Other work on the machine stretches wall times; the load average says how busy it was.
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    names = args.names or list(BENCHMARKS)
    from benchmarks import environment

    with tempfile.TemporaryDirectory(prefix="balutclub-bench-") as directory:
        migrated = environment.configure(Path(directory))
        try:
            print(header())
            for name in names:
                description, run = BENCHMARKS[name]
                print(f"\n[{name}] {description}", flush=True)
                # Each benchmark on an empty club of its own: what one leaves (the history's
                # synthetic members, the turn benchmark's games) neither collides with the next
                # one's members nor weighs on its figures.
                environment.fresh_database(migrated, Path(directory) / f"{name}.sqlite3")
                started = time.perf_counter()
                result = run(args)
                print(result.report())
                elapsed = time.perf_counter() - started
                print(f"  ({elapsed:.1f} s; load average now {load()})", flush=True)
        finally:
            environment.close_connections()
    return 0


if __name__ == "__main__":
    sys.exit(main())
