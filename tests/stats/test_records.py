"""Club records: totals, Baluts and winning runs, read from the kept figures and checked against
the engine's result of every game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from league.services.books import book_game
from league.synthesis.history import Synthesized
from scoring.models import Game, GameStatus
from scoring.selectors import load_game
from stats.records import KINDS, club_records
from tests.factories import the_club
from tests.stats.engine_results import engine_seats, longest_run
from tests.stats.helpers import finished_bar_game

pytestmark = pytest.mark.django_db

URL = reverse("stats:records")


def test_the_records_are_the_engines_highest_and_lowest_totals(client: Client) -> None:
    finished_bar_game()
    game = Game.objects.get()
    result = load_game(game).result()

    response = client.get(URL)

    html = response.content.decode()
    assert response.status_code == 200
    kind = club_records(the_club()).kinds[0]
    assert kind.highest.value == max(p.score for p in result.players)
    assert kind.lowest.value == min(p.score for p in result.players)
    assert kind.highest.name == "Ann" and kind.lowest.name == "Cy"
    assert kind.most_baluts is not None and kind.most_baluts.value == 1
    assert reverse("scoring:game", args=[game.pk]) in html
    assert 'data-record="longest-run"' in html


def test_every_record_of_a_synthetic_history_is_the_one_replaying_every_game_gives(
    history: Callable[..., Synthesized],
) -> None:
    history(80, seed=11)
    records = {kind.ruleset: kind for kind in club_records(the_club()).kinds}

    for ruleset in KINDS:
        seats = list(engine_seats(ruleset))
        if not seats:
            assert ruleset not in records
            continue
        kind = records[ruleset]
        # max() and min() keep the first of equals: the figure goes to whoever set it first.
        high = max(seats, key=lambda seat: seat.score)
        low = min(seats, key=lambda seat: seat.score)
        assert (kind.highest.value, kind.highest.game_id, kind.highest.name) == (
            high.score,
            high.game.pk,
            high.name,
        )
        assert (kind.lowest.value, kind.lowest.game_id, kind.lowest.name) == (
            low.score,
            low.game.pk,
            low.name,
        )
        assert kind.games == len({seat.game.pk for seat in seats})
        most = max(seats, key=lambda seat: seat.baluts)
        expected_most = (most.baluts, most.game.pk) if most.baluts else None
        got_most = (kind.most_baluts.value, kind.most_baluts.game_id) if kind.most_baluts else None
        assert got_most == expected_most
        per_game: Counter[int] = Counter()
        for seat in seats:
            per_game[seat.game.pk] += seat.baluts
        top = max(per_game.values())
        first_top = next(game for game, baluts in per_game.items() if baluts == top)
        got_game = kind.most_baluts_game
        expected_game = (top, first_top) if top else None
        assert ((got_game.value, got_game.game_id) if got_game else None) == expected_game
        run = longest_run(seats)
        got_run = kind.longest_run
        assert (
            (got_run.member_id, got_run.value, got_run.game_id, got_run.last_game.id)
            if got_run and got_run.last_game
            else None
        ) == run


def test_games_in_progress_set_no_record(client: Client) -> None:
    finished_bar_game()
    game = Game.objects.get()
    Game.objects.update(status=GameStatus.IN_PROGRESS, finished_at=None)
    book_game(game=game)

    response = client.get(URL)

    assert 'id="records-empty"' in response.content.decode()


def test_a_club_without_games_gets_a_plain_page(client: Client) -> None:
    response = client.get(URL)

    assert response.status_code == 200
    assert 'id="records-empty"' in response.content.decode()


def test_the_records_page_refuses_a_post(client: Client) -> None:
    assert client.post(URL).status_code == 405


def test_the_page_takes_the_same_queries_for_few_and_many_games_and_two_once_kept(
    client: Client,
    history: Callable[..., Synthesized],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    # A process's first request asks more once (the migrations applied): not the page's own.
    assert client.get(URL).status_code == 200
    history(4)
    # The club's settings (may a visitor see the records?), the board's state (the key the
    # records are kept under) and the records' five.
    with django_assert_num_queries(7):
        assert client.get(URL).status_code == 200
    history(60, seed=8)
    # New games move the board's state: the records are read afresh, not the kept ones shown.
    with django_assert_num_queries(7):
        response = client.get(URL)
    assert response.content.decode().count('data-record="highest"') == 4
    with django_assert_num_queries(2):
        again = client.get(URL)
    assert again.content.decode().count('data-record="highest"') == 4


@pytest.mark.parametrize(
    ("language", "run", "everyone"),
    [
        ("en", "1 win in a row", "all players"),
        ("da", "1 sejr i træk", "alle spillere"),
        ("de", "1 Sieg in Folge", "alle Spieler"),
    ],
)
def test_a_run_of_one_win_reads_in_the_singular_in_every_language(
    client: Client, language: str, run: str, everyone: str
) -> None:
    finished_bar_game()
    html = client.get(URL, headers={"accept-language": language}).content.decode()
    longest = html.split('data-record="longest-run"')[1].split("</div>")[0]
    assert f'<strong class="feat-value">{run}</strong>' in longest
    most_baluts = html.split('data-record="most-baluts-game"')[1].split("</div>")[0]
    assert everyone in most_baluts
