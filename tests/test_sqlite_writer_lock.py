"""SQLite's writers take turns on a file lock beside the database (dbengines/sqlite/base.py):
a second writer waits for the first's commit or rollback, fails as SQLite would past the
database's timeout, and an in-memory database (the tests') takes no lock at all."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import OperationalError, connections

from dbengines.sqlite.base import DatabaseWrapper


@pytest.fixture(autouse=True)
def own_databases(django_db_blocker: Any) -> Iterator[None]:
    """These tests open their own SQLite files, not the suite's database."""
    with django_db_blocker.unblock():
        yield


def connection_to(path: Path | str, *, timeout: float = 5) -> DatabaseWrapper:
    settings = dict(connections["default"].settings_dict)
    settings.update(
        ENGINE="dbengines.sqlite",
        NAME=str(path),
        OPTIONS={"transaction_mode": "IMMEDIATE", "timeout": timeout},
    )
    return DatabaseWrapper(settings, alias=f"writer-lock-{id(settings)}")


def begin(connection: DatabaseWrapper) -> None:
    """What transaction.atomic does as it opens its outermost block on SQLite."""
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)


def end(connection: DatabaseWrapper, *, commit: bool = True) -> None:
    """What transaction.atomic does as it leaves it."""
    if commit:
        connection.commit()
    else:
        connection.rollback()
    connection.set_autocommit(True)


@pytest.fixture
def two_writers(tmp_path: Path) -> Iterator[tuple[DatabaseWrapper, DatabaseWrapper]]:
    database = tmp_path / "club.sqlite3"
    first, second = connection_to(database), connection_to(database, timeout=0.05)
    with first.cursor() as cursor:
        cursor.execute("CREATE TABLE turn (id integer PRIMARY KEY, box text)")
    yield first, second
    first.close()
    second.close()


def test_a_second_writer_waits_and_past_its_timeout_fails_as_sqlite_would(
    two_writers: tuple[DatabaseWrapper, DatabaseWrapper], tmp_path: Path
) -> None:
    first, second = two_writers
    begin(first)
    with first.cursor() as cursor:
        cursor.execute("INSERT INTO turn (box) VALUES ('fours')")

    with pytest.raises(OperationalError, match="database is locked"):
        begin(second)
    second.set_autocommit(True)
    end(first)

    begin(second)
    with second.cursor() as cursor:
        cursor.execute("INSERT INTO turn (box) VALUES ('fives')")
    end(second)
    with first.cursor() as cursor:
        cursor.execute("SELECT box FROM turn ORDER BY id")
        assert [box for (box,) in cursor.fetchall()] == ["fours", "fives"]
    assert (tmp_path / "club.sqlite3-writer.lock").exists()


def test_a_rolled_back_transaction_and_a_closed_connection_let_the_next_writer_in(
    two_writers: tuple[DatabaseWrapper, DatabaseWrapper],
) -> None:
    first, second = two_writers
    begin(first)
    end(first, commit=False)
    begin(second)
    end(second)

    begin(first)
    first.close()
    begin(second)
    end(second)


def test_an_in_memory_database_takes_no_lock(tmp_path: Path) -> None:
    memory = connection_to(":memory:")
    begin(memory)
    end(memory)

    assert memory.writer_lock() is None
    assert list(tmp_path.iterdir()) == []
