"""`make bench`'s history figures still come out: tiny sizes, every figure a number above zero."""

from __future__ import annotations

import pytest

from benchmarks import run
from benchmarks.history import run_history_benchmark

pytestmark = pytest.mark.django_db


def test_history_benchmark_produces_figures() -> None:
    result = run_history_benchmark(years=2, games_per_year=3, repeats=1)

    figures = result.figures()
    # The five pages and the board at both sizes, and the read API's standings and ratings.
    assert len(figures) == 18
    assert {"API standings small ms", "API ratings large ms"} <= set(figures), sorted(figures)
    assert all(value > 0 for value in figures.values()), figures
    report = result.report()
    assert "3 finished games a year" in report
    for page in ("standings page", "player page", "register page", "board, unchanged (304)"):
        assert page in report


def test_the_runner_knows_the_history_benchmark() -> None:
    args = run.parse_args(["history", "--games-per-year", "50", "--years", "3"])
    assert (args.names, args.games_per_year, args.years) == (["history"], 50, 3)
    defaults = run.parse_args([])
    assert (defaults.games_per_year, defaults.years) == (2000, 10)
    with pytest.raises(SystemExit):
        run.parse_args(["history", "--years", "1"])
