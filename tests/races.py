"""Two requests at the same moment, for the PostgreSQL race tests (tests/postgres.py) of every
app: tournaments, teams, ratings."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def at_once(*actions: Callable[[], Any]) -> tuple[list[Any], list[BaseException]]:
    """Run `actions` in threads released together; what they returned and what they raised."""
    start = threading.Barrier(len(actions))
    done: list[Any] = []
    failures: list[BaseException] = []

    def run(action: Callable[[], object]) -> None:
        try:
            start.wait(timeout=10)
            done.append(action())
        except BaseException as error:  # noqa: BLE001 - the test reads it
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return done, failures
