"""The configured database works end to end, whichever engine DATABASE_URL names."""

import os
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection


@pytest.mark.django_db
def test_the_suite_runs_on_the_engine_database_url_names() -> None:
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
    assert connection.vendor == expected


@pytest.mark.django_db
def test_a_saved_user_can_be_read_back() -> None:
    user_model = get_user_model()
    user_model.objects.create_user(username="scorer", password="dice-are-rolling")
    assert user_model.objects.get(username="scorer").check_password("dice-are-rolling")


@pytest.mark.django_db
def test_every_model_change_has_a_migration() -> None:
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out)
    except SystemExit:
        pytest.fail(
            "models changed without a migration; run `DEBUG=1 .venv/bin/python manage.py "
            "makemigrations`:\n" + out.getvalue(),
            pytrace=False,
        )
