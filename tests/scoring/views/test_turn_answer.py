"""A recorded turn is answered with what it changed; answers are compressed; live pages are
never stored; a turn costs the same queries all game."""

from __future__ import annotations

import gzip
import json
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from scoring import rules
from scoring.models import Game, Turn
from scoring.selectors import load_game
from tests.postgres import RATINGS_LOCK_QUERIES
from tests.scoring.services.helpers import fill_game, five_dice, new_game, play
from tests.scoring.views.test_play import five_dice_post, page, scorer_client, turns_url

pytestmark = pytest.mark.django_db

# As the tablet's form posts: htmx, swapping into #play.
TABLET = {"HX-Request": "true", "HX-Target": "play"}
GZIP = {"Accept-Encoding": "gzip"}


def out_of_band_ids(html: str) -> list[str]:
    return re.findall(r'id="([^"]+)"[^>]*hx-swap-oob="true"', html)


def next_turn_post(game: Game) -> dict[str, object]:
    """The next player's turn into their first open box, as the tablet sends it."""
    state = load_game(game).state
    assert isinstance(state, rules.FiveDiceGame)
    seat = state.next_seat
    assert seat is not None
    return {
        "expected_number": state.turn_count,
        "request_key": str(uuid.uuid4()),
        "player": state.players[seat],
        "box": state.open_boxes(seat)[0],
        "dice": "44412",
    }


