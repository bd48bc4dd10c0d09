"""A real gunicorn on PostgreSQL SIGKILLed while games' last turns are in flight: after the
restart and the tablets' re-sends every game is finished and check_books finds nothing wrong.

The same mechanism as `make bench`'s crash benchmark (benchmarks.crash), with fewer games. It
needs PostgreSQL, so it runs in .ci/run's PostgreSQL pass (DATABASE_URL names the server; the
test makes and drops a database of its own there) and is skipped on SQLite.
"""

from __future__ import annotations

import pytest

from benchmarks.crash import reachable, run_crash
from tests.postgres import DATABASE_URL

pytestmark = pytest.mark.postgres


def test_a_server_killed_with_last_turns_in_flight_leaves_every_game_fully_booked() -> None:
    assert reachable(DATABASE_URL) == ""

    result = run_crash(games=8, kills=1, postgres=DATABASE_URL)

    assert result.skipped == ""
    assert result.kills == 1
    assert result.in_flight_at_kills[0] >= 1, result.report()
    assert result.resends >= result.in_flight_at_kills[0]
    assert result.errors == 0, result.report()
    assert (result.finished, result.inconsistent) == (8, 0), result.check_output
