"""A flaky Wi-Fi at the table: posts that fail, hang, lose their answer or meet a server error.
Every Record tap ends as exactly one stored turn, in the box tapped, in order, and the scorer
sees one clear state throughout (never "the game has moved on" for their own turns)."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, Response, Route, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Member, Turn
from tests.browser.games import PlayedGame, start_played_game_of_two
from tests.browser.offline import GIVE_UP_MS, MOVES
from tests.browser.pages import (
    TURNS_URL,
    Move,
    play_area,
    player_to_throw,
    recorded,
    set_aside_choice,
    shot,
    start_game_of_two,
    tap,
    tap_dice,
    turn_number,
)
from tests.browser.sheet_checks import check_five_dice_sheet
from tests.browser.taps import send_the_queue_now

pytestmark = pytest.mark.browser

# Both players fill the same box each round: 20 turns close boxes on the way.
TURNS = 20

# What happens to the n-th post the tablet makes (1-based), whether a Record's own post or a
# queued turn sent again; every other post reaches the server and its answer the tablet.
# "abort": the connection drops; "hang": no answer ever comes; "lost": the server stores the
# turn but its answer never arrives; "500": Django's generic error page (the database was down).
TROUBLE = {
    2: "abort",
    3: "abort",
    5: "hang",
    7: "500",
    8: "lost",
    10: "abort",
    12: "hang",
    13: "500",
    15: "lost",
    17: "abort",
    20: "hang",
    22: "abort",
}


class FlakyWifi:
    """The route every turn post takes: trouble as TROUBLE says, the rest through."""

    def __init__(self, trouble: dict[int, str]) -> None:
        self.trouble = trouble
        self.down = False  # while True, no post gets through
        self.posts = 0
        self.reached: list[int] = []  # expected_number of every post the server saw
        self.hanging: list[Route] = []

    def __call__(self, route: Route) -> None:
        self.posts += 1
        what = "abort" if self.down else self.trouble.get(self.posts, "through")
        number = int(parse_qs(route.request.post_data or "")["expected_number"][0])
        if what == "abort":
            route.abort("internetdisconnected")
        elif what == "hang":
            self.hanging.append(route)  # never answered: the tablet gives up on it
        elif what == "500":
            body = "<!doctype html><title>Server Error (500)</title><h1>Server Error (500)</h1>"
            route.fulfill(status=500, content_type="text/html", body=body)
        elif what == "lost":
            self.reached.append(number)
            route.fetch()  # stored on the server...
            route.abort("connectionreset")  # ...and the answer is lost on the way back
        else:
            self.reached.append(number)
            route.continue_()


def answers(page: Page) -> list[int]:
    """The status of every turn answer the page receives from now on."""
    statuses: list[int] = []

    def seen(response: Response) -> None:
        if TURNS_URL.search(response.url) and response.request.method == "POST":
            statuses.append(response.status)

    page.on("response", seen)
    return statuses


def settle_through_hangs(page: Page, turn: int) -> None:
    """Wait for the tablet to say the Record tap has settled on the pad for `turn`. A post
    that hangs is given up after GIVE_UP_MS by the tablet's clock: the clock is moved on
    instead of sitting it out (a hung post shows "Sending…" meanwhile)."""
    for _ in range(4):
        try:
            expect(play_area(page)).to_have_attribute("data-settled", str(turn), timeout=4000)
            return
        except AssertionError:
            expect(page.locator("[data-queue-sending]")).to_be_visible()
            page.clock.fast_forward(GIVE_UP_MS + 100)
    expect(play_area(page)).to_have_attribute("data-settled", str(turn))


def send_what_waits(page: Page, turns: int) -> None:
    """The Wi-Fi is good again: the tablet sends its queue by itself (a hung post is given up
    first, by the tablet's clock moved on); done when nothing waits and the pad is at `turns`."""
    badge = page.locator("[data-queue-badge]")
    for _ in range(6):
        try:
            expect(badge).to_be_hidden(timeout=8000)
            expect(play_area(page)).to_have_attribute("data-turn", str(turns))
            return
        except AssertionError:
            page.clock.fast_forward(GIVE_UP_MS + 100)
    expect(badge).to_be_hidden()


def one_clear_state(page: Page) -> None:
    """No refusal, no turn left for the scorer to enter again, no "moved on" anywhere, and no
    word of taps "brought back" (the queue's answer redraws the pad in place, taps and all)."""
    expect(page.locator("#error")).to_have_count(0)
    expect(page.locator("[data-unsent-turn]")).to_have_count(0)
    expect(page.locator("#play")).not_to_contain_text("moved on")
    expect(page.locator("#play")).not_to_contain_text("brought back")


def record_move(page: Page, move: Move) -> None:
    turn = page.locator("[data-five-dice-turn]")
    tap_dice(page, turn, move.dice)
    tap(page, turn.locator(f"[data-box='{move.box}']"))
    tap(page, turn.locator("[data-confirm-ok]"))


def stored_as_played(game_id: int, played: PlayedGame) -> None:
    setup = played.setup
    assert recorded(game_id) == [
        rules.turn_to_json(rules.parse_turn(t, setup), setup.players) for t in played.turns
    ]
    assert list(Turn.objects.filter(game_id=game_id).values_list("number", flat=True)) == list(
        range(len(played.turns))
    )


def start(
    page: Page, live_server: LiveServer, ann: Member, ben: Member
) -> tuple[int, PlayedGame, rules.FiveDiceGame]:
    """A Standard Balut game of Ann and Ben on the tablet, and the engine's copy of it."""
    game_id, played = start_played_game_of_two(page, live_server.url, "balut", ann, ben)
    engine = rules.new_game(played.setup)
    assert isinstance(engine, rules.FiveDiceGame)
    return game_id, played, engine


def anns_turn_waits(page: Page, played: PlayedGame, engine: rules.FiveDiceGame) -> FlakyWifi:
    """The Wi-Fi goes down and Ann's first turn is recorded: it waits in the queue, Ben's pad
    is up. The Wi-Fi it returns is still down."""
    wifi = FlakyWifi({})
    wifi.down = True
    page.route(TURNS_URL, wifi)
    record_move(page, MOVES[0])
    played.play(engine, MOVES[0].record("Ann"))
    settle_through_hangs(page, 1)
    return wifi


def test_twenty_turns_on_a_flaky_wifi_are_each_stored_once_in_order_in_the_box_tapped(
    live_server: LiveServer, tablet_page_without_worker: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page_without_worker
    game_id, played, engine = start(page, live_server, ann, ben)
    wifi = FlakyWifi(TROUBLE)
    statuses = answers(page)
    page.route(TURNS_URL, wifi)

    for number in range(TURNS):
        move = MOVES[number // 2]
        name = played.setup.players[number % 2]
        assert player_to_throw(page) == name
        record_move(page, move)
        played.play(engine, move.record(name))
        settle_through_hangs(page, number + 1)
        one_clear_state(page)
        expect(page.locator("#turn-heading [data-player]")).to_have_text(
            played.setup.players[(number + 1) % 2]
        )
    shot(page, "flaky-wifi-twenty-turns")

    page.unroute(TURNS_URL)
    send_what_waits(page, TURNS)
    one_clear_state(page)
    expect(page.locator("[data-pending] li")).to_have_count(0)
    stored_as_played(game_id, played)
    assert turn_number(page) == TURNS
    check_five_dice_sheet(page, rules.score_record(played.record))
    # Every kind of trouble came up, and no turn was ever bounced as stale or refused.
    assert {"abort", "hang", "500", "lost"} <= {TROUBLE[n] for n in TROUBLE if n <= wifi.posts}
    assert not {409, 422} & set(statuses), statuses
    # The server saw each turn only after every turn before it was stored: never one past it.
    stored = 0
    for number in wifi.reached:
        assert number <= stored, wifi.reached
        stored = max(stored, number + 1)


def test_a_turn_recorded_once_the_wifi_is_back_goes_behind_the_one_waiting(
    live_server: LiveServer, tablet_page_without_worker: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page_without_worker
    game_id, played, engine = start(page, live_server, ann, ben)
    statuses = answers(page)
    wifi = anns_turn_waits(page, played, engine)
    badge = page.locator("[data-queue-badge]")
    expect(badge.locator("[data-queue-count]")).to_have_text("1")
    expect(badge.locator("[data-queue-pending]")).to_be_visible()
    expect(page.locator("[data-pending] li")).to_have_text(
        ["Pending: turn 1, Ann, Fours · 4 4 4 1 2 (12)"]
    )

    # Ben's turn is tapped in, the Wi-Fi comes back, and Record is tapped.
    turn = page.locator("[data-five-dice-turn]")
    tap_dice(page, turn, MOVES[0].dice)
    tap(page, turn.locator(f"[data-box='{MOVES[0].box}']"))
    wifi.down = False
    tap(page, turn.locator("[data-confirm-ok]"))
    played.play(engine, MOVES[0].record("Ben"))

    settle_through_hangs(page, 2)
    send_what_waits(page, 2)
    one_clear_state(page)
    assert player_to_throw(page) == "Ann"
    stored_as_played(game_id, played)
    assert wifi.reached == [0, 1], "Ben's turn reached the server before Ann's"
    assert not {409, 422} & set(statuses), statuses
    check_five_dice_sheet(page, rules.score_record(played.record))


def test_a_record_whose_answer_hangs_is_shown_at_once_says_sending_then_waits_and_is_stored_once(
    live_server: LiveServer, tablet_page_without_worker: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page_without_worker
    game_id, played, engine = start(page, live_server, ann, ben)
    # The first post reaches the server, which stores the turn; the answer never comes.
    hanging: list[Route] = []

    def route(route: Route) -> None:
        if not hanging:
            hanging.append(route)
            route.fetch()
            return
        route.continue_()

    page.route(TURNS_URL, route)
    record_move(page, MOVES[0])
    played.play(engine, MOVES[0].record("Ann"))

    # The scorer does not wait: the turn is on the sheet, pending, and Ben's pad is up.
    expect(page.locator("#turn-heading [data-player]")).to_have_text("Ben")
    expect(page.locator(f"{ANNS_CELL} .cell.pending")).to_have_text("12")
    # Its answer is long in coming: the badge says it is on its way.
    badge = page.locator("[data-queue-badge]")
    expect(badge.locator("[data-queue-sending]")).to_be_visible()
    expect(badge.locator("[data-queue-pending]")).to_be_hidden()
    expect(badge.locator("[data-queue-count]")).to_have_text("1")
    shot(page, "flaky-wifi-sending")
    assert len(recorded(game_id)) == 1  # stored; the tablet cannot know it yet

    page.clock.fast_forward(GIVE_UP_MS + 100)  # the tablet gives up waiting for the answer
    settle_through_hangs(page, 1)
    send_what_waits(page, 1)
    one_clear_state(page)
    assert player_to_throw(page) == "Ben"
    expect(page.locator(f"{ANNS_CELL} .cell.pending")).to_have_count(0)
    stored_as_played(game_id, played)  # sent again with its key: stored once


# Ann's cell of the Fours row, where her first turn goes.
ANNS_CELL = "#sheet tr[data-row='fours'] td[data-player-col='0']"


@pytest.mark.parametrize(
    "trouble",
    [
        lambda route: route.fulfill(status=503, body="database down"),
        lambda route: route.fulfill(status=502, body="<h1>Bad Gateway</h1>"),
    ],
    ids=["503", "502"],
)
def test_a_server_error_is_no_connection_the_turn_waits_and_is_sent_when_the_server_is_back(
    live_server: LiveServer,
    tablet_page_without_worker: Page,
    ann: Member,
    ben: Member,
    trouble: Callable[[Route], None],
) -> None:
    page = tablet_page_without_worker
    game_id, played, engine = start(page, live_server, ann, ben)
    page.route(TURNS_URL, trouble)

    record_move(page, MOVES[0])
    played.play(engine, MOVES[0].record("Ann"))
    settle_through_hangs(page, 1)
    expect(page.locator("[data-queue-count]")).to_have_text("1")
    assert player_to_throw(page) == "Ben"  # play on
    one_clear_state(page)
    assert recorded(game_id) == []

    page.unroute(TURNS_URL)
    send_what_waits(page, 1)
    one_clear_state(page)
    stored_as_played(game_id, played)


def test_a_barbut_turn_that_cannot_be_sent_waits_on_its_pad_and_is_stored_when_the_server_is_back(
    live_server: LiveServer, tablet_page_without_worker: Page, ann: Member, ben: Member
) -> None:
    # Barbut has no plan to play on from: the pad waits for the server, saying why.
    page = tablet_page_without_worker
    game_id = start_game_of_two(page, live_server.url, "barbut4", ann, ben)
    wifi = FlakyWifi({})
    wifi.down = True
    page.route(TURNS_URL, wifi)
    turn = page.locator("[data-barbut-turn]")
    tap_dice(page, turn, "1523")
    tap(page, set_aside_choice(turn, "1 5"))
    tap(page, turn.locator("[data-bank]"))

    settle_through_hangs(page, 0)
    expect(page.locator("[data-queue-count]")).to_have_text("1")
    expect(turn.locator("[data-step]")).to_contain_text("No connection")
    expect(turn).to_have_class(re.compile(r"\bqueued\b"))
    assert recorded(game_id) == []

    wifi.down = False
    send_what_waits(page, 1)
    one_clear_state(page)
    assert player_to_throw(page) == "Ben"
    assert recorded(game_id) == [
        {"player": "Ann", "throws": [{"dice": [1, 2, 3, 5], "keep": [1, 5]}]}
    ]
    assert wifi.reached == [0]


def test_the_queues_answer_never_redraws_a_pad_being_tapped_and_the_next_record_follows_it(
    live_server: LiveServer, tablet_page_without_worker: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page_without_worker
    game_id, played, engine = start(page, live_server, ann, ben)
    wifi = anns_turn_waits(page, played, engine)
    # Ben's dice are half tapped in when the Wi-Fi comes back and Ann's turn goes through.
    turn = page.locator("[data-five-dice-turn]")
    tap_dice(page, turn, "555")
    pad = turn.element_handle()
    wifi.down = False
    send_the_queue_now(page)
    expect(page.locator("[data-queue-badge]")).to_be_hidden()
    assert recorded(game_id) == [{"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}]
    # The very pad under the finger, taps and all: not redrawn, not "brought back".
    assert pad.evaluate("element => element.isConnected")
    expect(turn.locator("[data-slot]")).to_have_text(["5", "5", "5", "·", "·"])
    one_clear_state(page)

    tap_dice(page, turn, "12")
    tap(page, turn.locator("[data-box='fives']"))
    tap(page, turn.locator("[data-confirm-ok]"))
    played.play(engine, Move("55512", "fives").record("Ben"))
    settle_through_hangs(page, 2)
    send_what_waits(page, 2)
    one_clear_state(page)
    stored_as_played(game_id, played)
    assert wifi.reached == [0, 1]
    check_five_dice_sheet(page, rules.score_record(played.record))
