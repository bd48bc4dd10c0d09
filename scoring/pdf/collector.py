"""Python's cyclic garbage collector held back while a long PDF is made.

A club night keeps every game of its range in memory (their turns, some 19,000 model
instances for 100 games) while reportlab makes hundreds of thousands of short-lived objects.
The collector then walks the whole process's heap again and again: a third of the 100-sheet
night's time (issue 29), for a few MiB of cycles that a collection of the young generations
frees as well. So the automatic collector is paused for the PDF, and `collect_young()` is
called between sheets; memory stays within a sheet's cycles of what it was.

The collector is process-wide: concurrent renders in threads share one pause, and the
collector's own setting comes back when the last of them ends.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()


def collect_young() -> None:
    """Free the cycles made since the last collection (the young generations only: a few
    milliseconds, however large the heap), while the automatic collector is paused."""
    if _depth:
        gc.collect(1)
