"""Playing on with no connection: a whole game from the engine's plan, and a reload from the
service worker's copy of the page, with the queue and the taps kept on the tablet."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Game, Member, Turn
from scoring.services.turns import record_turn
from tests.browser.games import PlayedGame, start_played_game_of_two
from tests.browser.offline import MOVES, go_offline, go_online, tap_turn_offline
from tests.browser.pages import (
    Move,
    faces,
    play_five_dice_turn,
    player_to_throw,
    recorded,
    shot,
    start_game_of_two,
    tap,
    tap_dice,
)
from tests.browser.sheet_checks import check_five_dice_sheet

pytestmark = pytest.mark.browser

KEPT_COPY = """async (turn) => {
  if (!navigator.serviceWorker.controller) return false;
  const cache = await caches.open("balutclub-pages-v1");
  const kept = await cache.match(location.origin + location.pathname);
  return Boolean(kept) && (await kept.text()).includes(`data-turn="${turn}"`);
}"""


CODES = {"score": "s", "scratch": "x", "claim": "c", "strike": "k"}


def shown_previews(page: Page, move: Move, engine: rules.FiveDiceGame) -> list[list[object]]:
    """Tap the move's dice on the pad and check each box shows what the engine says."""
    seat = engine.next_seat
    assert seat is not None
    assert player_to_throw(page) == engine.players[seat]
    turn = page.locator("[data-five-dice-turn]")
    # The pad offers the player's open boxes only, as the engine has them.
    boxes = turn.locator("[data-box]").evaluate_all("els => els.map(e => e.dataset.box)")
    assert boxes == engine.open_boxes(seat)
    tap_dice(page, turn, move.dice)
    shown: list[list[object]] = turn.locator("[data-box]").evaluate_all(
        "els => els.map(e => [e.dataset.box, Number(e.dataset.points), e.dataset.outcome])"
    )
    expected = engine.preview(tuple(sorted(faces(move.dice))))
    assert shown == [[p.box, p.score, CODES[p.outcome]] for p in expected]
    return shown


def play_offline_turn(
    page: Page, engine: rules.FiveDiceGame, played: PlayedGame, move: Move
) -> None:
    name = engine.players[engine.next_seat or 0]
    shown_previews(page, move, engine)
    turn = page.locator("[data-five-dice-turn]")
    tap(page, turn.locator(f"[data-box='{move.box}']"))
    tap(page, turn.locator("[data-confirm-ok]"))
    played.play(engine, move.record(name))


