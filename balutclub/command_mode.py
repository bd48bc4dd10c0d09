"""Management commands that only read may run on a fresh checkout, without the server's secret.

`manage.py` declares the command it runs before the settings load; the settings then give a
read-only command a throwaway SECRET_KEY instead of refusing to start. The WSGI server never
passes through `manage.py`, so the production guard stays exactly as strict for it.
"""

from __future__ import annotations

from collections.abc import Sequence

# Each writes nothing to the database: scoring files, writing a backup archive, checking books,
# printing the rating list, printing a round-robin schedule, a cup's first round or a draw.
READ_ONLY_COMMANDS = frozenset(
    {"score_game", "backup", "check_books", "ratings", "round_robin", "cup_draw", "draw_tables"}
)
# Options that make one of them write.
WRITING_OPTIONS = frozenset({"--repair"})

_read_only = False


def declare(argv: Sequence[str]) -> None:
    """Called by manage.py with its command line."""
    global _read_only
    _read_only = (
        len(argv) > 1
        and argv[1] in READ_ONLY_COMMANDS
        and not any(arg.split("=", 1)[0] in WRITING_OPTIONS for arg in argv[2:])
    )


def read_only_command() -> bool:
    return _read_only
