"""The TV board: games at the tables, tonight's Baluts, the bar record, register and rounds owed;
re-sent only when something changed."""

from __future__ import annotations

from datetime import date, timedelta
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from league.models import DebtStatus, DrinkDebt, RecordKind, RegisterEntry
from league.services.books import book_game
from league.services.ledger import settle_debt
from scoring.models import Game
from scoring.selectors import load_game
from scoring.services.games import void_game
from stats.board import (
    FINISHED_SHOWN,
    MAX_BALUTS,
    MAX_DEBTORS,
    MAX_ENTRIES,
    MAX_TABLES,
    board_version,
)
from stats.board import board as board_data
from tests.factories import the_club
from tests.scoring.services.helpers import five_dice, new_game, play, play_boxes, secretary
from tests.stats.busy_night import busy_night
from tests.stats.helpers import finished_bar_game

pytestmark = pytest.mark.django_db

URL = reverse("stats:board")
HTMX = {"HX-Request": "true"}


def test_the_board_shows_each_table_with_running_totals_and_who_throws_next(
    client: Client,
) -> None:
    game = new_game("balut", ("Ann", "Ben"))
    play_boxes(game, [("sixes", "66612"), ("fives", "55512")])
    play(game, five_dice(game, "fours", "44412"))
    result = load_game(game).result()

    html = client.get(URL).content.decode()

    assert f'data-game="{game.pk}"' in html
    ann = result.player("Ann").score
    assert ann == 30
    assert f'<span class="board-score">{ann}</span>' in html
    assert 'class="board-player board-next" data-player="Ben"' in html
    assert "Round 2 of 28" in html, "counted in rounds, as the game's page counts them"


def test_tonights_baluts_name_who_threw_them(client: Client) -> None:
    game = new_game("balut", ("Ann", "Ben"))
    play_boxes(game, [("balut", "66666"), ("balut", "12345")])

    response = client.get(URL, headers=HTMX)

    html = response.content.decode()
    section = html[html.index('id="board-baluts"') :]
    assert "<strong>Ann</strong>" in section.split("</div>")[0]
    assert "<strong>Ben</strong>" not in section.split("</div>")[0]
    assert "<html" not in html


def test_the_bar_record_is_the_registers_not_a_finished_game_below_its_bounds(
    client: Client,
) -> None:
    finished_bar_game()
    best = max(load_game(Game.objects.get()).result().players, key=lambda p: p.score)
    assert best.score <= 159, "not a register candidate: the record stays the register's"

    html = client.get(URL).content.decode()

    panel = html[html.index('id="board-bar-high"') :].split("</div>")[0]
    assert f"{best.score}</span>" not in panel and "No line in the register yet." in panel


def test_register_entries_and_rounds_owed_have_their_place(client: Client) -> None:
    finished_bar_game()
    game = Game.objects.get()
    ben = game.players.get(name="Ben")
    DrinkDebt.objects.all().delete()  # the game's rounds are set up by hand below
    RegisterEntry.objects.create(
        club=the_club(),
        date=date(1999, 5, 1),
        player_name="Old Timer",
        score=171,
        kind=RecordKind.HIGH,
        ruleset="bar",
        historic=True,
    )
    for sequence in range(2):
        DrinkDebt.objects.create(
            game=game,
            debtor=ben,
            debtor_member=ben.member,
            reason="last_place",
            owed_to="Ann, Cy",
            sequence=sequence,
            status=DebtStatus.OWED,
        )

    html = client.get(URL).content.decode()

    register = html[html.index('id="board-register"') :].split("</div>")[0]
    drinks = html[html.index('id="board-drinks"') :].split("</div>")[0]
    assert "<strong>Old Timer</strong>" in register and "171" in register
    assert '<strong>Ben</strong> <span class="board-score">2</span>' in drinks


