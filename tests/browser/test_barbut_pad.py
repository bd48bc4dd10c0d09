"""The Barbut pad forgives: undo any tap, change a set-aside, correct a recorded turn on it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Correction, Game, Member
from tests.browser.pages import (
    play_barbut_turn,
    recorded,
    set_aside_choice,
    shot,
    start_game_of_two,
    submit_turn,
    tap,
    tap_dice,
)

pytestmark = pytest.mark.browser


def test_a_mistapped_die_is_undone_before_it_forces_a_bust_and_a_set_aside_is_changed(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "barbut4", ann, ben)
    turn = page.locator("[data-barbut-turn]")

    # 2 3 4 5 thrown, 2 3 4 6 tapped: a bust on the pad, which one tap of Undo takes back.
    tap_dice(page, turn, "2346")
    expect(turn.locator("[data-step]")).to_contain_text("Bust")
    expect(turn.locator("[data-end-turn]")).to_be_visible()
    shot(page, "barbut-mistap-bust")
    tap(page, turn.locator("[data-undo]"))
    expect(turn.locator("[data-thrown] .die")).to_have_text(["2", "3", "4"])
    expect(turn.locator("[data-end-turn]")).to_be_hidden()
    tap_dice(page, turn, "5")
    tap(page, set_aside_choice(page, "5"))
    tap(page, turn.locator("[data-throw-again]"))
    tap_dice(page, turn, "1")
    # Throwing again was a mistake too: undo the die, then the "throw again" itself.
    tap(page, turn.locator("[data-undo]"))
    tap(page, turn.locator("[data-undo]"))
    expect(turn.locator("[data-throw-again]")).to_be_visible()
    expect(set_aside_choice(page, "5")).to_have_attribute("aria-pressed", "true")
    shot(page, "barbut-undo")
    assert submit_turn(page, turn.locator("[data-bank]")).status == 200

    # Ben sets aside 1 and 5, then changes his mind before throwing again: only the 1.
    turn = page.locator("[data-barbut-turn]")
    tap_dice(page, turn, "1523")
    tap(page, set_aside_choice(page, "1 5"))
    both = turn.locator("[data-bank]").inner_text()
    tap(page, set_aside_choice(page, "1"))
    expect(set_aside_choice(page, "1")).to_have_attribute("aria-pressed", "true")
    expect(set_aside_choice(page, "1 5")).to_have_attribute("aria-pressed", "false")
    expect(turn.locator("[data-bank]")).not_to_have_text(both)
    shot(page, "barbut-set-aside-changed")
    assert submit_turn(page, turn.locator("[data-bank]")).status == 200

    assert recorded(game_id) == [
        {"player": "Ann", "throws": [{"dice": [2, 3, 4, 5], "keep": [5]}]},
        {"player": "Ben", "throws": [{"dice": [1, 2, 3, 5], "keep": [1]}]},
    ]


def test_a_recorded_barbut_turn_is_corrected_on_the_dice_pad(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "barbut4", ann, ben)
    assert play_barbut_turn(page, [("1523", "15")]).status == 200
    assert play_barbut_turn(page, [("2346", "")]).status == 200

    page.locator("#turns summary").click()
    page.locator('[data-turn-line="0"]').get_by_role("link", name="Correct").click()
    page.wait_for_url(re.compile(rf"/games/{game_id}/turns/0/correct/$"))
    pad = page.locator("[data-barbut-correction]")
    # The pad shows the turn as recorded, ready to be changed tap by tap; no JSON anywhere.
    expect(pad.locator("[data-turn-log] li")).to_have_text(["1 2 3 5 → set aside 1 5"])
    expect(set_aside_choice(page, "1 5")).to_have_attribute("aria-pressed", "true")
    assert "&quot;dice&quot;" not in page.locator("main").inner_text()
    assert '"dice"' not in page.locator("main").inner_text()
    shot(page, "barbut-correction-pad")
    # It was 1 1 2 3: undo the set-aside and the dice, tap the throw again, keep the two 1s.
    for _ in range(5):
        tap(page, pad.locator("[data-undo]"))
    expect(pad.locator("[data-thrown] .die")).to_have_count(0)
    tap_dice(page, pad, "1123")
    tap(page, set_aside_choice(page, "1 1"))
    page.locator("textarea[name=reason]").fill("Two 1s, not a 1 and a 5")
    page.get_by_role("button", name="Correct turn 1").click()

    page.wait_for_url(re.compile(rf"/games/{game_id}/$"))
    expect(page.get_by_role("alert").first).to_have_text("Turn 1 is corrected.")
    assert recorded(game_id)[0] == {
        "player": "Ann",
        "throws": [{"dice": [1, 1, 2, 3], "keep": [1, 1]}],
    }
    correction = Correction.objects.get(game=Game.objects.get(pk=game_id))
    assert correction.before["throws"] == [{"dice": [1, 2, 3, 5], "keep": [1, 5]}]
    expect(page.locator("#corrections [data-correction]")).to_contain_text(
        "1 2 3 5 (kept 1 5) → 1 1 2 3 (kept 1 1)"
    )
    shot(page, "barbut-correction-listed")
