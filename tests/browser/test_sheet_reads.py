"""The tablet's sheet reads as played (issue 24): empty cells look empty, a claimed jackpot's
minus is "for now" while the game runs, and the last turn's flash gives way to the banner."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Game, Member
from scoring.services.members import remember_language
from tests.browser.pages import play_five_dice_turn, shot, start_game_of_two
from tests.scoring.services.helpers import fill_game

pytestmark = pytest.mark.browser


def test_before_anyone_has_thrown_the_sheet_shows_no_sums_or_points(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    start_game_of_two(page, live_server.url, "balut", ann, ben)
    sheet = page.locator("#sheet")
    expect(sheet.locator(".row-total, .row-points")).to_have_count(0)
    for name in ("Ann", "Ben"):
        for figure in ("total", "points", "rank"):
            expect(sheet.locator(f"[data-{figure}='{name}']")).to_have_text("")
    shot(page, "sheet-empty-before-the-first-throw")
    assert play_five_dice_turn(page, "44412", "fours").status == 200
    expect(sheet.locator("[data-total='Ann']")).to_have_text("12")
    expect(sheet.locator("[data-total='Ben']")).to_have_text("")
    expect(sheet.locator(".row-total")).to_have_text(["= 12"])


@pytest.mark.parametrize(
    ("language", "words"), [("en", "-4 bonus for now"), ("de", "-4 Bonus vorerst")]
)
def test_a_claimed_jackpots_minus_reads_for_now_while_the_game_runs(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member, language: str, words: str
) -> None:
    page = tablet_page
    remember_language(member=ann, language=language)
    start_game_of_two(page, live_server.url, "jackpot", ann, ben)
    assert play_five_dice_turn(page, "55551", "fives_jackpot").status == 200
    badge = page.locator("#sheet tr[data-row='fives_jackpot'] td[data-player-col='0'] .row-points")
    expect(badge).to_have_text(words)
    shot(page, f"sheet-jackpot-for-now-{language}")


def test_the_last_turns_flash_gives_way_to_the_winner_banner(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "bar", ann, ben)
    fill_game(Game.objects.get(pk=game_id), leave=1)
    page.reload()
    assert play_five_dice_turn(page, "66666", "balut").status == 200
    expect(page.locator("#winner-banner")).to_be_visible()
    expect(page.locator("#notice")).to_have_count(0)
    shot(page, "winner-banner-without-flash")
