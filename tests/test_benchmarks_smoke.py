"""The benchmarks still run: tiny sizes, and only that every figure comes out as a number > 0.

Timings are never asserted; they depend on the machine. `make bench` is where they are read.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import run
from benchmarks.engine import run_engine_benchmark
from benchmarks.stats import summarize, table
from benchmarks.turn import run_turn_benchmark


@pytest.mark.django_db
def test_turn_benchmark_produces_figures() -> None:
    result = run_turn_benchmark(games=1, turns_per_game=1, warmup_turns=1, finishing_games=1)
    figures = result.figures()
    assert figures
    assert all(value > 0 for value in figures.values()), figures
    assert "ratio turn/bare" in result.report()


def test_engine_benchmark_produces_figures() -> None:
    result = run_engine_benchmark(repeats=1)
    figures = result.figures()
    assert len(figures) == len(result.rows)
    assert all(value > 0 for value in figures.values()), figures
    assert "replay" in result.report()


def test_draw_benchmark_reaches_the_designs_and_beats_a_random_draw() -> None:
    from benchmarks.draw import run_draw_benchmark

    result = run_draw_benchmark(repeats=1)

    designs = {(9, 3, 4), (16, 4, 5), (25, 5, 6), (15, 3, 7), (300, 5, 7), (21, 3, 10)}
    designs |= {(99, 3, 49), (88, 4, 29), (24, 4, 7), (32, 4, 10), (18, 3, 8)}
    assert all(row.repeats == 0 for row in result.rows if row.shape in designs)
    assert all(row.lower_bound <= row.repeats <= row.random_repeats for row in result.rows)
    assert "lower bound" in result.report()
    assert all(value > 0 for value in result.figures().values())
    assert "random draw's repeats" in result.report()


@pytest.mark.django_db
def test_tournament_day_benchmark_reads_the_standings_in_two_queries() -> None:
    from benchmarks.tournament_day import run_tournament_day

    result = run_tournament_day(players=12)

    # The entrants, and every seat's result, the final table's too (tournaments.selectors).
    assert result.queries == 2
    assert result.games == 3 * 7
    assert all(value > 0 for value in result.figures().values())


def test_summary_of_one_sample_and_table() -> None:
    summary = summarize([0.002])
    assert (summary.count, summary.median_ms, summary.p90_ms) == (1, 2.0, 2.0)
    assert "median ms" in table(["what", "median ms"], [["x", "2.00"]])


def test_runner_refuses_unknown_names() -> None:
    assert run.parse_args(["turn"]).names == ["turn"]
    with pytest.raises(SystemExit):
        run.parse_args(["nope"])


@pytest.mark.parametrize(
    "sizes", [["--night-players=1"], ["--cold-workers=0"], ["--repeats=0"], ["--night-sheets=0"]]
)
def test_runner_refuses_sizes_a_benchmark_cannot_run(sizes: list[str]) -> None:
    with pytest.raises(SystemExit):
        run.parse_args(sizes)


def test_the_crash_benchmark_says_why_it_skips_without_postgresql() -> None:
    from benchmarks.crash import run_crash

    result = run_crash(games=1, kills=0, postgres="postgres://postgres@127.0.0.1:1/none")

    assert result.skipped.startswith("no PostgreSQL reachable at 127.0.0.1:1")
    assert "BENCH_POSTGRES_URL" in result.report()


# Every benchmark at the smallest sizes that still run all of its code; the crash benchmark is
# pointed at a closed port, so it reports why it skips (it runs whole in tests/test_crash_recovery).
TINY = [
    "--games=1",
    "--finishing-games=1",
    "--repeats=1",
    "--night-sheets=2",
    "--years=2",
    "--games-per-year=3",
    "--crash-games=1",
    "--kills=0",
    "--postgres=postgres://postgres@127.0.0.1:1/none",
    "--tablets=1",
    "--night-players=2",
    "--cold-workers=1",
    "--tablet-turns=1",
    "--day-players=12",
]


def test_make_bench_runs_every_benchmark_in_the_default_order_in_one_process() -> None:
    # As `make bench` runs: one process, one benchmark after another, each on its own database
    # (the history's synthetic member Ann once collided with the tablet benchmark's).
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    # The ratings at the federation's size, on SQLite (PostgreSQL's port is closed): a few games.
    env["BENCH_RATINGS_GAMES"] = "6"

    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", *TINY],
        cwd=Path(__file__).resolve().parents[1],
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )

    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    headers = [line.split("]")[0][1:] for line in done.stdout.splitlines() if line.startswith("[")]
    assert headers == list(run.BENCHMARKS)
    assert "Traceback" not in done.stdout + done.stderr
    assert "a worker's first turn" in done.stdout
    # A benchmark's refused request is printed as "error (...)": a figure then counts nothing.
    assert "error (" not in done.stdout, done.stdout[-3000:]
