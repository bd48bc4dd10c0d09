"""/healthz: 200 when the database answers, is migrated and every game's books are whole;
503 otherwise. Public, never cached."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import DatabaseError
from django.test import Client

from league.models import DrinkDebt
from tests.scoring.services.helpers import imported

pytestmark = pytest.mark.django_db


def test_a_healthy_club_answers_200_with_its_figures(client: Client) -> None:
    imported("balut-three-players")

    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {
        "database": True,
        "migrations_applied": True,
        "inconsistent_games": 0,
        "status": "ok",
    }
    assert "no-store" in response["Cache-Control"]


def test_a_game_missing_its_drinks_makes_the_check_fail(client: Client) -> None:
    imported("balut-three-players")
    DrinkDebt.objects.all().delete()

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["inconsistent_games"] == 1
    assert response.json()["status"] == "unhealthy"


def test_unapplied_migrations_make_the_check_fail(client: Client) -> None:
    with mock.patch(
        "league.views.health.MigrationExecutor.migration_plan", return_value=[("x", False)]
    ):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["migrations_applied"] is False


def test_an_unreachable_database_makes_the_check_fail(client: Client) -> None:
    with mock.patch(
        "league.views.health.inconsistent_game_count", side_effect=DatabaseError("gone")
    ):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["inconsistent_games"] is None


def test_the_health_check_takes_no_post(client: Client) -> None:
    assert client.post("/healthz").status_code == 405