def test_an_unchanged_board_answers_304_without_rendering(client: Client) -> None:
    game = new_game("bar", ("Ann", "Ben", "Cy"))
    first = client.get(URL, headers=HTMX)
    etag = first["ETag"]

    again = client.get(URL, headers=HTMX, HTTP_IF_NONE_MATCH=etag)

    assert first.status_code == 200
    assert again.status_code == 304
    assert again.content == b""
    play(game, five_dice(game, "sixes", "66612"))
    moved = client.get(URL, headers=HTMX, HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200
    assert moved["ETag"] != etag


def test_a_round_booked_or_bought_and_a_register_entry_each_change_the_board() -> None:
    finished_bar_game()
    game = Game.objects.get()
    ben = game.players.get(name="Ben")
    DrinkDebt.objects.all().delete()  # as if finished before the club kept drinks
    before = board_version(the_club(), fragment=True)

    debt = book_game(game=game).debts[0]
    booked = board_version(the_club(), fragment=True)
    settle_debt(debt=debt, by=secretary())
    bought = board_version(the_club(), fragment=True)
    RegisterEntry.objects.create(
        club=the_club(),
        date=date(2001, 1, 1),
        player_name=ben.name,
        score=30,
        kind=RecordKind.LOW,
        ruleset="bar",
        historic=True,
    )
    entered = board_version(the_club(), fragment=True)

    assert len({before, booked, bought, entered}) == 4


def test_the_page_and_its_fragment_never_share_an_etag(client: Client) -> None:
    page = client.get(URL)
    fragment = client.get(URL, headers=HTMX)

    assert page["ETag"] != fragment["ETag"]
    assert "HX-Request" in fragment["Vary"]
    assert "<html" in page.content.decode()


def test_a_304_costs_only_the_fingerprint_queries(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    new_game("bar", ("Ann", "Ben", "Cy"))
    etag = client.get(URL, headers=HTMX)["ETag"]

    # The fingerprint's maxima (games, register entries, audit log, the debts' three) in one
    # query, and the club's settings: may a visitor see the board?
    with django_assert_num_queries(2):
        assert client.get(URL, headers=HTMX, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_board_takes_the_same_queries_for_few_and_many_games(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    finished_bar_game()
    game = new_game("balut", ("Ann", "Ben"))
    play_boxes(game, [("balut", "66666")])
    # The board's thirteen (the live games' odds from the ratings among them), the visitor's
    # privacy setting, and tonight's team matches (none: the teams' panel asks once).
    with django_assert_num_queries(16):
        assert client.get(URL).status_code == 200

    for players in (("Dee", "Eli"), ("Fay", "Gus", "Hal"), ("Ida", "Jon")):
        more = new_game("jackpot", players)
        play_boxes(more, [("balut", "55555"), ("fours", "44441")])
    finished_bar_game()
    with django_assert_num_queries(16):
        response = client.get(URL)
    assert response.content.decode().count('class="board-table"') == 4


def test_a_busy_night_is_cut_to_what_fits_the_tv_and_the_rest_is_counted(client: Client) -> None:
    night = busy_night()

    html = client.get(URL).content.decode()

    baluts = html[html.index('id="board-baluts"') :].split("</div>")[0]
    drinks = html[html.index('id="board-drinks"') :].split("</div>")[0]
    register = html[html.index('id="board-register"') :].split("</div>")[0]
    assert f"{night.baluts} in all" in baluts
    assert baluts.count('class="board-line"') == MAX_BALUTS
    assert f"and {night.baluts - MAX_BALUTS} earlier Baluts" in baluts
    assert drinks.count('class="board-line"') == MAX_DEBTORS
    assert f"and {night.debtors - MAX_DEBTORS} more owe rounds" in drinks
    assert register.count('class="board-line"') == MAX_ENTRIES
    assert html.count('class="board-table"') == MAX_TABLES
    assert 'data-tables="6"' in html and "js/board" in html


def test_the_polled_fragment_is_rendered_once_a_version_and_again_after_a_turn(
    client: Client,
) -> None:
    game = new_game("bar", ("Ann", "Ben", "Cy"))
    cache.clear()
    with mock.patch("stats.views.board_data", wraps=board_data) as rendered:
        first = client.get(URL, headers=HTMX).content
        # Another TV, without the first one's ETag: the kept fragment, not a second rendering.
        assert Client().get(URL, headers=HTMX).content == first
        assert rendered.call_count == 1

        play(game, five_dice(game, "sixes", "66612"))
        moved = client.get(URL, headers=HTMX).content

    assert rendered.call_count == 2
    assert moved != first


def test_the_whole_page_shares_the_kept_fragment_and_shows_a_turn_at_once(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    game = new_game("bar", ("Ann", "Ben", "Cy"))
    cache.clear()
    with mock.patch("stats.views.board_data", wraps=board_data) as rendered:
        fragment = client.get(URL, headers=HTMX).content.decode()
        # The fingerprint and the club's settings: the board itself comes from the cache.
        with django_assert_num_queries(2):
            page = client.get(URL).content.decode()
        assert rendered.call_count == 1

        play(game, five_dice(game, "sixes", "66612"))
        moved = client.get(URL).content.decode()

    assert fragment in page and "<html" in page
    assert rendered.call_count == 2
    assert moved != page and fragment not in moved


def test_a_game_just_finished_shows_its_winner_and_places_for_a_while(client: Client) -> None:
    finished_bar_game()
    game = Game.objects.get()
    result = load_game(game).result()

    html = client.get(URL).content.decode()

    table = html[html.index(f'data-game="{game.pk}"') :].split("</article>")[0]
    assert "data-finished" in table and "Game over" in table
    winner = result.winners[0]
    assert f"{winner} wins" in table
    places = [p.name for p in sorted(result.players, key=lambda p: p.rank)]
    listed = [table.index(f'data-player="{name}" data-place=') for name in places]
    assert listed == sorted(listed), "the places in order, the winner first"
    assert "board-next" not in table


def test_a_finished_game_leaves_the_board_after_a_while_and_the_etag_moves_then(
    client: Client,
) -> None:
    finished_bar_game()
    game = Game.objects.get()
    etag = client.get(URL, headers=HTMX)["ETag"]
    later = timezone.now() + FINISHED_SHOWN + timedelta(seconds=1)

    with mock.patch("django.utils.timezone.now", return_value=later):
        response = client.get(URL, headers=HTMX, HTTP_IF_NONE_MATCH=etag)

    assert response.status_code == 200, "the board is sent again when the game is to go"
    assert f'data-game="{game.pk}"' not in response.content.decode()


def test_a_void_game_is_not_shown_as_finished(client: Client) -> None:
    finished_bar_game()
    game = Game.objects.get()
    void_game(game=game, by=secretary(), reason="Entered twice")

    assert f'data-game="{game.pk}"' not in client.get(URL).content.decode()
