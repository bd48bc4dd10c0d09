"""Benchmark "ratings_scale": every rating worked out afresh at the federation's size (issue 27:
1,000,000 games), streamed, with the memory it takes.

One club's year of synthetic history (league.synthesis, at most 2,000 games) is copied inside
the database into as many more clubs as the games asked for need (benchmarks.federation_load,
only the rows the ratings read and point at: users, members, games, seats and result rows), so
each copy's members are people of their own. Then, timed once each:

- the full recomputation in memory (`ratings.services.recompute.recompute`): the result rows
  read in the order games started, every game rated through openskill in the order played;
- the same, written (`rebuild_ratings`: every change and rating replaced, the changes inserted
  a batch at a time as the games are rated);
- check_books' ratings check (`check_ratings`): the recomputation walked side by side with the
  kept changes, both in the order rated; it must find nothing.

Each line gives the peak memory of the process during it (Linux's VmHWM, reset before each).

`BENCH_RATINGS_GAMES` says how many games (default 10,000, so `make bench` stays short; the
issue's figure is `BENCH_RATINGS_GAMES=1000000`). On PostgreSQL when a server answers (a scratch
database of its own, made and dropped here, in a child process as `federation` runs), else on
the runner's SQLite.
"""

from __future__ import annotations

import contextlib
import math
import os
import resource
import secrets
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.crash import _admin, _with_database, postgres_url, reachable

GAMES = 10_000
TEMPLATE_GAMES = 2000


def games_asked() -> int:
    try:
        return max(2, int(os.environ.get("BENCH_RATINGS_GAMES", GAMES)))
    except ValueError:
        return GAMES


@dataclass(frozen=True)
class Phase:
    what: str
    seconds: float
    cpu: float
    peak_mib: float

    def line(self, games: int) -> str:
        return (
            f"  {self.what:<32} {self.seconds:9.1f} s  CPU {self.cpu:8.1f} s  "
            f"{games / self.seconds:8.0f} games/s  peak {self.peak_mib:7.0f} MiB"
        )


@dataclass(frozen=True)
class ScaleResult:
    database: str
    games: int
    changes: int
    synthesized: float
    copied: float
    clubs: int
    phases: tuple[Phase, ...]

    def report(self) -> str:
        return "\n".join(
            [
                f"  {self.database}: {self.games} finished games in {self.clubs} "
                f"club{'s' if self.clubs != 1 else ''}, "
                f"{self.changes} rating changes",
                f"  loading: synthesizing the first club {self.synthesized:.1f} s, copying it "
                f"{self.copied:.1f} s",
                *(phase.line(self.games) for phase in self.phases),
            ]
        )


@dataclass(frozen=True)
class ScaleRun:
    text: str

    def report(self) -> str:
        return self.text


def _reset_peak() -> None:
    # Linux: "5" resets the peak resident set size (VmHWM) of the process.
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def _peak_mib() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _phase(what: str, run: object) -> tuple[Phase, object]:
    _reset_peak()
    started, cpu = time.perf_counter(), time.process_time()
    result = run()  # type: ignore[operator]
    phase = Phase(what, time.perf_counter() - started, time.process_time() - cpu, _peak_mib())
    # On stderr as soon as it is known: a run stopped before the end still says what it reached.
    _progress(f"{what}: {phase.seconds:.1f} s, CPU {phase.cpu:.1f} s, {phase.peak_mib:.0f} MiB")
    return phase, result


@dataclass(frozen=True)
class Loaded:
    synthesized: float
    copied: float
    clubs: int


def load_federation(*, games: int, seed: int, template: int) -> Loaded:
    """In a migrated, empty database: one club's year synthesized and copied into as many
    clubs as `games` need (also benchmarks.ratings_correction's history)."""
    from django.contrib.auth.models import User

    from benchmarks.bench_club import bench_club
    from benchmarks.federation_load import Snapshot, clone_clubs
    from benchmarks.federation_measure import vacuum_analyze
    from league.models import PlayerResultRow
    from league.synthesis.history import Synthesizer
    from scoring.models import Game, GamePlayer, Member

    club = bench_club()
    template = min(games, template)
    started = time.perf_counter()
    _progress(f"synthesizing the first club's {template} games")
    Synthesizer(club=club, seed=seed, signatures=False).run(years=1, games_per_year=template)
    synthesized = time.perf_counter() - started
    _progress(f"synthesized in {synthesized:.1f} s")
    # Only what the ratings read and point at: the copies' people, games, seats and results.
    snapshot = Snapshot(
        {
            model: int(model._default_manager.order_by("-pk").values_list("pk", flat=True)[0])
            for model in (User, Member, Game, GamePlayer, PlayerResultRow)
        }
    )
    copies = math.ceil(games / template) - 1
    loaded = clone_clubs(club, snapshot, count=copies, progress=_copied) if copies else None
    _progress("VACUUM ANALYZE")
    vacuum_analyze()
    return Loaded(synthesized, loaded.seconds if loaded else 0.0, 1 + copies)


