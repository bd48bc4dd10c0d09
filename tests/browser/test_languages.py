"""The tablet in Danish and in German: the scorer's remembered language follows their PIN
sign-in, a turn is played and the finished sheet signed, every word the scorer taps in the
club's language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Member, Signature, Turn
from scoring.services.games import Seat, start_game
from scoring.services.members import remember_language
from tests.browser.pages import PIN, play_five_dice_turn, shot, tap_dice
from tests.browser.test_signing import finished_game
from tests.factories import the_club

pytestmark = pytest.mark.browser

WORDS = {
    "da": {
        "turn": "Anns tur",
        "sign_with_pin": "Skriv under med PIN",
        "signed": "Ann har skrevet under.",
        "status": "Underskrifter: 0 af 2 spillere.",
        "scratch": "0 strøget",
    },
    "de": {
        "turn": "Ann ist dran",
        "sign_with_pin": "Mit PIN unterschreiben",
        "signed": "Ann hat unterschrieben.",
        "status": "Unterschriften: 0 von 2 Spielern.",
        "scratch": "0 gestrichen",
    },
}


def pin_sign_in(page: Page, base_url: str, member: Member, button: str) -> None:
    page.goto(f"{base_url}/signin/")
    page.locator("select[name=member]").select_option(str(member.pk))
    page.locator("input[name=pin]").fill(PIN)
    page.get_by_role("button", name=button, exact=True).click()
    expect(page.locator("nav .navbar-text")).to_have_text(member.known_as)


@pytest.mark.parametrize("language", ["da", "de"])
def test_the_scorer_plays_a_turn_and_signs_in_their_language(
    live_server: LiveServer, tablet_page: Page, ann: Member, language: str
) -> None:
    words = WORDS[language]
    remember_language(member=ann, language=language)
    page = tablet_page
    game = start_game(
        in_club=the_club(),
        ruleset="balut",
        seats=[Seat(member=ann), Seat(guest_name="Zed")],
        scorer=ann,
        created_by=ann.user,
    )
    # The tablet's browser asks for English (the sign-in page is English); the scorer's own
    # choice wins once they sign in.
    pin_sign_in(page, live_server.url, ann, "Sign in")
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#turn-heading")).to_have_text(words["turn"])
    assert play_five_dice_turn(page, "44412", "fours").status == 200
    expect(page.locator("#turn-heading")).to_contain_text("Zed")
    assert Turn.objects.filter(game=game).count() == 1
    # Zed's dice, not recorded: a box they would score nothing in previews it in words.
    turn = page.locator("[data-five-dice-turn]")
    tap_dice(page, turn, "44412")
    expect(turn.locator("[data-box='sixes'] [data-score]")).to_have_text(words["scratch"])
    shot(page, f"languages-turn-{language}-ipad")

    finished = finished_game(ann)
    page.goto(f"{live_server.url}/games/{finished.pk}/sign/")
    expect(page.locator("#signed-status")).to_contain_text(words["status"])
    panel = page.locator("[data-sign-panel]", has_text="Ann").first
    panel.locator("input[name=pin]").fill(PIN)
    panel.get_by_role("button", name=words["sign_with_pin"]).click()
    page.wait_for_url(re.compile(rf"/games/{finished.pk}/sign/$"))
    expect(page.get_by_role("alert").first).to_have_text(words["signed"])
    assert Signature.objects.filter(player__game=finished, player__name="Ann").exists()
    shot(page, f"languages-signed-{language}-ipad")
