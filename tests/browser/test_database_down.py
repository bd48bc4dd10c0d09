"""The club's database goes down during a game: the server still answers, with 503. The tablet
reloaded then shows the game as its service worker kept it, says the server is not answering,
and plays on; the turns are stored once, in order, when the database is back."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Member
from tests.browser.offline import tap_turn_offline
from tests.browser.pages import (
    play_five_dice_turn,
    player_to_throw,
    recorded,
    shot,
    start_game_of_two,
)
from tests.browser.taps import send_the_queue_now
from tests.browser.test_offline_game import KEPT_COPY

pytestmark = pytest.mark.browser


@contextmanager
def database_down_for_the_server() -> Iterator[None]:
    """Every connection the live server's request threads open or use fails as a database
    that is down does; the test's own thread still reads the database."""
    ensure = BaseDatabaseWrapper.ensure_connection
    main = threading.main_thread()

    def refused(self: BaseDatabaseWrapper) -> None:
        if threading.current_thread() is not main:
            raise OperationalError("connection to server at 127.0.0.1, port 5432 failed")
        ensure(self)

    with mock.patch.object(BaseDatabaseWrapper, "ensure_connection", refused):
        yield


def test_a_tablet_reloaded_while_the_database_is_down_keeps_playing(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    play_five_dice_turn(page, "44412", "fours")
    expect(page.locator("#notice")).to_be_visible()
    page.wait_for_function(KEPT_COPY, arg=1)

    with database_down_for_the_server():
        page.reload()
        # The kept game, not a bare error page: its scripts run and the pad takes taps.
        expect(page.locator("html")).to_have_attribute("data-offline-copy", "server")
        expect(page.locator("#play")).to_have_attribute("data-turn", "1")
        assert player_to_throw(page) == "Ben"
        tap_turn_offline(page, "55512", "fives")
        tap_turn_offline(page, "66612", "sixes")

        badge = page.locator("[data-queue-badge]")
        expect(badge.locator("[data-queue-down]")).to_be_visible()
        expect(badge).to_contain_text("Server not answering:")
        # The confirmation of the turn stored before the outage no longer says all is well.
        expect(page.locator("#notice")).to_have_count(0)
        shot(page, "database-down-tablet")
        assert [turn["box"] for turn in recorded(game_id)] == ["fours"]

    send_the_queue_now(page)
    expect(page.locator("[data-queue-badge]")).to_be_hidden(timeout=20_000)
    expect(page.locator("#play")).to_have_attribute("data-turn", "3")
    assert [turn["box"] for turn in recorded(game_id)] == ["fours", "fives", "sixes"]
