"""The `postgres` marker (tests/postgres.py): skipped where the suite runs on another database,
but failed under CI=true when no PostgreSQL answers, so CI cannot leave those tests out."""

from __future__ import annotations

import pytest

from tests import postgres


def test_without_postgresql_a_postgres_test_is_skipped_outside_ci(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CI", raising=False)

    with pytest.raises(pytest.skip.Exception, match="runs on PostgreSQL"):
        postgres.without_postgres("this test runs on PostgreSQL")


def test_under_ci_with_no_postgresql_answering_a_postgres_test_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CI", "true")
    monkeypatch.setattr(postgres, "postgres_server", lambda: None)

    with pytest.raises(pytest.fail.Exception, match="CI=true and no PostgreSQL answers"):
        postgres.without_postgres("this test runs on PostgreSQL")


def test_under_ci_with_postgresql_answering_the_sqlite_pass_leaves_it_to_the_postgresql_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CI", "true")
    monkeypatch.setattr(postgres, "postgres_server", lambda: {"host": "127.0.0.1"})

    with pytest.raises(pytest.skip.Exception):
        postgres.without_postgres("this test runs on PostgreSQL")


@pytest.mark.postgres
def test_a_test_marked_postgres_runs_only_on_postgresql() -> None:
    assert postgres.ON_POSTGRES