def test_a_recorded_turn_is_answered_with_the_pieces_it_changed(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    response = client.post(turns_url(game), five_dice_post(game), headers=TABLET)

    html = response.content.decode()
    assert response.status_code == 200
    assert response["HX-Reswap"] == "none"
    assert 'id="play"' not in html
    assert out_of_band_ids(html) == [
        "recorded-keys",
        "offline-data",
        "round-number",
        "play-messages",
        "round-notes",
        "turn-panel",
        "sheet-head",
        "sheet-row-fours",
        "sheet-foot",
        "result-notes",
        "turn-list",
    ]
    assert 'data-turn="1"' in html and "<span data-player>Ben</span>" in html
    assert "Ann: Fours 12" in html
    assert "offline-columns" not in html  # the engine's columns came once, with the page
    assert set(response.context["offline"]) == {"base", "order", "players", "seats", "totals"}
    assert [(t.box, t.score) for t in Turn.objects.filter(game=game)] == [("fours", 12)]


def preview_data(html: str) -> dict[str, object]:
    found = re.search(r'<script id="preview-data" type="application/json">(.*?)</script>', html)
    assert found is not None
    data = json.loads(found.group(1))
    assert isinstance(data, dict)
    return data


def test_the_pads_own_turn_is_answered_without_the_rolls_its_page_looks_up_itself(
    client: Client,
) -> None:
    game = new_game("balut")
    scorer_client(client, game)
    shown = client.get(page(game)).content.decode()

    response = client.post(
        turns_url(game), five_dice_post(game, rolls_from="columns"), headers=TABLET
    )

    html = response.content.decode()
    state = load_game(game).state
    assert isinstance(state, rules.FiveDiceGame)
    preview = preview_data(html)
    assert "rolls" not in preview
    boxes = preview["boxes"]
    assert isinstance(boxes, list) and [box["key"] for box in boxes] == state.open_boxes(1)
    assert preview["log"] == preview_data(shown)["log"]
    # The page keeps the columns to look them up in; the new pad says so with its turn too.
    assert 'id="offline-columns"' in shown
    assert 'name="rolls_from" value="columns"' in shown and 'value="columns"' in html


def test_a_turn_from_a_page_that_does_not_look_up_the_rolls_is_answered_with_them(
    client: Client,
) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    response = client.post(turns_url(game), five_dice_post(game), headers=TABLET)

    state = load_game(game).state
    assert isinstance(state, rules.FiveDiceGame)
    rolls = preview_data(response.content.decode())["rolls"]
    assert isinstance(rolls, dict) and len(rolls) == 252
    codes = {"score": "s", "scratch": "x", "claim": "c", "strike": "k"}
    assert rolls["12444"] == [[p.score, codes[p.outcome]] for p in state.preview((1, 2, 4, 4, 4))]


def test_a_later_turn_adds_its_line_to_the_top_of_the_turns_and_only_its_rows(
    client: Client,
) -> None:
    game = new_game("balut")
    play(game, five_dice(game, "fours", "44412"))
    scorer_client(client, game)

    response = client.post(
        turns_url(game),
        five_dice_post(game, player="Ben", box="sixes", dice="66612"),
        headers=TABLET,
    )

    html = response.content.decode()
    assert "sheet-row-sixes" in out_of_band_ids(html)
    assert "sheet-row-fours" not in html
    assert "turns-summary" in out_of_band_ids(html) and "turn-list" not in html
    assert '<ul hx-swap-oob="afterbegin:#turn-lines">' in html
    assert 'data-turn-line="1"' in html and 'data-turn-line="0"' not in html


def bar_game_one_turn_from_the_end(client: Client) -> tuple[Game, dict[str, object]]:
    """A bar game of two, its scorer signed in on `client`, and the turn that finishes it."""
    game = new_game("bar", ["Ann", "Ben"])
    fill_game(game, leave=1)
    scorer_client(client, game)
    return game, next_turn_post(game)


def test_the_finishing_turn_answers_with_its_pieces_the_banner_in_place_of_the_pad(
    client: Client,
) -> None:
    game, last_turn = bar_game_one_turn_from_the_end(client)

    response = client.post(turns_url(game), last_turn, headers=TABLET)

    html = response.content.decode()
    assert response.status_code == 200
    assert response["HX-Reswap"] == "none"
    assert 'id="play"' not in html
    # What serves the pad goes with it: nothing is left to record or to queue.
    assert re.findall(r'id="([^"]+)"[^>]*hx-swap-oob="delete"', html) == [
        "recorded-keys",
        "offline-data",
        "offline-columns",
        "unsent",
        "pending-turns",
    ]
    assert out_of_band_ids(html) == [
        "play-header",
        "play-messages",
        "round-notes",
        "sheet-head",
        *(f"sheet-row-{row}" for row in re.findall(r'id="sheet-row-([^"]+)"', html)),
        "sheet-foot",
        "result-notes",
        "turns-summary",
    ]
    assert 'id="winner-banner" data-turn="14" hx-swap-oob="outerHTML:#turn-panel"' in html
    assert "Finished" in html and "Sign the sheet" in html
    assert "Ann &amp; Ben win\n" in html  # level on points: both hold first place
    assert "data-five-dice-turn" not in html and "data-queue-badge" not in html
    game.refresh_from_db()
    assert game.is_finished


def test_the_finishing_turn_sent_again_answers_with_the_whole_finished_play_area(
    client: Client,
) -> None:
    game, last_turn = bar_game_one_turn_from_the_end(client)
    client.post(turns_url(game), last_turn, headers=TABLET)

    response = client.post(turns_url(game), last_turn, headers=TABLET)

    html = response.content.decode()
    assert response.status_code == 200
    assert "HX-Reswap" not in response
    assert 'id="play"' in html and 'id="winner-banner"' in html and "Finished" in html
    assert "hx-swap-oob" not in html and "data-five-dice-turn" not in html
    assert Turn.objects.filter(game=game).count() == 14


def test_a_refused_turn_answers_with_the_whole_play_area(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)
    stale = five_dice_post(game)
    client.post(turns_url(game), five_dice_post(game, box="sixes", dice="66612"), headers=TABLET)

    response = client.post(turns_url(game), stale, headers=TABLET)

    assert response.status_code == 409
    assert "HX-Reswap" not in response
    assert 'id="play"' in response.content.decode()
    assert Turn.objects.filter(game=game).count() == 1


def test_html_answers_are_compressed_and_live_game_pages_never_stored(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    shown = client.get(page(game), headers=GZIP)
    answered = client.post(turns_url(game), five_dice_post(game), headers={**TABLET, **GZIP})

    for response in (shown, answered):
        assert response["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response["Vary"]
        assert "no-store" in response["Cache-Control"]
    assert b'id="turn-panel"' in gzip.decompress(answered.content)
    assert b'id="play"' in gzip.decompress(shown.content)


def test_a_browser_that_takes_no_gzip_gets_plain_html(client: Client) -> None:
    game = new_game("balut")

    response = client.get(page(game))

    assert not response.has_header("Content-Encoding")
    assert b'id="play"' in response.content


def test_the_boards_polling_keeps_its_etag_when_compressed(client: Client) -> None:
    url, polling = reverse("stats:board"), {"HX-Request": "true", **GZIP}
    first = client.get(url, headers=polling)
    assert first.status_code == 200 and first["Content-Encoding"] == "gzip"

    again = client.get(url, headers={**polling, "If-None-Match": first["ETag"]})

    assert again.status_code == 304


def test_a_turn_costs_the_same_queries_at_the_start_and_the_end_of_a_game(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    early, late = new_game("balut"), new_game("balut")
    fill_game(late, leave=2)
    scorer_client(client, early)
    early_post, late_post = next_turn_post(early), next_turn_post(late)

    # Session, user; the locked game with its scorer (so the scorer is known without reading
    # the user's member) and any turn sent with the same request key (one query: the view
    # does not read the game first), the insert (no savepoint: a refused insert ends the
    # turn), the game's update, the commit. No secretary check: the scorer may correct
    # (scoring.access.permissions asks that first). The house rules are the game's own, read
    # with it (no query of the club's settings).
    with django_assert_num_queries(7):
        assert client.post(turns_url(early), early_post, headers=TABLET).status_code == 200
    scorer_client(client, late)
    with django_assert_num_queries(7):
        assert client.post(turns_url(late), late_post, headers=TABLET).status_code == 200
    state = load_game(late).state
    assert isinstance(state, rules.FiveDiceGame)
    assert state.turn_count == state.total_turns - 1 > 50


def test_the_finishing_turn_books_the_game_in_a_bounded_number_of_queries(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    game = new_game("balut")
    fill_game(game, leave=1)
    scorer_client(client, game)
    post = next_turn_post(game)

    # The 7 of any turn (the finished game's update among them) and the booking (results, the
    # winning runs in one read and an update, one upsert a tally and one for the club's count of
    # the kind's games, no savepoint of their own,
    # the season, the drinks, the health stamp; the house rules are the game's own, no query),
    # the ratings (4: the changes from the game on, the players' ratings, the game's changes
    # inserted, the ratings upserted: 4 too for players with a rating, whose old one was a
    # delete and an insert, 5), the team competitions' book (1: is the game a match's table?);
    # the answer is pieces of the game as the turn left it, so nothing is read again.
    with django_assert_num_queries(26 + RATINGS_LOCK_QUERIES):
        assert client.post(turns_url(game), post, headers=TABLET).status_code == 200
    game.refresh_from_db()
    assert game.is_finished


@pytest.mark.parametrize("headers", [TABLET, {"HX-Request": "true"}], ids=["pieces", "whole"])
def test_a_bust_is_told_apart_from_a_score_and_a_score_is_not(
    client: Client, headers: dict[str, str]
) -> None:
    game = new_game("barbut4")
    scorer_client(client, game)
    bust = {
        "expected_number": 0,
        "request_key": str(uuid.uuid4()),
        "player": "Ann",
        "throws": '[{"dice": [2, 3, 4, 6], "keep": []}]',
    }

    answer = client.post(turns_url(game), bust, headers=headers).content.decode()

    assert re.search(r'id="notice" data-bust>Ann: no points this turn<', answer)
    banked = {**bust, "expected_number": 1, "request_key": str(uuid.uuid4()), "player": "Ben"}
    banked["throws"] = '[{"dice": [1, 5, 3, 2], "keep": [1, 5]}]'
    answer = client.post(turns_url(game), banked, headers=headers).content.decode()
    assert 'id="notice">Ben: 150 banked<' in answer
