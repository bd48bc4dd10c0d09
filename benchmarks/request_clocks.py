"""How the request benchmarks measure: the server's clock around one request (wall and CPU),
the template renders' CPU time, a response's size and the statements a request makes.

Split from benchmarks.turn, which the history and federation benchmarks share these with.
"""

from __future__ import annotations

import gzip
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.core.signals import request_finished, request_started
from django.db import connection
from django.http import HttpResponse
from django.test.utils import CaptureQueriesContext


class BenchmarkError(RuntimeError):
    """A request did not answer as a recorded turn does; the figures would mean nothing."""


class ServerClock:
    """The last request's time from `request_started` to `request_finished`: wall and CPU.

    CPU time is this process's only: on a machine shared with other work it stays near what
    the request costs while the wall time grows with the wait for a core.
    """

    def __init__(self) -> None:
        self._started = (0.0, 0.0)
        self.last = 0.0
        self.last_cpu = 0.0

    def _start(self, **kwargs: Any) -> None:
        self._started = (time.perf_counter(), time.process_time())

    def _finish(self, **kwargs: Any) -> None:
        wall, cpu = self._started
        self.last = time.perf_counter() - wall
        self.last_cpu = time.process_time() - cpu

    def __enter__(self) -> ServerClock:
        request_started.connect(self._start, weak=False, dispatch_uid="bench-clock-start")
        request_finished.connect(self._finish, weak=False, dispatch_uid="bench-clock-finish")
        return self

    def __exit__(self, *exc: object) -> None:
        request_started.disconnect(dispatch_uid="bench-clock-start")
        request_finished.disconnect(dispatch_uid="bench-clock-finish")


@dataclass
class Samples:
    """Per-request wall and CPU seconds."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, clock: ServerClock) -> None:
        self.wall.append(clock.last)
        self.cpu.append(clock.last_cpu)


class TemplateClock:
    """CPU time spent rendering templates, summed over the outermost renders of a request: what
    the base layout and the page's own template cost, queries they make included. It wraps
    Template.render, so it runs only in untimed requests."""

    def __init__(self) -> None:
        self.total = 0.0
        self._depth = 0

    def __enter__(self) -> TemplateClock:
        from django.template.base import Template

        self._original = Template.render
        original, clock = self._original, self

        def render(template: Template, context: Any) -> Any:
            clock._depth += 1
            started = time.process_time()
            try:
                return original(template, context)
            finally:
                clock._depth -= 1
                if clock._depth == 0:
                    clock.total += time.process_time() - started

        Template.render = render  # type: ignore[method-assign, assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        from django.template.base import Template

        Template.render = self._original  # type: ignore[method-assign]


@dataclass(frozen=True)
class AnswerSize:
    """A turn's answer in bytes: on the wire (as the server sent it) and its HTML unpacked."""

    wire: int
    html: int

    @classmethod
    def of(cls, response: HttpResponse) -> AnswerSize:
        body = response.content
        unpacked = gzip.decompress(body) if response.get("Content-Encoding") == "gzip" else body
        return cls(wire=len(body), html=len(unpacked))

    def __str__(self) -> str:
        return f"{self.wire / 1024:.1f} KB on the wire ({self.html / 1024:.1f} KB of HTML)"


TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


@dataclass(frozen=True)
class QueryCount:
    """Statements as assertNumQueries counts them, and how many of those are real SQL work."""

    total: int
    transaction_control: int

    def __str__(self) -> str:
        return (
            f"{self.total} ({self.total - self.transaction_control} without BEGIN/SAVEPOINT/COMMIT)"
        )


def count_queries(action: Callable[[], object]) -> QueryCount:
    # CaptureQueriesContext forces the debug cursor, so it runs only in the counting game,
    # never around a timed request.
    with CaptureQueriesContext(connection) as captured:
        action()
    statements = [query["sql"].lstrip().upper() for query in captured.captured_queries]
    control = sum(1 for sql in statements if sql.startswith(TRANSACTION_CONTROL))
    return QueryCount(total=len(statements), transaction_control=control)
