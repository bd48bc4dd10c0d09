"""Benchmark "backups": `manage.py backup` and `restore` of a club of ten years, in rows a second,
on the runner's SQLite and on PostgreSQL when a server answers (issue 36: 894 rows took 84 s to
back up and 68 s to restore on PostgreSQL).

The club's history is synthesized (league.synthesis, `--years`, at most BACKUP_GAMES_PER_YEAR
games a year so `make bench` stays short), then timed once each: the whole server's backup and
its restore over it (`--replace`), and the club's own archive (`backup --club`) and its restore
in the club's place (`restore --club --replace`). On PostgreSQL in a child process against a
scratch database of its own, made and dropped here, as `ratings_scale` runs.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.crash import _admin, _with_database, postgres_url, reachable

BACKUP_GAMES_PER_YEAR = 200


@dataclass(frozen=True)
class Timed:
    what: str
    rows: int
    seconds: float

    def line(self) -> str:
        return (
            f"  {self.what:<34} {self.rows:9d} rows {self.seconds:8.2f} s "
            f"{self.rows / max(self.seconds, 1e-9):10.0f} rows/s"
        )


@dataclass(frozen=True)
class BackupsResult:
    database: str
    games: int
    years: int
    timed: tuple[Timed, ...]

    def report(self) -> str:
        return "\n".join(
            [
                f"  {self.database}: a club of {self.years} years, {self.games} finished games",
                *(timed.line() for timed in self.timed),
            ]
        )


@dataclass(frozen=True)
class Runs:
    parts: tuple[str, ...]

    def report(self) -> str:
        return "\n".join(self.parts)


def measure(*, years: int, games_per_year: int, seed: int) -> BackupsResult:
    """In a migrated, empty database: the club's history made, then each command timed."""
    from django.db import connection
    from django.test.utils import override_settings

    from backups.archive import backup
    from backups.club_backups import club_backup
    from backups.club_restoring import club_restore
    from backups.restoring import restore
    from benchmarks.bench_club import bench_club
    from league.synthesis.history import Synthesizer
    from scoring.models import Game

    club = bench_club()
    games = min(games_per_year, BACKUP_GAMES_PER_YEAR)
    Synthesizer(club=club, seed=seed).run(years=years, games_per_year=games)
    timed = []
    with (
        tempfile.TemporaryDirectory(prefix="balutclub-bench-backups-") as scratch,
        override_settings(MEDIA_ROOT=str(Path(scratch) / "media")),
    ):
        server, own = Path(scratch) / "server.tar.gz", Path(scratch) / "club.tar.gz"
        started = time.perf_counter()
        rows = sum(backup(server).rows.values())
        timed.append(Timed("backup (whole server)", rows, time.perf_counter() - started))
        started = time.perf_counter()
        restore(server, replace=True)
        timed.append(Timed("restore --replace", rows, time.perf_counter() - started))
        started = time.perf_counter()
        summary = club_backup(own, club_id=club.pk, slug=club.slug, name=club.name)
        club_rows = sum(summary.rows.values())
        timed.append(Timed("backup --club", club_rows, time.perf_counter() - started))
        started = time.perf_counter()
        club_restore(own, slug=club.slug, replace=True)
        timed.append(Timed("restore --club --replace", club_rows, time.perf_counter() - started))
    return BackupsResult(
        database=connection.display_name,
        games=Game.objects.across_clubs().count(),
        years=years,
        timed=tuple(timed),
    )


def run_backups(*, postgres: str, years: int, games_per_year: int, seed: int) -> Runs:
    """On the runner's SQLite here, then on a scratch PostgreSQL database in a child process
    when a server answers."""
    parts = [measure(years=years, games_per_year=games_per_year, seed=seed).report()]
    url = postgres_url(postgres)
    why = reachable(url)
    if why:
        parts.append(f"  PostgreSQL: skipped, {why}")
        return Runs(tuple(parts))
    name = f"balutclub_backups_{os.getpid()}_{secrets.token_hex(4)}"
    _admin(url, f'CREATE DATABASE "{name}"')
    try:
        child = subprocess.run(
            [
                sys.executable,
                "-m",
                "benchmarks.backups",
                str(years),
                str(games_per_year),
                str(seed),
            ],
            env={**os.environ, "BENCH_BACKUPS_DATABASE_URL": _with_database(url, name)},
            stdout=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    parts.append(child.stdout.rstrip("\n"))
    if child.returncode != 0:
        parts.append(f"  FAILED: the child process ended with {child.returncode}")
    return Runs(tuple(parts))


def child_main(years: int, games_per_year: int, seed: int) -> int:
    from benchmarks.environment import BENCH_ENVIRONMENT

    os.environ.update(BENCH_ENVIRONMENT)
    os.environ["DATABASE_URL"] = os.environ["BENCH_BACKUPS_DATABASE_URL"]
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    print(measure(years=years, games_per_year=games_per_year, seed=seed).report())
    return 0


if __name__ == "__main__":
    sys.exit(child_main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])))
