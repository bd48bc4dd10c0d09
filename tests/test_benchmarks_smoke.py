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
    result = run_turn_benchmark(games=1, turns_per_game=1, warmup_turns=1)
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
]


def test_make_bench_runs_every_benchmark_in_the_default_order_in_one_process() -> None:
    # As `make bench` runs: one process, one benchmark after another, each on its own database
    # (the history's synthetic member Ann once collided with the tablet benchmark's).
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}

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
