"""Benchmarks for `make bench`: they print figures and never assert timings.

`python -m benchmarks` runs them all against a throw-away SQLite database; `python -m benchmarks
turn` runs one by name. See docs/benchmarks.md for what each figure means.
"""
