"""/healthz: 200 when the database answers, is migrated and every game's books are whole;
503 otherwise. Public, never cached."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import DatabaseError, connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django import DjangoAssertNumQueries

from league.checks import check_games
from league.models import DrinkDebt, PlayerResultRow
from tests.league.helpers import play_bar
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
        "dates_readable": True,
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


def test_games_their_stamps_vouch_for_are_not_replayed_so_the_cost_stays_flat(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    imported("balut-three-players")
    with CaptureQueriesContext(connection) as one_game:
        assert client.get("/healthz").status_code == 200
    for _ in range(4):
        imported("balut-three-players")
        imported("bar-register")
    play_bar(leave=3)  # still being played: nothing booked, nothing to vouch for

    with (
        mock.patch("league.checks.check_games", wraps=check_games) as replayed,
        django_assert_num_queries(len(one_game.captured_queries)),
    ):
        response = client.get("/healthz")

    assert response.json()["inconsistent_games"] == 0
    assert [list(games) for games, *_ in (call.args for call in replayed.call_args_list)] == [[]]


def test_a_row_changed_behind_the_books_back_is_still_counted(client: Client) -> None:
    game = imported("balut-three-players")
    imported("bar-register")
    PlayerResultRow.objects.filter(game=game, rank=1).update(score=999)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["inconsistent_games"] == 1
