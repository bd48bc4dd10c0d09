"""A database that does not answer: 503 with the app's own words, never Django's 500 page.

The tablet treats any 5xx as no connection and keeps its turn queued (static/js/tablet.js);
the server's part is to say 503, in the reader's language, and to keep nothing of the turn."""

from __future__ import annotations

import html
import logging
from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client
from django.utils import translation

from scoring.models import Turn
from tests.scoring.services.helpers import new_game
from tests.scoring.views.test_play import HTMX, five_dice_post, page, scorer_client, turns_url

pytestmark = pytest.mark.django_db

DOWN = "The club's database is not answering just now. Nothing was saved."


@pytest.fixture
def quiet_client(client: Client) -> Client:
    """A client that gets the answer a browser gets, not the view's exception."""
    client.raise_request_exception = False
    return client


def test_a_turn_sent_while_the_database_is_down_answers_503_and_keeps_nothing(
    quiet_client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    game = new_game("balut")
    scorer_client(quiet_client, game)
    failing = OperationalError("connection to server at 127.0.0.1 failed")

    with (
        mock.patch("scoring.views.play.record_turn", side_effect=failing),
        caplog.at_level(logging.ERROR, logger="django.request"),
    ):
        response = quiet_client.post(turns_url(game), five_dice_post(game), headers=HTMX)

    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert DOWN in html.unescape(response.content.decode())
    assert not Turn.objects.filter(game=game).exists()
    # Not hidden: the outage is logged with its traceback like any server error.
    assert any(record.exc_info for record in caplog.records if record.levelno == logging.ERROR)


def test_a_database_gone_before_the_view_runs_answers_503_too(quiet_client: Client) -> None:
    # The first query of a request is the session's, in the middleware: it fails there.
    game = new_game("balut")
    scorer_client(quiet_client, game)

    with mock.patch(
        "django.contrib.sessions.backends.db.SessionStore.load",
        side_effect=InterfaceError("connection already closed"),
    ):
        response = quiet_client.post(turns_url(game), five_dice_post(game), headers=HTMX)

    assert response.status_code == 503
    assert DOWN in html.unescape(response.content.decode())
    assert not Turn.objects.filter(game=game).exists()


def test_the_503_speaks_the_readers_language(quiet_client: Client) -> None:
    game = new_game("balut")

    with mock.patch("scoring.views.play.load_game", side_effect=OperationalError("gone")):
        response = quiet_client.get(page(game), headers={"Accept-Language": "de"})

    assert response.status_code == 503
    assert 'lang="de"' in response.content.decode()
    assert "Datenbank" in response.content.decode()


def test_the_503_speaks_the_requests_language_when_the_session_fails_before_it_is_set(
    quiet_client: Client,
) -> None:
    # The session's query fails in a middleware before LocaleMiddleware: the language must
    # come from the request, not from whatever the worker's thread served last.
    game = new_game("balut")
    scorer_client(quiet_client, game)

    with (
        translation.override("da"),
        mock.patch(
            "django.contrib.sessions.backends.db.SessionStore.load",
            side_effect=InterfaceError("connection already closed"),
        ),
    ):
        response = quiet_client.get("/standings/", headers={"Accept-Language": "de"})

    text = html.unescape(response.content.decode())
    assert response.status_code == 503 and 'lang="de"' in text
    assert "Die Datenbank des Clubs antwortet gerade nicht." in text
    assert "<h1>" in text and "<main>" in text


def test_the_503_of_a_page_says_only_what_applies_to_it(quiet_client: Client) -> None:
    game = new_game("balut")
    failing = OperationalError("gone")

    with mock.patch("league.views.standings.selectors.club_settings", side_effect=failing):
        standings = html.unescape(quiet_client.get("/standings/").content.decode())
    with mock.patch("scoring.views.play.load_game", side_effect=failing):
        game_page = html.unescape(quiet_client.get(page(game)).content.decode())

    tablet = "The tablet keeps its turns and sends them again by itself."
    assert "Try again in a moment." in standings
    assert tablet not in standings and "Nothing was saved." not in standings
    assert tablet in game_page and "Nothing was saved." not in game_page


def test_any_other_error_is_still_djangos_500(quiet_client: Client) -> None:
    game = new_game("balut")

    with mock.patch("scoring.views.play.load_game", side_effect=RuntimeError("a bug")):
        response = quiet_client.get(page(game))

    assert response.status_code == 500
    assert DOWN not in html.unescape(response.content.decode())
