"""A turn answered with its pieces (htmx out-of-band swaps) leaves the tablet's page as a full
reload of it would show it: the same sheet, pad, turns and data, set up the same way."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Game, Member
from scoring.selectors import load_game
from tests.browser.pages import (
    Seat,
    play_area,
    play_five_dice_turn,
    player_to_throw,
    recorded,
    shot,
    start_game,
    turn_number,
)
from tests.browser.taps import wake_the_pad
from tests.scoring.services.helpers import fill_game

pytestmark = pytest.mark.browser

# The play area as markup, with what differs between any two renderings of the same game left
# out: the request key and CSRF token each render makes, the answer's own notice, and whether
# the scorer left the turns list open. The pad's preview is compared as the pad reads it: a
# turn's answer names the boxes and leaves their rolls to the columns the page holds
# (tablet.js looks them up there), where the full page sends them.
PLAY_MARKUP = """() => {
  const play = document.getElementById("play").cloneNode(true);
  const data = play.querySelector("#preview-data");
  if (data) {
    const shown = JSON.parse(data.textContent);
    const plan = () => ({
      ...JSON.parse(play.querySelector("#offline-columns").textContent),
      ...JSON.parse(play.querySelector("#offline-data").textContent),
    });
    const rolls = shown.rolls
      || window.BalutTablet.planRolls(plan(), shown.boxes.map((box) => box.key));
    data.textContent = JSON.stringify({boxes: shown.boxes, rolls, log: shown.log});
  }
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


def _compare_with_reload(page: Page) -> tuple[dict[str, str], dict[str, str]]:
    """The play area as the answers left it, then as a reload of the page shows it."""
    answered = page.evaluate(PLAY_MARKUP)
    page.reload()
    expect(play_area(page)).to_have_count(1)
    return answered, page.evaluate(PLAY_MARKUP)


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
        answered, reloaded = _compare_with_reload(page)

        assert answered["turn"] == reloaded["turn"] == str(number + 1)
        assert answered["html"] == reloaded["html"]
    assert player_to_throw(page) == "Ben"


def test_the_finishing_turn_answered_in_pieces_leaves_the_page_as_a_reload_shows_it(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game(
        page,
        live_server.url,
        ruleset="balut",
        seats=[Seat(member=ann), Seat(member=ben)],
        scorer=ann,
    )
    # All but the last two turns recorded at another tablet: this one plays the game out.
    fill_game(Game.objects.get(pk=game_id), leave=2)
    page.reload()

    for turns_left in (2, 1):
        state = load_game(Game.objects.get(pk=game_id)).state
        assert isinstance(state, rules.FiveDiceGame) and state.next_seat is not None
        box = state.open_boxes(state.next_seat)[0]
        answer = play_five_dice_turn(page, "44412", box)
        assert answer.status == 200
        assert answer.headers.get("hx-reswap") == "none", "the last turns answer in pieces too"
        # The last turn's flash gives way to the winner's banner.
        expect(page.locator("#notice")).to_have_count(1 if turns_left > 1 else 0)
        if turns_left > 1:
            wake_the_pad(page)
        answered, reloaded = _compare_with_reload(page)
        assert answered["turn"] == reloaded["turn"] == str(state.turn_count + 1)
        assert answered["html"] == reloaded["html"]

    expect(page.locator("#winner-banner")).to_be_visible()
    expect(page.locator("[data-five-dice-turn], [data-queue-badge], #offline-data")).to_have_count(
        0
    )
    assert len(recorded(game_id)) == 56
    shot(page, "finished-by-its-pieces")
