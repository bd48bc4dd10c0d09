"""A dropped connection: the turn waits on the tablet, is sent once when the server answers."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Game, Member, Turn
from scoring.services.turns import record_turn
from tests.browser.pages import Seat, player_to_throw, shot, start_game, tap, tap_dice

pytestmark = pytest.mark.browser


def recorded(game_id: int) -> list[dict[str, object]]:
    return [turn.record for turn in Turn.objects.filter(game_id=game_id).order_by("number")]


def tap_turn_offline(page: Page, dice: str, box: str) -> None:
    """Tap a five-dice turn in and Record it while the tablet has no connection."""
    turn = page.locator("[data-five-dice-turn]")
    tap_dice(page, turn, dice)
    tap(page, turn.locator(f"[data-box='{box}']"))
    tap(page, turn.locator("[data-confirm-ok]"))
    expect(page.locator("[data-queue-badge]")).to_be_visible()


def test_a_turn_recorded_without_a_connection_waits_and_is_sent_once_when_it_is_back(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    seats = [Seat(member=ann), Seat(member=ben)]
    game_id = start_game(page, live_server.url, ruleset="balut", seats=seats, scorer=ann)
    page.context.set_offline(True)
    tap_turn_offline(page, "44412", "fours")

    badge = page.locator("[data-queue-badge]")
    expect(badge.locator("[data-queue-count]")).to_have_text("1")
    expect(page.locator("[data-pad-note]")).to_contain_text("No connection")
    expect(page.locator("[data-pad-note]")).to_contain_text("Fours · 4 4 4 1 2 (12)")
    shot(page, "offline-pending")
    assert recorded(game_id) == []
    tap(page, badge)  # a tap while still offline sends nothing and loses nothing
    expect(badge.locator("[data-queue-count]")).to_have_text("1")

    page.context.set_offline(False)
    expect(page.locator("#play")).to_have_attribute("data-turn", "1", timeout=10_000)
    expect(badge).to_be_hidden()
    assert player_to_throw(page) == "Ben"
    assert recorded(game_id) == [{"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}]
    shot(page, "offline-synced")


def test_a_queued_turn_the_server_refuses_stays_in_view_with_its_reason(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    seats = [Seat(member=ann), Seat(member=ben)]
    game_id = start_game(page, live_server.url, ruleset="balut", seats=seats, scorer=ann)
    page.context.set_offline(True)
    tap_turn_offline(page, "44412", "fours")
    # Meanwhile another tablet records Ann's turn.
    game = Game.objects.get(pk=game_id)
    assert game.scorer is not None
    record_turn(
        game=game,
        turn_record={"player": "Ann", "box": "sixes", "dice": [6, 6, 6, 1, 2]},
        expected_number=0,
        request_key=uuid.uuid4(),
        recorded_by=game.scorer.user,
    )

    page.context.set_offline(False)
    tap(page, page.locator("[data-queue-badge]"))
    unsent = page.locator("[data-unsent-turn]")
    expect(unsent).to_contain_text(
        "Turn 1 was not recorded: Ann, Fours · 4 4 4 1 2", timeout=10_000
    )
    expect(unsent).to_contain_text("The game has moved on")
    expect(page.locator("[data-queue-badge]")).to_be_hidden()
    shot(page, "offline-refused")
    assert recorded(game_id) == [{"player": "Ann", "box": "sixes", "dice": [1, 2, 6, 6, 6]}]
    page.reload()
    expect(page.locator("[data-unsent-turn]")).to_contain_text("The game has moved on")
    tap(page, page.locator("[data-unsent-discard]"))
    expect(page.locator("[data-unsent-turn]")).to_have_count(0)
