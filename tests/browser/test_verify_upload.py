"""In Debian's chromium on an iPad: a visitor uploads a whole club night's PDF to the verify
page and sees every sheet verified; a sheet with a forged figure drawn over it is refused."""

from __future__ import annotations

import pytest
from playwright.sync_api import FilePayload, Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Game
from scoring.selectors import load_game
from tests.browser.pages import SHOTS
from tests.scoring.services.helpers import fill_game, new_game, sign_all
from tests.scoring.services.real_sheets import club_night_of, sheet_of, white_box_forgery

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def signed(ruleset: str, players: tuple[str, ...] = ("Ann", "Ben")) -> Game:
    game = new_game(ruleset, players)
    fill_game(game)
    sign_all(game)
    return game


def upload(page: Page, url: str, name: str, data: bytes) -> None:
    page.goto(f"{url}/verify/")
    upload: FilePayload = {"name": name, "mimeType": "application/pdf", "buffer": data}
    page.get_by_label("Or upload the PDF").set_input_files(files=[upload])
    page.get_by_role("button", name="Check the PDF").click()


def test_a_club_night_pdf_verifies_sheet_by_sheet(
    live_server: LiveServer, tablet_page: Page
) -> None:
    games = [signed("balut"), signed("bar"), signed("jackpot", ("Ann", "Ben", "Cai"))]

    upload(tablet_page, live_server.url, "club-night.pdf", club_night_of(games))

    verdict = tablet_page.locator("#verdict")
    expect(verdict).to_have_attribute("data-verdict", "accepted")
    expect(verdict).to_contain_text("All 3 sheets match their games as recorded")
    rows = tablet_page.locator("#sheet-verdicts tbody tr")
    expect(rows).to_have_count(3)
    for index, game in enumerate(games):
        row = rows.nth(index)
        expect(row).to_have_attribute("data-sheet-verdict", "accepted")
        expect(row).to_contain_text(f"#{game.pk}")
    expect(tablet_page.locator("#what-was-compared")).to_contain_text("pixel by pixel")
    tablet_page.locator("#sheet-check").screenshot(path=str(SHOTS / "verify-club-night-ipad.png"))

    rows.nth(1).get_by_role("link").click()
    expect(tablet_page.locator("#verdict")).to_have_attribute("data-verdict", "match")


def test_a_sheet_with_a_forged_figure_drawn_over_it_is_refused(
    live_server: LiveServer, tablet_page: Page
) -> None:
    game = signed("balut")
    score = load_game(game).result().players[0].score
    forged = white_box_forgery(sheet_of(game), str(score + 100))

    upload(tablet_page, live_server.url, "forged.pdf", forged)

    verdict = tablet_page.locator("#verdict")
    expect(verdict).to_have_attribute("data-verdict", "refused")
    expect(verdict).to_contain_text("Page 1 does not show what the server draws for this game")
    expect(tablet_page.locator("#what-was-compared")).to_be_visible()
    tablet_page.locator("#sheet-check").screenshot(path=str(SHOTS / "verify-forged-ipad.png"))
