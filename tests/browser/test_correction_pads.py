"""Corrections on the dice pads, as at the table (issue 24): a five-dice turn's dice tapped with
each box showing its score, and the Barbut correction's Bank button its prompt names."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Member
from scoring.services.members import remember_language
from tests.browser.pages import (
    play_barbut_turn,
    play_five_dice_turn,
    recorded,
    set_aside_choice,
    shot,
    start_game_of_two,
    tap,
    tap_dice,
)

pytestmark = pytest.mark.browser

FIVE_DICE_WORDS = {
    "en": {"fours": "Fours", "balut": "Balut", "scratch": "scratch", "correct": "Correct turn 1"},
    "da": {"fours": "Firere", "balut": "Balut", "scratch": "strøget", "correct": "Ret tur 1"},
}


def open_correction(page: Page, game_id: int) -> None:
    page.goto(page.url.split("/games/")[0] + f"/games/{game_id}/turns/0/correct/")
    page.wait_for_url(re.compile(rf"/games/{game_id}/turns/0/correct/$"))


def box_choice(page: Page, box: str) -> str:
    return " ".join(page.locator(f"[data-box-choice='{box}']").inner_text().split())


@pytest.mark.parametrize("language", ["en", "da"])
def test_a_five_dice_turn_is_corrected_on_the_dice_pad_with_each_boxs_score(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member, language: str
) -> None:
    words = FIVE_DICE_WORDS[language]
    page = tablet_page
    remember_language(member=ann, language=language)
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    assert play_five_dice_turn(page, "44412", "fours").status == 200
    assert play_five_dice_turn(page, "12345", "straight").status == 200

    open_correction(page, game_id)
    pad = page.locator("[data-five-dice-correction]")
    # The turn as recorded is on the pad, and every box says what those dice score there.
    expect(pad.locator("[data-slot]")).to_have_text(["1", "2", "4", "4", "4"])
    assert page.locator("input[name=dice]").get_attribute("type") == "hidden"
    assert box_choice(page, "fours") == f"{words['fours']} 12"
    assert box_choice(page, "balut") == f"{words['balut']} 0 {words['scratch']}"
    # The 1 and the 2 were really 4s: each changed by its slot, then its face.
    for slot in ("0", "1"):
        tap(page, pad.locator(f"[data-slot='{slot}']"))
        tap(page, pad.locator("[data-face='4']"))
    expect(pad.locator("[data-slot]")).to_have_text(["4"] * 5)
    expect(page.locator("[data-box-choice='balut'] [data-score]")).to_have_text("40")
    expect(page.locator("[data-box-choice='fours'] [data-score]")).to_have_text("20")
    shot(page, f"correction-five-dice-pad-{language}")
    page.locator("[data-box-choice='balut']").click()
    page.locator("textarea[name=reason]").fill("A Balut of fours")
    page.get_by_role("button", name=words["correct"]).click()

    page.wait_for_url(re.compile(rf"/games/{game_id}/$"))
    assert recorded(game_id)[0] == {"player": "Ann", "box": "balut", "dice": [4, 4, 4, 4, 4]}


def test_a_five_dice_correction_with_dice_left_out_is_refused_and_keeps_the_rest(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    assert play_five_dice_turn(page, "44412", "fours").status == 200
    open_correction(page, game_id)
    pad = page.locator("[data-five-dice-correction]")
    tap(page, pad.locator("[data-clear]"))
    tap_dice(page, pad, "555")
    expect(page.locator("[data-box-choice='fives'] [data-score]")).to_have_text("")
    page.locator("textarea[name=reason]").fill("Fives")
    page.get_by_role("button", name="Correct turn 1").click()
    expect(pad).to_contain_text("Give the turn's five dice.")
    assert recorded(game_id)[0] == {"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}


@pytest.mark.parametrize(("language", "bank"), [("en", "Bank 200"), ("de", "200 sichern")])
def test_the_barbut_correction_pad_banks_with_the_bank_button_its_prompt_names(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member, language: str, bank: str
) -> None:
    page = tablet_page
    remember_language(member=ann, language=language)
    game_id = start_game_of_two(page, live_server.url, "barbut4", ann, ben)
    assert play_barbut_turn(page, [("1523", "15")]).status == 200
    assert play_barbut_turn(page, [("2346", "")]).status == 200
    open_correction(page, game_id)
    pad = page.locator("[data-barbut-correction]")
    button = pad.locator("[data-bank]")
    for _ in range(5):
        tap(page, pad.locator("[data-undo]"))
    expect(button).to_be_hidden()
    tap_dice(page, pad, "1123")
    tap(page, set_aside_choice(page, "1 1"))
    expect(button).to_have_text(bank)
    shot(page, f"barbut-correction-bank-{language}")
    page.locator("textarea[name=reason]").fill("Two 1s")
    button.click()

    page.wait_for_url(re.compile(rf"/games/{game_id}/$"))
    assert recorded(game_id)[0] == {
        "player": "Ann",
        "throws": [{"dice": [1, 1, 2, 3], "keep": [1, 1]}],
    }
