"""Club records: totals, Baluts and winning runs, read from the engine's result of every game."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from league.stats_results import GameSummary, SeatResult
from league.stats_selectors import club_records, longest_winning_run
from league.synthesis.history import Synthesized
from scoring.models import Game, GameStatus
from scoring.selectors import load_game
from tests.stats.helpers import finished_bar_game

pytestmark = pytest.mark.django_db

URL = reverse("stats:records")


def summary(game_id: int, *ranks: tuple[int | None, int]) -> GameSummary:
    """A game in which each (member, rank) seat took that place."""
    return GameSummary(
        id=game_id,
        ruleset="bar",
        started_at=datetime(2024, 1, game_id, tzinfo=UTC),
        complete=True,
        seats=tuple(
            SeatResult(seat, f"P{member}", member, 100 - rank, rank, None, 0)
            for seat, (member, rank) in enumerate(ranks)
        ),
    )


def test_the_records_are_the_engines_highest_and_lowest_totals(client: Client) -> None:
    finished_bar_game()
    game = Game.objects.get()
    result = load_game(game).result()

    response = client.get(URL)

    html = response.content.decode()
    assert response.status_code == 200
    kind = club_records().kinds[0]
    assert kind.highest.value == max(p.score for p in result.players)
    assert kind.lowest.value == min(p.score for p in result.players)
    assert kind.highest.name == "Ann" and kind.lowest.name == "Cy"
    assert kind.most_baluts is not None and kind.most_baluts.value == 1
    assert reverse("scoring:game", args=[game.pk]) in html
    assert 'data-record="longest-run"' in html


def test_a_winning_run_counts_consecutive_wins_and_a_loss_ends_it() -> None:
    games = [
        summary(1, (1, 1), (2, 2)),
        summary(2, (1, 1), (2, 2)),
        summary(3, (2, 1), (3, 2)),  # member 1 did not play: the run goes on
        summary(4, (1, 1), (2, 1)),  # a shared first place is a win for both
        summary(5, (1, 2), (2, 3), (3, 1)),
        summary(6, (2, 1), (1, 3)),
    ]

    run = longest_winning_run(games)

    assert run is not None
    assert (run.member_id, run.value, run.game.id) == (1, 3, 1)
    assert run.last_game is not None and run.last_game.id == 4


def test_games_in_progress_set_no_record(client: Client) -> None:
    finished_bar_game()
    Game.objects.update(status=GameStatus.IN_PROGRESS, finished_at=None)

    response = client.get(URL)

    assert 'id="records-empty"' in response.content.decode()


def test_the_page_takes_the_same_queries_for_few_and_many_games(
    client: Client,
    history: Callable[..., Synthesized],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    history(4)
    with django_assert_num_queries(3):
        assert client.get(URL).status_code == 200
    history(60, seed=8)
    with django_assert_num_queries(3):
        response = client.get(URL)
    assert response.content.decode().count('data-record="highest"') == 4
