"""Tests that only PostgreSQL runs: the `postgres` marker, and the server the suite may use.

A test marked `postgres` needs its test database on PostgreSQL (DATABASE_URL=postgres://...).
Elsewhere it is skipped, since .ci/run runs the whole suite again on PostgreSQL, unless CI=true
and no PostgreSQL answers: then it fails, so a CI without the server cannot pass green with
the tests that guard PostgreSQL's own behaviour (its time zone arithmetic, its row locks, a
server killed mid-turn) silently left out.
"""

from __future__ import annotations

import functools
import os
from typing import Any, NoReturn

import dj_database_url
import psycopg
import pytest

DATABASE_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = DATABASE_URL.startswith(("postgres://", "postgresql://"))
# Rating a game takes one statement more on PostgreSQL: the kind's advisory lock
# (ratings.services.rerate.lock_kind); SQLite's writers take turns on the database already.
RATINGS_LOCK_QUERIES = 1 if ON_POSTGRES else 0


@functools.cache
def postgres_server() -> dict[str, Any] | None:
    """The PostgreSQL server the suite uses (or $PGHOST:$PGPORT, 127.0.0.1:5432), if it
    answers."""
    config = dj_database_url.parse(DATABASE_URL) if ON_POSTGRES else {}
    server: dict[str, Any] = {
        "host": config.get("HOST") or os.environ.get("PGHOST", "127.0.0.1"),
        "port": int(config.get("PORT") or os.environ.get("PGPORT", "5432")),
        "user": config.get("USER") or os.environ.get("PGUSER", "postgres"),
        "password": config.get("PASSWORD") or None,
    }
    try:
        with psycopg.connect(dbname="postgres", connect_timeout=3, autocommit=True, **server):
            return server
    except psycopg.OperationalError:
        return None


def without_postgres(why: str) -> NoReturn:
    """Skip a test PostgreSQL must run; under CI=true with no server answering, fail it."""
    if os.environ.get("CI", "").lower() == "true" and postgres_server() is None:
        pytest.fail(f"CI=true and no PostgreSQL answers, but {why}", pytrace=False)
    pytest.skip(why)


def require_postgres(item: pytest.Item) -> None:
    """The `postgres` marker's check, before the test's fixtures are set up."""
    if item.get_closest_marker("postgres") is not None and not ON_POSTGRES:
        without_postgres(
            "this test runs on PostgreSQL: DATABASE_URL=postgres://... (.ci/run's second pass)"
        )
