"""The benchmarks still run: tiny sizes, and only that every figure comes out as a number > 0.

Timings are never asserted; they depend on the machine. `make bench` is where they are read.
"""

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


def test_the_crash_benchmark_says_why_it_skips_without_postgresql() -> None:
    from benchmarks.crash import run_crash

    result = run_crash(games=1, kills=0, postgres="postgres://postgres@127.0.0.1:1/none")

    assert result.skipped.startswith("no PostgreSQL reachable at 127.0.0.1:1")
    assert "BENCH_POSTGRES_URL" in result.report()
