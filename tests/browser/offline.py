"""A dropped connection, as the browser tests cause it: the tablet offline, and a turn tapped
in while it is."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.browser.pages import Move, tap, tap_dice

# How long the tablet waits for the answer to a turn it sent before it gives up on it and
# keeps the turn queued (GIVE_UP_MS in static/js/tablet_queue.js).
GIVE_UP_MS = 10_000


def _no_network(route: Route) -> None:
    route.abort("internetdisconnected")


def go_offline(page: Page) -> None:
    """The tablet loses its connection: the browser says so, and nothing it or the page's
    service worker asks for reaches the server (offline emulation alone lets the worker's
    requests through)."""
    page.context.set_offline(True)
    page.context.route("**/*", _no_network)


def go_online(page: Page) -> None:
    page.context.unroute("**/*", _no_network)
    page.context.set_offline(False)


def tap_turn_offline(page: Page, dice: str, box: str) -> None:
    """Tap a five-dice turn in and Record it while the tablet has no connection; back once it
    waits in the queue. The badge alone says nothing after the first: it is already shown, and
    the next pad may not be in place yet (it is by the time the count has grown)."""
    queued = page.locator("[data-queue-count]")
    before = int(queued.text_content() or "0")
    turn = page.locator("[data-five-dice-turn]")
    tap_dice(page, turn, dice)
    tap(page, turn.locator(f"[data-box='{box}']"))
    tap(page, turn.locator("[data-confirm-ok]"))
    expect(page.locator("[data-queue-badge]")).to_be_visible()
    expect(queued).to_have_text(str(before + 1))


# Each round both players fill the same box; a category is done after four rounds, so boxes
# close one after the other while the tablet has no connection.
ROUNDS = [
    ("fours", ["44412", "44445", "44123", "44441"]),
    ("fives", ["55512", "55551", "55123", "55555"]),
    ("sixes", ["66612", "66661", "66123", "66666"]),
    ("straight", ["12345", "23456", "12346", "23456"]),
    ("full_house", ["22333", "66655", "11122", "12345"]),
    ("choice", ["66655", "12345", "66666", "33333"]),
    ("balut", ["11111", "66666", "12346", "22222"]),
]
MOVES = [Move(dice, box) for box, throws in ROUNDS for dice in throws]
