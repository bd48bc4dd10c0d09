"""In Debian's chromium: the player page's charts are drawn on an iPad, and the TV board follows
a game without reloading."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.hashers import make_password
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from league.synthesis.history import Synthesizer
from scoring.models import Member
from scoring.selectors import load_game
from stats.views import BOARD_POLL_SECONDS
from tests.browser.pages import PIN, SHOTS, shot, sign_in
from tests.factories import the_club
from tests.scoring.services.helpers import five_dice, new_game, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Pixels of a canvas that are not blank: a drawn chart has axes, labels and bars or points.
INKED_PIXELS = """canvas => {
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) inked++;
  return inked;
}"""


FILLS_ITS_BOX = """() => [...document.querySelectorAll("canvas")].every(
  canvas => canvas.clientWidth > 0.8 * canvas.parentElement.clientWidth
)"""


def test_the_player_page_draws_its_charts_on_an_ipad(
    live_server: LiveServer, tablet_page: Page
) -> None:
    Synthesizer(club=the_club(), seed=11, signatures=False).run(years=2, games_per_year=40)
    regular = max(Member.objects.all(), key=lambda m: m.seats.count())
    # Player pages are for signed-in members (scoring.access.privacy): the member signs in by PIN.
    Member.objects.filter(pk=regular.pk).update(pin_hash=make_password(PIN))
    sign_in(tablet_page, live_server.url, regular)

    tablet_page.goto(f"{live_server.url}/players/{regular.pk}/")

    canvases = tablet_page.locator("canvas")
    expect(canvases.first).to_have_attribute("data-drawn", "true")
    assert canvases.count() >= 3
    for index in range(canvases.count()):
        canvas = canvases.nth(index)
        expect(canvas).to_have_attribute("data-drawn", "true")
    # Chart.js sizes a chart to its box once the layout has settled: wait for every chart to
    # fill its box, as a member sees it, before looking at the ink and taking the picture.
    tablet_page.wait_for_function(FILLS_ITS_BOX)
    for index in range(canvases.count()):
        canvas = canvases.nth(index)
        assert canvas.evaluate(INKED_PIXELS) > 2000, canvas.get_attribute("id")
    # The charts' own section, not the whole page: a full-page capture resizes the window, and
    # Chart.js redraws the charts small for the length of the capture.
    charts = tablet_page.locator('section[aria-labelledby="charts-heading"]')
    charts.screenshot(path=str(SHOTS / "player-page-charts-ipad.png"))
    shot(tablet_page, "player-page-ipad")


def test_the_board_follows_a_turn_without_reloading(
    live_server: LiveServer, browser: Browser
) -> None:
    game = new_game("balut", ("Ann", "Ben"))
    play(game, five_dice(game, "sixes", "66612"))
    # The bar's television: a full-HD screen, nobody touching it.
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.clock.install()  # the board's refresh comes round when the test moves its clock
    page = context.new_page()
    page.goto(f"{live_server.url}/board/")
    table = page.locator(f'[data-game="{game.pk}"]')
    expect(table.locator(".board-next")).to_contain_text("Ben")
    # A marker on the window survives only if the page is never reloaded.
    page.evaluate("window.sameBoard = true")

    play(game, five_dice(game, "balut", "55555"))
    ben = load_game(game).result().player("Ben").score

    page.clock.fast_forward(BOARD_POLL_SECONDS * 1000)
    expect(table.locator('[data-player="Ben"] .board-score')).to_have_text(str(ben))
    expect(table.locator(".board-next")).to_contain_text("Ann")
    expect(page.locator("#board-baluts")).to_contain_text(re.compile(r"Ben\s+45"))
    assert page.evaluate("window.sameBoard") is True
    shot(page, "board-tv")
    page.context.close()


# Each name on the board, and the characters a line of it ends after: a name may wrap after a
# space or a hyphen, never inside a word. One range a character gives its line's top.
NAME_BREAKS = """() => [...document.querySelectorAll(".board-player .board-name")].map(name => {
  const text = [...name.childNodes].filter(node => node.nodeType === Node.TEXT_NODE).pop();
  const range = document.createRange();
  const tops = [...text.textContent].map((_, i) => {
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    return Math.round(range.getBoundingClientRect().top);
  });
  const after = tops.slice(1).flatMap((top, i) => (top !== tops[i] ? [text.textContent[i]] : []));
  return {text: text.textContent.trim(), after};
})"""

CLIPPED = """() => [...document.querySelectorAll(
  "#board-live, .board-tables, .board-side, .board-panel, .board-table"
)].filter(el => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
  .map(el => el.id || el.className)"""


def test_the_board_on_an_upright_ipad_keeps_long_names_whole_and_clips_nothing(
    live_server: LiveServer, browser: Browser
) -> None:
    players = ("Weißmüller-Schwarzenberger", "Ben", "Christoffersen-Østergaard", "Dot")
    for first, second in (players[:2], players[2:]):
        game = new_game("balut", (first, second))
        play(game, five_dice(game, "sixes", "66612"))
    context = browser.new_context(viewport={"width": 768, "height": 1024}, locale="de-DE")
    page = context.new_page()

    page.goto(f"{live_server.url}/board/")

    expect(page.locator("#board-live")).to_have_attribute("data-fitted", "true")
    shot(page, "board-ipad-portrait-de")
    names = page.evaluate(NAME_BREAKS)
    assert {name["text"] for name in names} == set(players)
    assert all(set(name["after"]) <= {" ", "-"} for name in names), names
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 768
    context.close()
