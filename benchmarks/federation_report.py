"""The federation benchmark's run and report, on whatever database Django points at (the child
process of benchmarks.federation points it at a scratch PostgreSQL database).

Issue 25's goals: a club's standings, player page, register and board at most 1.2x what they
cost on a server holding that club alone (medians, same club, same run); the federation register
at most 50 ms; a turn the same as on a one-club server.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from datetime import timedelta

from django.db import connection
from django.utils import timezone

from benchmarks.bench_club import bench_club
from benchmarks.federation import RATIO_GOAL, REGISTER_GOAL_MS, TURN_GOAL, progress
from benchmarks.federation_alternate import (
    copy_database,
    drop_database,
    pages_side_by_side,
)
from benchmarks.federation_load import Snapshot, clone_clubs
from benchmarks.federation_measure import (
    GOAL_PAGES,
    Register,
    TurnTimes,
    federation_register,
    vacuum_analyze,
)
from benchmarks.federation_turns import turns_side_by_side
from benchmarks.goals import goal_line
from benchmarks.history import Measured, compared
from benchmarks.history_club import (
    busiest,
    in_progress_game,
    last_year_season,
    paper_records,
    secretary,
)
from benchmarks.stats import ms, table
from clubs.models import Club
from league.synthesis.history import Synthesizer
from scoring.models import Game

ISSUE = "issue 25"


@dataclass(frozen=True)
class FederationResult:
    clubs: int
    years: int
    games_per_year: int
    games: tuple[int, int]
    engine: str
    synthesis_seconds: float
    load_seconds: float
    load_rows: int
    vacuum_seconds: float
    rows: list[tuple[str, Measured, Measured]]
    turns: tuple[TurnTimes, TurnTimes]
    register: Register

    def report(self) -> str:
        one, many = self.games
        return "\n".join(
            [
                f"  {self.engine}; the club: {self.games_per_year} finished games a year for "
                f"{self.years} year(s), {one} games; the federation: {self.clubs} clubs, "
                f"{many} games",
                f"  loading: synthesizing the club took {self.synthesis_seconds:.1f} s; copying it "
                f"into {self.clubs - 1} more clubs {self.load_seconds:.1f} s ({self.load_rows} "
                f"rows, no turns); VACUUM ANALYZE {self.vacuum_seconds:.1f} s",
                table(
                    [
                        "page (server time, median)",
                        "1 club ms",
                        "CPU ms",
                        "queries",
                        f"{self.clubs} clubs ms",
                        "CPU ms",
                        "queries",
                        "ratio",
                        "CPU ratio",
                    ],
                    [compared(label, a, b) for label, a, b in self.rows],
                ),
                self._turns(),
                self._goals(),
            ]
        )

    def _turns(self) -> str:
        one, many = self.turns
        return "\n".join(
            [
                f"  a turn (median of {one.turn.count}, each followed by the bare view): "
                f"{ms(one.turn.median_ms)} ms (CPU {ms(one.turn_cpu.median_ms)}, bare "
                f"{ms(one.bare.median_ms)}) on 1 club; {ms(many.turn.median_ms)} ms (CPU "
                f"{ms(many.turn_cpu.median_ms)}, bare {ms(many.bare.median_ms)}) on "
                f"{self.clubs} clubs",
            ]
        )

    def _goals(self) -> str:
        lines = [f"  {ISSUE} goals ({self.clubs} clubs over 1):"]
        found = {label: (a, b) for label, a, b in self.rows}
        for label in GOAL_PAGES:
            a, b = found[label]
            ratio = b.summary.median_ms / a.summary.median_ms
            lines.append(
                goal_line(label, f"{ratio:.2f}x", f"at most {RATIO_GOAL:g}x", ratio <= RATIO_GOAL)
            )
        if self.register.summary is None:
            lines.append(f"    federation register: {self.register.note}")
        else:
            median = self.register.summary.median_ms
            cpu = self.register.cpu
            lines.append(
                goal_line(
                    "federation register",
                    f"{median:.1f} ms{f' (CPU {cpu.median_ms:.1f} ms)' if cpu else ''} "
                    f"({self.register.note})",
                    f"at most {REGISTER_GOAL_MS:g} ms",
                    median <= REGISTER_GOAL_MS,
                )
            )
        one, many = self.turns
        ratio = many.turn.median_ms / one.turn.median_ms
        lines.append(
            goal_line(
                "a turn", f"{ratio:.2f}x", f"the same, at most {TURN_GOAL:g}x", ratio <= TURN_GOAL
            )
        )
        # The bare view's own ratio: how much busier the machine was during the second timing.
        bare = many.bare.median_ms / one.bare.median_ms
        lines.append(f"    (the bare view between the turns: {bare:.2f}x)")
        return "\n".join(lines)


def measure_federation(
    *, clubs: int, years: int, games_per_year: int, seed: int, repeats: int, turns: int
) -> FederationResult:
    now = timezone.now()
    club = bench_club()
    progress(f"synthesizing {years} year(s) of {games_per_year} games for one club")
    started = time.perf_counter()
    Synthesizer(club=club, seed=seed, signatures=False).run(
        years=years, games_per_year=games_per_year, until=now, progress=_synthesized
    )
    synthesis = time.perf_counter() - started
    # The copies are of the synthetic history: what the benchmark adds below stays the club's.
    snapshot = Snapshot.take()
    by = secretary()
    season = last_year_season(by, now)
    paper_records(by, before=(now - timedelta(days=365 * years)).date())
    in_progress_game()
    member, _ = busiest()
    vacuum = vacuum_analyze()
    one_games = Game.objects.count()
    # The club on a server of its own stays, as a database of its own, to be timed in turns
    # with the federation (benchmarks.federation_alternate).
    federation_db = str(connection.settings_dict["NAME"])
    alone_db = copy_database(f"{federation_db}_alone")
    try:
        progress(f"copying the club into {clubs - 1} more clubs")
        loaded = clone_clubs(club, snapshot, count=clubs - 1, progress=_copied)
        vacuum += vacuum_analyze()
        progress("recording turns on both servers, in turns")
        alone_turns, many_turns = turns_side_by_side(
            club=club, count=turns, seed=seed, databases=(alone_db, federation_db)
        )
        progress("timing the club's pages on both servers, in turns")
        rows = pages_side_by_side(
            club=club,
            member=member,
            season=season,
            repeats=repeats,
            databases=(alone_db, federation_db),
        )
        register = federation_register()
    finally:
        # BENCH_FEDERATION_KEEP=1 keeps it, as it keeps the federation's.
        if not os.environ.get("BENCH_FEDERATION_KEEP"):
            drop_database(alone_db)
    return FederationResult(
        clubs=Club.objects.count(),
        years=years,
        games_per_year=games_per_year,
        games=(one_games, Game.objects.count()),
        engine=_engine(),
        synthesis_seconds=synthesis,
        load_seconds=loaded.seconds,
        load_rows=loaded.rows,
        vacuum_seconds=vacuum,
        rows=rows,
        turns=(alone_turns, many_turns),
        register=register,
    )


def _synthesized(done: int, total: int) -> None:
    if done == total or done % 2000 == 0:
        progress(f"{done} of {total} games synthesized")


def _copied(done: int, total: int) -> None:
    if done == total or done % 10 == 0:
        progress(f"{done} of {total} clubs copied")


def _engine() -> str:
    if connection.vendor != "postgresql":
        return connection.vendor
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        return f"PostgreSQL {cursor.fetchone()[0]}"
