"""Benchmark "federation": one club's pages and turns on a server hosting that club alone, and
again once the server hosts a federation of 50 clubs of 10 years each (about a million games),
on PostgreSQL (issue 25's scale).

One club's history is synthesized (2,000 games a year) and timed as the one-club server;
then 49 more clubs are loaded as copies of it (benchmarks.federation_load), PostgreSQL's
statistics brought up to date, and the same club's pages and turns timed again, in the same
run. `BENCH_FEDERATION_CLUBS` and `BENCH_FEDERATION_YEARS` shrink it for a quick try.

It runs in a child process of its own, whose Django points at a scratch PostgreSQL database
(made and dropped here): the rest of `make bench` keeps its SQLite. Without a PostgreSQL
server it says so and `make bench` goes on.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
from dataclasses import dataclass

from benchmarks.crash import _admin, _with_database, postgres_url, reachable

CLUBS = 50
YEARS = 10
GAMES_PER_YEAR = 2000
REPEATS = 9
# Turns timed on each database: two whole four-player games.
TURNS = 224
RATIO_GOAL = 1.2
REGISTER_GOAL_MS = 50.0
# "A turn costs the same": within what two runs of the same turns differ by on a quiet machine.
TURN_GOAL = 1.1


def sizes() -> tuple[int, int, int]:
    """Clubs, years and games a year: the issue's federation unless the environment says less."""

    def number(name: str, default: int, least: int) -> int:
        try:
            return max(least, int(os.environ.get(name, default)))
        except ValueError:
            return default

    return (
        number("BENCH_FEDERATION_CLUBS", CLUBS, 2),
        number("BENCH_FEDERATION_YEARS", YEARS, 1),
        number("BENCH_FEDERATION_GAMES_PER_YEAR", GAMES_PER_YEAR, 1),
    )


@dataclass(frozen=True)
class FederationRun:
    """What the child process printed, or why it did not run."""

    text: str

    def report(self) -> str:
        return self.text


def run_federation(*, postgres: str, seed: int = 1978) -> FederationRun:
    """The benchmark in a child process on a scratch PostgreSQL database, dropped afterwards."""
    url = postgres_url(postgres)
    why = reachable(url)
    if why:
        return FederationRun(f"  not run: {why}; it needs PostgreSQL (--postgres URL)")
    name = f"balutclub_federation_{os.getpid()}_{secrets.token_hex(4)}"
    _admin(url, f'CREATE DATABASE "{name}"')
    try:
        child = subprocess.run(
            [sys.executable, "-m", "benchmarks.federation", str(seed)],
            env={**os.environ, "BENCH_FEDERATION_DATABASE_URL": _with_database(url, name)},
            stdout=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        # BENCH_FEDERATION_KEEP=1 leaves it, to look at the plans (EXPLAIN ANALYZE) afterwards.
        if not os.environ.get("BENCH_FEDERATION_KEEP"):
            _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        else:
            print(f"  ... kept the database {name}", file=sys.stderr, flush=True)
    if child.returncode != 0:
        return FederationRun(
            f"{child.stdout}\n  FAILED: the child process ended with {child.returncode}"
        )
    return FederationRun(child.stdout.rstrip("\n"))


def child_main(seed: int) -> int:
    """In the child: Django on the scratch database, migrated; then the benchmark, printed."""
    from benchmarks.environment import BENCH_ENVIRONMENT

    os.environ.update(BENCH_ENVIRONMENT)
    os.environ["DATABASE_URL"] = os.environ["BENCH_FEDERATION_DATABASE_URL"]
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    from benchmarks.federation_report import measure_federation

    clubs, years, per_year = sizes()
    print(
        measure_federation(
            clubs=clubs,
            years=years,
            games_per_year=per_year,
            seed=seed,
            repeats=REPEATS,
            turns=TURNS,
        ).report()
    )
    return 0


def progress(what: str) -> None:
    """A line on stderr while the child works: the parent keeps only stdout for the report."""
    print(
        f"  ... {what} ({time.strftime('%H:%M:%S UTC', time.gmtime())})",
        file=sys.stderr,
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(child_main(int(sys.argv[1]) if len(sys.argv) > 1 else 1978))
