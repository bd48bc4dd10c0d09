"""The tablet's screens for thumbs in a dim bar: big targets, and nothing fetched from elsewhere."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Request, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Member
from tests.browser.pages import (
    play_barbut_turn,
    play_five_dice_turn,
    shot,
    start_game_of_two,
    tap_dice,
)

pytestmark = pytest.mark.browser

MIN_TARGET = 48
TAPPABLE = "button, a[href], select, input:not([type=hidden]), textarea, summary, label.btn"

# The skip link is out of sight (clipped to a pixel) until a keyboard's Tab focuses it.
SMALL_TARGETS = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden")
  .filter((e) => !e.matches(".visually-hidden-focusable:not(:focus)"))
  .map((e) => {
    const box = e.getBoundingClientRect();
    return {
      what: e.outerHTML.slice(0, 120),
      width: Math.round(box.width * 10) / 10,
      height: Math.round(box.height * 10) / 10,
    };
  })"""


def too_small(page: Page) -> tuple[int, list[dict[str, object]]]:
    """How many tappable things are in sight, and those under 48 x 48 CSS px."""
    targets = page.evaluate(SMALL_TARGETS, TAPPABLE)
    assert isinstance(targets, list)
    small = [t for t in targets if t["width"] < MIN_TARGET or t["height"] < MIN_TARGET]
    return len(targets), small


def check_targets(page: Page, at_least: int) -> None:
    count, small = too_small(page)
    assert count >= at_least, f"only {count} tappable elements in sight"
    assert small == [], small


def record_requests(page: Page) -> list[Request]:
    """Every request the page makes from now on."""
    requests: list[Request] = []
    page.on("request", lambda request: requests.append(request))
    return requests


def check_requests(requests: list[Request], base_url: str) -> None:
    origin = urlsplit(base_url)
    assert requests, "no request was seen"
    elsewhere = [
        r.url
        for r in requests
        if not r.url.startswith("data:")
        and (urlsplit(r.url).scheme, urlsplit(r.url).netloc) != (origin.scheme, origin.netloc)
    ]
    assert elsewhere == []
    assets = {urlsplit(r.url).path for r in requests if r.resource_type in ("stylesheet", "script")}
    assert {
        "/static/vendor/bootstrap/bootstrap.min.css",
        "/static/css/balutclub.css",
        "/static/vendor/bootstrap/bootstrap.bundle.min.js",
        "/static/vendor/htmx/htmx.min.js",
        "/static/js/tablet.js",
    } <= assets
    for request in requests:
        response = request.response()
        if request.resource_type in ("document", "stylesheet", "script", "image", "font"):
            assert response is not None and response.status < 400, request.url


def test_every_target_on_the_five_dice_tablet_is_thumb_sized_and_served_locally(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    requests = record_requests(page)
    # The screens before the game: the home page, signing in, starting a game.
    for path in ("/", "/signin/", "/games/new/"):
        page.goto(live_server.url + path)
        check_targets(page, at_least=4)
    start_game_of_two(page, live_server.url, "jackpot", ann, ben)
    assert play_five_dice_turn(page, "55551", "fives_jackpot").status == 200
    check_requests(requests, live_server.url)

    page.reload()
    requests.clear()
    page.reload()
    check_requests(requests, live_server.url)

    # Every control of the turn in sight: the pad, the boxes, the throw log, the turn list.
    turn = page.locator("[data-five-dice-turn]")
    turn.locator("details.throw-log summary").click()
    page.locator("#turns summary").click()
    tap_dice(page, turn, "5555")
    shot(page, "tablet-turn-four-dice-tapped")
    tap_dice(page, turn, "6")
    expect(turn.locator("[data-box='fives']")).to_be_enabled()
    shot(page, "tablet-turn-dice-entered")
    check_targets(page, at_least=30)

    # The confirm dialog, with its strike button: a claimable jackpot.
    turn.locator("[data-box='fives_jackpot']").click()
    expect(turn.locator("[data-confirm-strike]")).to_be_visible()
    shot(page, "tablet-confirm-claim-or-strike")
    count, small = too_small(page)
    assert small == [] and count >= 3


def test_every_target_on_the_barbut_tablet_is_thumb_sized(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    requests = record_requests(page)
    start_game_of_two(page, live_server.url, "barbut4", ann, ben)
    assert play_barbut_turn(page, [("1111", "1111"), ("5234", "5")]).status == 200
    check_requests(requests, live_server.url)

    turn = page.locator("[data-barbut-turn]")
    check_targets(page, at_least=8)
    tap_dice(page, turn, "1523")
    expect(turn.locator("[data-choices] button")).to_have_count(3)
    shot(page, "barbut-choices")
    check_targets(page, at_least=11)
    turn.locator("[data-choices] button").first.click()
    expect(turn.locator("[data-bank]")).to_be_visible()
    # Between throws the pad is off until "Throw again": a tap there would count for nothing.
    for face in turn.locator("[data-face]").all():
        expect(face).to_be_disabled()
    shot(page, "barbut-throw-again-or-bank")
    page.locator("#sheet details summary").click()
    check_targets(page, at_least=5)
    turn.locator("[data-throw-again]").click()
    for face in turn.locator("[data-face]").all():
        expect(face).to_be_enabled()
