"""What the tablet tells the scorer about itself (issue 24): the pad's rest after Record is seen,
a pad that waits for the server at a bar-game round's end says why, and a tablet put away learns
the game moved on when it comes back into view."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Game, Member
from scoring.services.members import remember_language
from scoring.services.turns import record_turn
from tests.browser.offline import tap_turn_offline
from tests.browser.pages import (
    TURNS_URL,
    play_five_dice_turn,
    player_to_throw,
    recorded,
    shot,
    sign_in,
    start_game_of_two,
    wait_until_settled,
)
from tests.browser.taps import send_the_queue_now

pytestmark = pytest.mark.browser

RESTING = "[data-five-dice-turn].resting"


def test_the_pads_rest_after_record_is_seen_and_ends_by_itself(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    start_game_of_two(page, live_server.url, "balut", ann, ben)
    # What the resting pad looked like, caught the moment it rests (however short the rest).
    page.evaluate(SEE_THE_REST)
    assert play_five_dice_turn(page, "44412", "fours").status == 200
    page.wait_for_function("() => window.restSeen !== undefined")
    seen = page.evaluate("window.restSeen")
    assert seen["turn"] == "1" and seen["faceDisabled"], seen
    assert float(seen["opacity"]) < 1 and seen["bar"] not in ("none", "normal"), seen
    wait_until_settled(page, 1)
    expect(page.locator(RESTING)).to_have_count(0)
    expect(page.locator("[data-five-dice-turn] [data-face='1']")).to_be_enabled()
    # The look of the rest, for the record (the bar is drawn at its start: no motion asked).
    page.locator("[data-five-dice-turn]").evaluate("e => e.classList.add('resting')")
    shot(page, "pad-resting")


SEE_THE_REST = """() => {
    new MutationObserver((changes, observer) => {
        const pad = document.querySelector('[data-five-dice-turn].resting');
        if (!pad) return;
        window.restSeen = {
            turn: pad.dataset.turn,
            faceDisabled: pad.querySelector('[data-face]').disabled,
            opacity: getComputedStyle(pad.querySelector('.dice-pad')).opacity,
            bar: getComputedStyle(pad, '::before').content,
        };
        observer.disconnect();
    }).observe(document.body, {
        subtree: true, attributes: true, attributeFilter: ['class'], childList: true,
    });
}"""


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "It is the last of its round, and who starts the next round depends on"),
        ("de", "Er ist der letzte seiner Runde, und wer die nächste Runde beginnt"),
    ],
)
def test_offline_at_a_bar_rounds_end_the_pad_says_it_waits_for_the_server(
    live_server: LiveServer,
    tablet_page_without_worker: Page,
    ann: Member,
    ben: Member,
    language: str,
    words: str,
) -> None:
    page = tablet_page_without_worker
    remember_language(member=ann, language=language)
    game_id = start_game_of_two(page, live_server.url, "bar", ann, ben)
    assert play_five_dice_turn(page, "44412", "fours").status == 200
    # Ben's turn ends round 1: the next round's starter depends on its scores.
    page.route(TURNS_URL, lambda route: route.abort("internetdisconnected"))
    tap_turn_offline(page, "66612", "sixes")

    note = page.locator("[data-five-dice-turn] [data-pad-note]")
    expect(note).to_contain_text(words)
    expect(page.locator("[data-five-dice-turn]")).to_have_attribute("data-turn", "1")
    shot(page, f"offline-bar-round-end-{language}")
    assert len(recorded(game_id)) == 1

    page.unroute(TURNS_URL)
    send_the_queue_now(page)
    expect(page.locator("#play")).to_have_attribute("data-turn", "2", timeout=10_000)
    # Ben's 18 beat Ann's 12: he starts round 2.
    assert player_to_throw(page) == "Ben"


def come_back_into_view(page: Page) -> None:
    """The tablet taken out again: the page becomes visible (as after the screen was off)."""
    page.evaluate(
        """() => {
            Object.defineProperty(
                document, 'visibilityState', {value: 'visible', configurable: true},
            );
            document.dispatchEvent(new Event('visibilitychange'));
        }"""
    )


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "The game moved on while this tablet was put away: turn 2 is next."),
        ("da", "Spillet gik videre, mens tabletten var lagt væk: tur 2 er den næste."),
    ],
)
def test_a_tablet_put_away_learns_the_game_moved_on_when_it_comes_back_into_view(
    live_server: LiveServer,
    tablet_page: Page,
    new_tablet: Callable[[], Page],
    ann: Member,
    ben: Member,
    language: str,
    words: str,
) -> None:
    remember_language(member=ann, language=language)
    tablet_a = tablet_page
    game_id = start_game_of_two(tablet_a, live_server.url, "balut", ann, ben)
    tablet_b = new_tablet()
    sign_in(tablet_b, live_server.url, ann)
    tablet_b.goto(f"{live_server.url}/games/{game_id}/")
    expect(tablet_b.locator("#play")).to_have_attribute("data-turn", "0")

    game = Game.objects.get(pk=game_id)
    assert game.scorer is not None
    record_turn(
        game=game,
        turn_record={"player": "Ann", "box": "fours", "dice": [4, 4, 4, 1, 2]},
        expected_number=0,
        request_key=uuid.uuid4(),
        recorded_by=game.scorer.user,
    )
    come_back_into_view(tablet_b)

    expect(tablet_b.locator("#moved-on")).to_contain_text(words)
    expect(tablet_b.locator("#play")).to_have_attribute("data-turn", "1")
    wait_until_settled(tablet_b, 1)
    assert player_to_throw(tablet_b) == "Ben"
    expect(tablet_b.locator("#sheet tr[data-row='fours'] td[data-player-col='0']")).to_contain_text(
        "12"
    )
    shot(tablet_b, f"back-in-view-moved-on-{language}")
    # Back again with the game where it was: nothing is redrawn, nothing said twice.
    come_back_into_view(tablet_b)
    expect(tablet_b.locator("#moved-on")).to_have_count(1)
    assert play_five_dice_turn(tablet_b, "55512", "fives").status == 200


# The contrast of each cell waiting for the server: its text's colour over the first opaque
# background behind it, by WCAG's relative luminance.
PENDING_CONTRASTS = """() => {
  const rgb = value => value.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => [r, g, b].map(c => c / 255)
    .map(c => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const background = el => {
    for (let at = el; at; at = at.parentElement) {
      const colour = rgb(getComputedStyle(at).backgroundColor);
      if (colour.length < 4 || colour[3] === 1) return colour;
    }
    return [0, 0, 0];
  };
  return [...document.querySelectorAll(".pending-wait")].map(el => {
    const style = getComputedStyle(el);
    const [front, back] = [luminance(rgb(style.color)), luminance(background(el))];
    const ratio = (Math.max(front, back) + 0.05) / (Math.min(front, back) + 0.05);
    return Number(style.opacity) < 1 ? 1 : ratio;
  });
}"""


@pytest.mark.parametrize(
    ("language", "marked"),
    [("en", "Counts the turns waiting to be sent."), ("da", "Tæller de ture med")],
)
def test_pending_turns_count_in_the_row_sums_and_totals_marked_pending(
    live_server: LiveServer,
    tablet_page_without_worker: Page,
    ann: Member,
    ben: Member,
    language: str,
    marked: str,
) -> None:
    page = tablet_page_without_worker
    remember_language(member=ann, language=language)
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    assert play_five_dice_turn(page, "44412", "fours").status == 200
    assert play_five_dice_turn(page, "55512", "fives").status == 200
    # The server is out of reach: the next three turns wait on the tablet.
    page.route(TURNS_URL, lambda route: route.abort("internetdisconnected"))
    tap_turn_offline(page, "44441", "fours")
    tap_turn_offline(page, "66612", "sixes")
    tap_turn_offline(page, "12345", "straight")

    sheet = page.locator("#sheet")
    ann_fours = sheet.locator("tr[data-row='fours'] td[data-player-col='0'] .row-total")
    expect(ann_fours).to_have_text("= 28")
    expect(ann_fours).to_have_class(re.compile(r"\bpending\b"))
    expect(ann_fours).to_have_attribute("title", re.compile(marked))
    ann_straight = sheet.locator("tr[data-row='straight'] td[data-player-col='0'] .row-total")
    expect(ann_straight).to_have_text("= 15")
    expect(sheet.locator("[data-total='Ann']")).to_have_text("43")
    expect(sheet.locator("[data-total='Ann']")).to_have_class(re.compile(r"\bpending\b"))
    expect(sheet.locator("[data-total='Ben']")).to_have_text("33")
    # Points and places need the server's engine: marked as waiting for it, not worked out.
    expect(sheet.locator("[data-points='Ann']")).to_have_class(re.compile(r"\bpending-wait\b"))
    expect(sheet.locator("[data-rank='Ben']")).to_have_class(re.compile(r"\bpending-wait\b"))
    expect(sheet.locator("[data-score-points='Ann']")).to_have_class(
        re.compile(r"\bpending-wait\b")
    )
    shot(page, f"offline-pending-sums-{language}")
    # Dimmed, yet readable: WCAG's 4.5:1 against what the cell stands on (axe found 2.9:1).
    assert min(page.evaluate(PENDING_CONTRASTS)) >= 4.5
    assert len(recorded(game_id)) == 2

    page.unroute(TURNS_URL)
    send_the_queue_now(page)
    expect(page.locator("#play")).to_have_attribute("data-turn", "5", timeout=10_000)
    expect(ann_fours).to_have_text("= 28")
    expect(ann_fours).not_to_have_class(re.compile(r"\bpending\b"))
    expect(sheet.locator("[data-total='Ann']")).to_have_text("43")
    expect(sheet.locator("[data-points='Ann']")).not_to_have_class(re.compile("pending"))