def measure_scale(*, games: int, seed: int = 1978, template: int = TEMPLATE_GAMES) -> ScaleResult:
    """In a migrated, empty database: the history loaded, then the three phases timed."""
    from django.db import connection

    from ratings.models import RatingChange
    from ratings.services.recompute import check_ratings, rebuild_ratings, recompute
    from scoring.models import Game

    loaded = load_federation(games=games, seed=seed, template=template)
    # Every club's games: the federation's, as the recomputation reads them.
    counted = Game.objects.across_clubs().count()
    phases = []
    phase, _ = _phase("full recomputation, in memory", recompute)
    phases.append(phase)
    phase, _ = _phase("full recomputation, written", rebuild_ratings)
    phases.append(phase)
    found: list[str] = []
    phase, _ = _phase(
        "check_books' ratings check", lambda: found.extend(check_ratings(repair=False))
    )
    phases.append(phase)
    if found:
        raise AssertionError(f"the ratings differ from a full recomputation: {found[:3]}")
    return ScaleResult(
        database=connection.display_name,
        games=counted,
        changes=RatingChange.objects.count(),
        synthesized=loaded.synthesized,
        copied=loaded.copied,
        clubs=loaded.clubs,
        phases=tuple(phases),
    )


def _copied(done: int, count: int) -> None:
    if done % 50 == 0 or done == count:
        _progress(f"copied {done} of {count} clubs")


def _progress(what: str) -> None:
    """A line on stderr while the child works (stdout carries only the report), with the time
    and load average, so a run stopped before its end still says what it reached."""
    load = os.getloadavg()[0]
    when = time.strftime("%H:%M:%S UTC", time.gmtime())
    print(f"  ... {what} ({when}, load {load:.1f})", file=sys.stderr, flush=True)


def run_ratings_scale(*, postgres: str, seed: int = 1978) -> ScaleRun | ScaleResult:
    """On a scratch PostgreSQL database in a child process when a server answers, else here."""
    games = games_asked()
    url = postgres_url(postgres)
    if reachable(url) != "":  # no PostgreSQL: the runner's SQLite
        return measure_scale(games=games, seed=seed)
    return in_scratch_database(url, "benchmarks.ratings_scale", seed=seed, games=games)


def in_scratch_database(url: str, module: str, *, seed: int, games: int) -> ScaleRun:
    """`python -m module seed games` on a PostgreSQL database of its own, made and dropped
    here: its report is what the child printed."""
    name = f"balutclub_ratings_{os.getpid()}_{secrets.token_hex(4)}"
    _admin(url, f'CREATE DATABASE "{name}"')
    try:
        child = subprocess.run(
            [sys.executable, "-m", module, str(seed), str(games)],
            env={**os.environ, "BENCH_RATINGS_DATABASE_URL": _with_database(url, name)},
            stdout=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if child.returncode != 0:
        return ScaleRun(
            f"{child.stdout}\n  FAILED: the child process ended with {child.returncode}"
        )
    return ScaleRun(child.stdout.rstrip("\n"))


def child_setup() -> None:
    """In the child: Django on the scratch database, migrated."""
    from benchmarks.environment import BENCH_ENVIRONMENT

    os.environ.update(BENCH_ENVIRONMENT)
    os.environ["DATABASE_URL"] = os.environ["BENCH_RATINGS_DATABASE_URL"]
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)


def child_main(seed: int, games: int) -> int:
    child_setup()
    print(measure_scale(games=games, seed=seed).report())
    return 0


if __name__ == "__main__":
    sys.exit(child_main(int(sys.argv[1]), int(sys.argv[2])))
