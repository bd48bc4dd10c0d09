"""Data built once for a module's tests, each test still starting from exactly that data.

A module whose every test needs the same elaborate data (a finished game, its books, members,
a season) builds it once, inside a transaction that stays open while the module's tests run.
pytest-django runs each test in a transaction of its own (django.test.TestCase's atomic
blocks), which inside this one is a savepoint: whatever a test writes is rolled back to the
data as built, so no test sees another's writes. At the module's end the outer transaction is
rolled back too, leaving the database empty for the next module. It is what Django's
TestCase.setUpTestData does for a class.

Files the data stores (uploads) go to a folder of the module's own, kept until the module ends;
tests that use the data must keep MEDIA_ROOT pointing at it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import transaction
from django.test import override_settings
from pytest_django import DjangoDbBlocker

FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@contextmanager
def built_once(django_db_blocker: DjangoDbBlocker, media: Path) -> Iterator[None]:
    """Open the module's transaction (PINs hashed the quick way, uploads into `media`)."""
    with (
        django_db_blocker.unblock(),
        override_settings(MEDIA_ROOT=media, PASSWORD_HASHERS=FAST_HASHERS),
        transaction.atomic(),
    ):
        yield
        transaction.set_rollback(True)
