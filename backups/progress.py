"""What a backup or a restore tells while it works, so a volunteer at the console sees it is
alive: each step as it starts, and the rows copied so far, at most a line a second (and one at
the end of each step)."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.utils.formats import number_format
from django.utils.translation import gettext as _

# At most one line of rows copied this often.
EVERY_SECONDS = 1.0


class Progress:
    """Lines for `write` (the command's stderr); `Progress()` says nothing."""

    def __init__(self, write: Callable[[str], None] | None = None) -> None:
        self.write = write
        self.started = time.monotonic()
        self.last = self.started

    def step(self, line: str) -> None:
        if self.write is not None:
            self.write(line)

    def copied(self, *, tables: int, of: int, rows: int, done: bool = False) -> None:
        """`rows` copied so far, in `tables` of `of` tables."""
        now = time.monotonic()
        if self.write is None or not (done or now - self.last >= EVERY_SECONDS):
            return
        self.last = now
        self.write(
            _("… %(tables)d of %(of)d tables, %(rows)s rows (%(seconds)s s)")
            % {
                "tables": tables,
                "of": of,
                "rows": number_format(rows, force_grouping=True),
                "seconds": number_format(now - self.started, decimal_pos=1),
            }
        )
