"""A dropped connection: the turn waits on the tablet, is sent once when the server answers."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Game, Member, Turn
from scoring.services.turns import record_turn
from tests.browser.games import start_played_game_of_two
from tests.browser.offline import go_offline, go_online, tap_turn_offline
from tests.browser.pages import (
    TURNS_URL,
    Move,
    faces,
    player_to_throw,
    recorded,
    shot,
    start_game_of_two,
    tap,
    tap_dice,
)
from tests.browser.sheet_checks import check_five_dice_sheet
from tests.browser.taps import send_the_queue_now

pytestmark = pytest.mark.browser


def test_a_turn_that_cannot_reach_the_server_waits_and_a_tap_on_the_badge_sends_it_once(
    live_server: LiveServer, tablet_page_without_worker: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page_without_worker
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    # The club's Wi-Fi is up but the server cannot be reached: every turn post fails.
    page.route(TURNS_URL, lambda route: route.abort("internetdisconnected"))
    tap_turn_offline(page, "44412", "fours")

    badge = page.locator("[data-queue-badge]")
    expect(badge.locator("[data-queue-count]")).to_have_text("1")
    expect(page.locator("[data-pending] li")).to_have_text(
        ["Pending: turn 1, Ann, Fours · 4 4 4 1 2 (12)"]
    )
    expect(
        page.locator("#sheet tr[data-row='fours'] td[data-player-col='0'] .cell.pending")
    ).to_have_text("12")
    shot(page, "offline-pending")
    assert recorded(game_id) == []
    tap(page, badge)  # a tap while the server is still out of reach sends nothing, loses nothing
    expect(badge.locator("[data-queue-count]")).to_have_text("1")

    page.unroute(TURNS_URL)
    # The tablet's own retry (after 1, 2, 4 ... s) may send the turn before the tap: then the
    # badge is gone and there is nothing to tap; either way the turn is stored once.
    send_the_queue_now(page)
    expect(page.locator("#play")).to_have_attribute("data-turn", "1", timeout=10_000)
    expect(badge).to_be_hidden()
    assert player_to_throw(page) == "Ben"
    assert recorded(game_id) == [{"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}]
    shot(page, "offline-synced")


def test_a_queued_turn_the_server_refuses_stays_in_view_with_its_reason(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    go_offline(page)
    tap_turn_offline(page, "44412", "fours")
    tap_turn_offline(page, "55512", "fives")  # Ben's turn, after Ann's, also waiting
    expect(page.locator("[data-queue-count]")).to_have_text("2")
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

    go_online(page)  # the tablet sends the queue by itself
    unsent = page.locator("[data-unsent-turn]")
    expect(unsent).to_contain_text(
        "Turn 1 was not recorded: Ann, Fours · 4 4 4 1 2", timeout=10_000
    )
    expect(unsent).to_contain_text("The game has moved on")
    expect(page.locator("[data-queue-badge]")).to_be_hidden()
    shot(page, "offline-refused")
    assert recorded(game_id) == [{"player": "Ann", "box": "sixes", "dice": [1, 2, 6, 6, 6]}]
    # Ben's turn after it is not sent: it is back on his pad, tapped as it was, to look at.
    turn = page.locator("[data-five-dice-turn]")
    expect(turn.locator("[data-pad-note]")).to_contain_text(
        "Not sent: turn 1 before it was refused"
    )
    expect(turn.locator("[data-slot]")).to_have_text(["5", "5", "5", "1", "2"])
    page.reload()
    expect(page.locator("[data-unsent-turn]")).to_contain_text("The game has moved on")
    tap(page, page.locator("[data-unsent-discard]"))
    expect(page.locator("[data-unsent-turn]")).to_have_count(0)


def test_ten_turns_played_offline_are_stored_once_and_in_order_when_the_server_answers(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id, played = start_played_game_of_two(page, live_server.url, "balut", ann, ben)
    engine = rules.new_game(played.setup)
    assert isinstance(engine, rules.FiveDiceGame)
    moves = [
        ("44412", "fours"),
        ("55512", "fives"),
        ("66612", "sixes"),
        ("12345", "straight"),
        ("22333", "full_house"),
    ]
    go_offline(page)
    for index in range(10):
        dice, box = moves[index // 2]
        name = played.setup.players[index % 2]
        assert player_to_throw(page) == name
        turn = page.locator("[data-five-dice-turn]")
        tap_dice(page, turn, dice)
        expected = {p.box: p for p in engine.preview(tuple(sorted(faces(dice))))}[box]
        button = turn.locator(f"[data-box='{box}']")
        expect(button.locator("[data-score]")).to_have_text(re.compile(rf"^{expected.score}\b"))
        tap(page, button)
        tap(page, turn.locator("[data-confirm-ok]"))
        expect(page.locator("[data-queue-count]")).to_have_text(str(index + 1))
        # The next pad says which turn it is for, as one the server drew would.
        expect(page.locator("#turn-panel")).to_have_attribute("data-turn", str(index + 1))
        played.play(engine, Move(dice, box).record(name))
        # The header follows the round the engine says the next turn is in.
        expect(page.locator("#round-number")).to_have_text(f"Round {engine.round_number} of 28")
    expect(page.locator("[data-pending] li")).to_have_count(10)
    expect(page.locator("#sheet .cell.pending")).to_have_count(10)
    expect(player_to_throw_locator(page)).to_have_text("Ann")
    shot(page, "offline-ten-turns-pending")
    assert recorded(game_id) == []

    # Back online: the browser says so, and the tablet sends the queue by itself.
    go_online(page)
    # The pad was at turn 10 already (played on offline): the badge going is what says the
    # ten posts are through, which takes a while on a loaded machine.
    expect(page.locator("[data-queue-badge]")).to_be_hidden(timeout=20_000)
    expect(page.locator("#play")).to_have_attribute("data-turn", "10")
    expect(page.locator("[data-pending] li")).to_have_count(0)
    stored = recorded(game_id)
    setup = played.setup
    assert stored == [
        rules.turn_to_json(rules.parse_turn(t, setup), setup.players) for t in played.turns
    ]
    assert list(Turn.objects.filter(game_id=game_id).values_list("number", flat=True)) == list(
        range(10)
    )
    check_five_dice_sheet(page, rules.score_record(played.record))
    shot(page, "offline-ten-turns-synced")


def player_to_throw_locator(page: Page) -> Locator:
    return page.locator("#turn-heading [data-player]")