def test_a_whole_standard_balut_game_played_offline_is_stored_once_and_in_order(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id, played = start_played_game_of_two(page, live_server.url, "balut", ann, ben)
    engine = rules.new_game(played.setup)
    assert isinstance(engine, rules.FiveDiceGame)
    assert engine.total_turns == 2 * 28 == 2 * len(MOVES)

    go_offline(page)
    for number in range(engine.total_turns):
        play_offline_turn(page, engine, played, MOVES[number // 2])
        expect(page.locator("[data-queue-count]")).to_have_text(str(number + 1))
    assert engine.complete
    expect(page.locator("#sheet .cell.pending")).to_have_count(engine.total_turns)
    shot(page, "offline-whole-game-pending")
    assert recorded(game_id) == []

    go_online(page)  # the tablet sends the queue by itself
    # The badge goes once every queued turn is through and the last answer drawn.
    expect(page.locator("[data-queue-badge]")).to_be_hidden(timeout=120_000)
    expect(page.locator("#play")).to_have_attribute("data-turn", str(engine.total_turns))
    expect(page.locator("[data-pending] li")).to_have_count(0)
    setup = played.setup
    assert recorded(game_id) == [
        rules.turn_to_json(rules.parse_turn(t, setup), setup.players) for t in played.turns
    ]
    assert list(Turn.objects.filter(game_id=game_id).values_list("number", flat=True)) == list(
        range(engine.total_turns)
    )
    check_five_dice_sheet(page, rules.score_record(played.record))
    shot(page, "offline-whole-game-synced")


def test_a_reload_with_no_connection_shows_the_game_with_its_queue_and_taps(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    play_five_dice_turn(page, "44412", "fours")
    expect(page.locator("#play")).to_have_attribute("data-turn", "1")
    # The worker keeps the page as the last answer left it (Ben to throw).
    page.wait_for_function(KEPT_COPY, arg=1)

    go_offline(page)
    tap_turn_offline(page, "55512", "fives")
    tap_turn_offline(page, "66612", "sixes")
    tap_dice(page, page.locator("[data-five-dice-turn]"), "123")
    page.reload()

    expect(page.locator("#play")).to_have_attribute("data-turn", "3")
    assert player_to_throw(page) == "Ben"
    expect(page.locator("[data-queue-count]")).to_have_text("2")
    expect(page.locator("[data-pending] li")).to_have_text(
        [
            "Pending: turn 2, Ben, Fives · 5 5 5 1 2 (15)",
            "Pending: turn 3, Ann, Sixes · 6 6 6 1 2 (18)",
        ]
    )
    turn = page.locator("[data-five-dice-turn]")
    expect(turn.locator("[data-slot]")).to_have_text(["1", "2", "3", "·", "·"])
    expect(page.locator("[data-unsent-turn]")).to_have_count(0)
    shot(page, "offline-reloaded")

    go_online(page)
    expect(page.locator("[data-queue-badge]")).to_be_hidden(timeout=20_000)
    expect(page.locator("#play")).to_have_attribute("data-turn", "3")
    # Each turn once, in order: a resend of a turn already stored would be refused or ignored.
    assert [t["box"] for t in recorded(game_id)] == ["fours", "fives", "sixes"]
    expect(turn.locator("[data-slot]")).to_have_text(["1", "2", "3", "·", "·"])


def test_online_the_game_page_comes_from_the_server_not_the_workers_copy(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    page.wait_for_function(KEPT_COPY, arg=0)
    # Another tablet records Ann's turn: the copy the worker keeps is now behind.
    game = Game.objects.get(pk=game_id)
    assert game.scorer is not None
    record_turn(
        game=game,
        turn_record={"player": "Ann", "box": "sixes", "dice": [6, 6, 6, 1, 2]},
        expected_number=0,
        request_key=uuid.uuid4(),
        recorded_by=game.scorer.user,
    )

    page.reload()

    expect(page.locator("#play")).to_have_attribute("data-turn", "1")
    assert player_to_throw(page) == "Ben"
    page.wait_for_function(KEPT_COPY, arg=1)  # and the copy is the page just shown


def test_offline_a_jackpot_box_strikes_once_its_ordinary_boxes_are_filled(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id, played = start_played_game_of_two(page, live_server.url, "jackpot", ann, ben)
    engine = rules.new_game(played.setup)
    assert isinstance(engine, rules.FiveDiceGame)
    fours = Move("44442", "fours")

    go_offline(page)
    first = shown_previews(page, fours, engine)
    assert ["fours_jackpot", 16, "c"] in first
    tap(page, page.locator("[data-five-dice-turn] [data-box='fours']"))
    tap(page, page.locator("[data-five-dice-turn] [data-confirm-ok]"))
    played.play(engine, fours.record("Ann"))
    expect(page.locator("[data-queue-count]")).to_have_text("1")
    for number in range(2, 9):  # both players fill their four Fours boxes
        play_offline_turn(page, engine, played, fours)
        expect(page.locator("[data-queue-count]")).to_have_text(str(number))
    # Ann's Fours are full: the engine's other column says her Fours jackpot can only strike.
    assert ["fours_jackpot", 0, "k"] in shown_previews(page, fours, engine)

    go_online(page)
    # The pad was at turn 8 already (played on offline): the badge going says the queue is through.
    expect(page.locator("[data-queue-badge]")).to_be_hidden(timeout=60_000)
    expect(page.locator("#play")).to_have_attribute("data-turn", "8")
    assert [t["box"] for t in recorded(game_id)] == ["fours"] * 8
