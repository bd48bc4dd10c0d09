"""`make bench`'s PDF figures still come out: tiny sizes, every figure a number above zero."""

from __future__ import annotations

import pytest

from benchmarks.pdf import run_pdf_benchmark


@pytest.mark.django_db
def test_pdf_benchmark_produces_figures() -> None:
    result = run_pdf_benchmark(repeats=1, night_repeats=1, sheets=2)
    figures = result.figures()
    assert len(figures) == 9
    assert all(value > 0 for value in figures.values()), figures
    report = result.report()
    assert "one 8-player jackpot sheet" in report
    assert "club night of 2 sheets" in report
    assert "5 queries" in report
    assert "process max RSS" in report
    assert "verify an uploaded club night of 2 signed sheets" in report
