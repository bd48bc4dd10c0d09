"""The bar's TV (1920x1080, nobody touching it) shows the whole board however busy the night:
nothing below the fold, nothing cut off inside a section."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.selectors import load_game
from stats.views import BOARD_POLL_SECONDS
from tests.browser.pages import SHOTS
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import five_dice, new_game, play
from tests.stats.busy_night import busy_night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV: ViewportSize = {"width": 1920, "height": 1080}
SECTIONS = ("#board-bar-high", "#board-baluts", "#board-register", "#board-drinks")
# Each section's box and what it holds: a section whose content is taller than its box, or a box
# that ends below the screen, hides something.
MEASURE = """selector => {
  const box = document.querySelector(selector);
  const rect = box.getBoundingClientRect();
  return {bottom: rect.bottom, right: rect.right, top: rect.top,
          clipped: box.scrollHeight > box.clientHeight + 1};
}"""


@pytest.fixture
def tv(browser: Browser) -> Iterator[Page]:
    """The bar's television. Closed after the test: a board left open polls the live server
    into the next test's database. Its clock is the test's to move (`next_poll`)."""
    context = browser.new_context(viewport=TV)
    context.clock.install()
    yield context.new_page()
    context.close()


def next_poll(page: Page) -> None:
    """The board's own refresh comes round: its clock moved on by one polling interval, not
    waited out in real time."""
    page.clock.fast_forward(BOARD_POLL_SECONDS * 1000)


def assert_fits(page: Page) -> None:
    expect(page.locator("#board-live")).to_have_attribute("data-fitted", "true")
    assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    for selector in (*SECTIONS, ".board-tables", ".board-side"):
        box = page.evaluate(MEASURE, selector)
        assert box["bottom"] <= TV["height"] and box["right"] <= TV["width"], (selector, box)
        assert not box["clipped"], selector
    for table in page.locator(".board-table").all():
        bottom = table.evaluate("t => t.getBoundingClientRect().bottom")
        assert bottom <= TV["height"]


def test_a_quiet_night_fits_the_tv_in_large_type(live_server: LiveServer, tv: Page) -> None:
    game = new_game("balut", ("Ann", "Ben"))
    play(game, five_dice(game, "sixes", "66612"))
    page = tv

    page.goto(f"{live_server.url}/board/")

    assert_fits(page)
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 40, "a quiet night keeps the full size"
    page.screenshot(path=str(SHOTS / "board-1080p-quiet.png"))


def test_the_busiest_night_fits_the_tv_without_scrolling(live_server: LiveServer, tv: Page) -> None:
    night = busy_night()
    page = tv

    page.goto(f"{live_server.url}/board/")

    assert_fits(page)
    expect(page.locator(".board-table")).to_have_count(len(night.tables))
    expect(page.locator(".board-player")).to_have_count(8 * len(night.tables))
    expect(page.locator("#board-baluts")).to_contain_text(f"{night.baluts} in all")
    expect(page.locator("#board-baluts [data-more]")).to_be_visible()
    expect(page.locator("#board-drinks [data-more]")).to_be_visible()
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 18, "still readable across the bar"
    print(f"busy night: the board's type is {size:.0f}px on a 1920x1080 screen")
    page.screenshot(path=str(SHOTS / "board-1080p-busy.png"))


def test_the_board_still_fits_after_it_refreshes_itself(live_server: LiveServer, tv: Page) -> None:
    night = busy_night(baluts=6)
    page = tv
    page.goto(f"{live_server.url}/board/")
    assert_fits(page)
    page.evaluate("window.sameBoard = true")

    game = night.tables[0]
    for _ in range(3):
        play(game, five_dice(game, "balut", "55555"))

    next_poll(page)
    expect(page.locator("#board-baluts")).to_contain_text("9 in all")
    assert_fits(page)
    assert page.evaluate("window.sameBoard") is True
    page.screenshot(path=str(SHOTS / "board-1080p-after-refresh.png"))


def test_a_game_that_finishes_shows_its_winner_and_places_across_the_room(
    live_server: LiveServer, tv: Page
) -> None:
    game = play_bar(leave=1)
    page = tv
    page.goto(f"{live_server.url}/board/")
    table = page.locator(f'.board-table[data-game="{game.pk}"]')
    # Bar rules: seven rounds, three players; twenty turns played, the last round's last to come.
    expect(table.locator("[data-round]")).to_contain_text("Round 7 of 7")
    assert_fits(page)

    loaded = load_game(game)
    last = loaded.next_player
    assert last is not None and isinstance(loaded.state, rules.FiveDiceGame)
    (box,) = loaded.state.open_boxes(last.seat)
    play(game, {"player": last.name, "box": box, "dice": [6, 6, 6, 1, 2]})
    next_poll(page)

    expect(table).to_have_attribute("data-finished", "")
    result = load_game(game).result()
    expect(table.locator("[data-winner]")).to_have_text(f"{result.winners[0]} wins")
    places = [p.name for p in sorted(result.players, key=lambda p: p.rank)]
    expect(table.locator("[data-place]")).to_have_count(3)
    assert (
        table.locator("[data-place]").evaluate_all(
            "items => items.map(item => item.dataset.player)"
        )
        == places
    )
    assert_fits(page)
    winner_px = table.locator("[data-winner]").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    dim_px = table.locator("[data-round]").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert winner_px >= 60 and dim_px >= 32, (winner_px, dim_px)
    used = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.board-table, .board-panel')]"
        ".map(e => e.getBoundingClientRect().bottom))"
    )
    assert used >= 0.75 * TV["height"], f"the type grows to fill the screen ({used}px used)"
    print(f"winner moment: winner {winner_px:.0f}px, secondary {dim_px:.0f}px, {used:.0f}px tall")
    page.screenshot(path=str(SHOTS / "board-1080p-winner.png"))
