"""Summaries of timing samples and a plain-text table to print them in.

Kept free of Django so the runner can import it before `django.setup()`.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Summary:
    """Timing samples reduced to the figures the reports print, in milliseconds."""

    count: int
    median_ms: float
    p90_ms: float
    mean_ms: float

    def cells(self) -> list[str]:
        return [str(self.count), ms(self.median_ms), ms(self.p90_ms), ms(self.mean_ms)]


def summarize(seconds: Sequence[float]) -> Summary:
    """Median, 90th percentile and mean of samples taken in seconds."""
    if not seconds:
        raise ValueError("no samples to summarize")
    millis = [s * 1000.0 for s in seconds]
    # quantiles() needs two samples; a single one (the smoke test's tiny runs) is its own p90.
    p90 = (
        statistics.quantiles(millis, n=10, method="inclusive")[-1] if len(millis) > 1 else millis[0]
    )
    return Summary(
        count=len(millis),
        median_ms=statistics.median(millis),
        p90_ms=p90,
        mean_ms=statistics.fmean(millis),
    )


def ms(value: float) -> str:
    # Bare views take tens of microseconds, so small figures keep a third decimal.
    return f"{value:.3f}" if value < 1 else f"{value:.2f}"


SUMMARY_HEADERS = ["n", "median ms", "p90 ms", "mean ms"]


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], indent: str = "  ") -> str:
    """Columns padded to their widest cell: the first left-aligned, the figures right-aligned."""
    widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        padded = [
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return indent + "  ".join(padded).rstrip()

    rule = indent + "  ".join("-" * width for width in widths)
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])
