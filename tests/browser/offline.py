"""A dropped connection, as the browser tests cause it: the tablet offline, and a turn tapped
in while it is."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.browser.pages import tap, tap_dice


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
