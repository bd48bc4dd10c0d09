"""What the federation benchmark times on each database: one club's pages, its turns (recorded
in turns by benchmarks.federation_turns), and the federation register (when the federation app
is there).

Everything is asked at the club's own address (/c/<slug>/...), on the one-club database as on
the federation's, so both go through the same middleware; the pages are those of the history
benchmark (benchmarks.history.pages), the turns those of the turn benchmark (its GameDriver),
each followed by the bare view, whose time says how busy the machine was at that moment.
"""

from __future__ import annotations

import importlib
import importlib.util
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import connection
from django.urls import get_script_prefix, set_script_prefix

from benchmarks.stats import Summary, summarize
from clubs.models import Club

# The four pages issue 25 asks about, as benchmarks.history.pages labels them; the records page
# and the board's fragments are timed with them and printed without a goal.
GOAL_PAGES = ("standings page", "player page", "register page", "board, whole page")
REGISTER_REPEATS = 9


@dataclass(frozen=True)
class TurnTimes:
    turn: Summary
    bare: Summary
    turn_cpu: Summary


@dataclass(frozen=True)
class Register:
    """The federation register's time, or why there is none."""

    summary: Summary | None
    note: str
    # This process's CPU time of each call: on a shared machine the wall time is mostly waiting.
    cpu: Summary | None = None


@contextmanager
def at_club(club: Club) -> Iterator[None]:
    """reverse() gives the club's own addresses, as a page of the club draws them."""
    outer = get_script_prefix()
    set_script_prefix(f"{outer}c/{club.slug}/")
    try:
        yield
    finally:
        set_script_prefix(outer)


def federation_register(repeats: int = REGISTER_REPEATS) -> Register:
    """The federation register's selector, timed, if this branch has the federation app."""
    if importlib.util.find_spec("federation") is None:
        return Register(None, "not built on this branch")
    try:
        selectors = importlib.import_module("federation.selectors")
        register: Callable[[], object] = selectors.federation_register
    except (ImportError, AttributeError) as error:
        return Register(None, f"not built on this branch ({error})")
    samples, cpu = [], []
    for attempt in range(repeats + 1):
        started, cpu_started = time.perf_counter(), time.process_time()
        try:
            _drain(register())
        except Exception as error:  # noqa: BLE001 - a selector of another shape: say so, go on
            return Register(None, f"federation_register() could not be called here: {error!r}")
        if attempt:  # the first call fills caches: untimed
            samples.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
    return Register(
        summarize(samples),
        "the selector federation.selectors.federation_register()",
        summarize(cpu),
    )


def _drain(value: object) -> None:
    """Read all a lazy answer holds (a queryset, a generator, lists of rows), as a page would."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        return
    for item in value:
        if isinstance(item, (list, tuple)) or hasattr(item, "_iterable_class"):
            _drain(item)


def vacuum_analyze() -> float:
    """PostgreSQL's statistics and visibility map brought up to date, as autovacuum would after
    a load: the planner then knows each table's size. Nothing to do on SQLite."""
    if connection.vendor != "postgresql":
        return 0.0
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return time.perf_counter() - started
