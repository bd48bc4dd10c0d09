"""A turn answered with its pieces (htmx out-of-band swaps) leaves the tablet's page as a full
reload of it would show it: the same sheet, pad, turns and data, set up the same way."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Member
from tests.browser.pages import (
    Seat,
    play_area,
    play_five_dice_turn,
    player_to_throw,
    start_game,
    turn_number,
    wake_the_pad,
)

pytestmark = pytest.mark.browser

# The play area as markup, with what differs between any two renderings of the same game left
# out: the request key and CSRF token each render makes, the answer's own notice, and whether
# the scorer left the turns list open.
PLAY_MARKUP = """() => {
  const play = document.getElementById("play").cloneNode(true);
  play.querySelectorAll("[name=request_key], [name=csrfmiddlewaretoken]")
    .forEach((input) => input.setAttribute("value", ""));
  play.querySelector("#play-messages").replaceChildren();
  play.querySelectorAll("details").forEach((details) => details.removeAttribute("open"));
  play.querySelectorAll("*").forEach((element) => {
    if (!element.getAttribute("class")) element.removeAttribute("class");
  });
  return {turn: play.dataset.turn, html: play.innerHTML.replace(/>\\s+</g, "><").trim()};
}"""

MOVES = [
    ("44412", "fours"),
    ("66612", "sixes"),
    ("55555", "balut"),
    ("12345", "straight"),
    ("44441", "fours"),
    ("66655", "full_house"),
    ("55512", "fives"),
]


def test_each_turn_answered_in_pieces_leaves_the_page_as_a_reload_shows_it(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    start_game(
        page,
        live_server.url,
        ruleset="balut",
        seats=[Seat(member=ann), Seat(member=ben)],
        scorer=ann,
    )

    for number, (dice, box) in enumerate(MOVES):
        answer = play_five_dice_turn(page, dice, box)
        assert answer.status == 200
        assert answer.headers.get("hx-reswap") == "none", "a recorded turn answers in pieces"
        assert turn_number(page) == number + 1
        expect(page.locator("#notice")).to_be_visible()
        # An answer's pad rests a moment (a reload's does not); the page is compared after it.
        wake_the_pad(page)
        answered = page.evaluate(PLAY_MARKUP)

        page.reload()
        expect(play_area(page)).to_have_count(1)
        reloaded = page.evaluate(PLAY_MARKUP)

        assert answered["turn"] == reloaded["turn"] == str(number + 1)
        assert answered["html"] == reloaded["html"]
    assert player_to_throw(page) == "Ben"
