"""`make bench`'s ratings figures still come out: tiny sizes, every figure a number above zero."""

from __future__ import annotations

import pytest

from benchmarks.ratings import run_ratings_benchmark

pytestmark = pytest.mark.django_db


def test_the_ratings_benchmark_produces_figures_and_leaves_the_ratings_whole() -> None:
    result = run_ratings_benchmark(years=2, games_per_year=5)

    assert result.games == 10 and result.changes > 0
    assert result.recompute.median_ms > 0 and result.finishing.median_ms > 0
    assert result.rerated >= 1
    report = result.report()
    assert "full recomputation, written" in report and "finishing turn" in report
