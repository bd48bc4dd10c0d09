"""A cup on the tablet: the secretary draws five teams (previewed, then made), the round-one
match is started from the bracket and both captains sign its card by PIN, and its winner
stands in the next round; the bracket is read in English, Danish and German."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from teams.models import CupTie, Match
from tests.browser.pages import PIN, shot
from tests.browser.test_downloads import signed_in_as_secretary
from tests.teams.helpers import cup_of, finish_games, tie_fixture

pytestmark = pytest.mark.browser

# What each language calls the rounds of a cup of five, and a bye.
WORDS = {
    "en": ("Quarter-finals", "Semi-finals", "Final", "Bye"),
    "da": ("Kvartfinaler", "Semifinaler", "Finale", "Oversidder"),
    "de": ("Viertelfinale", "Halbfinale", "Finale", "Freilos"),
}


def test_the_secretary_draws_a_cup_of_five_and_the_winner_of_round_one_goes_through(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    boss = signed_in_as_secretary(page, live_server.url)
    division, _ = cup_of(boss, 5)

    page.goto(f"{live_server.url}/divisions/{division.pk}/setup/")
    form = page.locator("#cup-draw-form")
    form.locator("input[name=first_round_on]").fill("2026-02-05")
    form.locator("input[name=starts_at]").fill("19:30")
    form.locator("input[name=seeded]").fill("2")
    form.get_by_role("button", name="Preview the draw").click()
    expect(page.locator("[data-preview-tie]")).to_have_count(4)
    expect(page.locator("[data-preview-tie]", has_text="without playing")).to_have_count(3)
    assert not CupTie.objects.exists()
    page.get_by_role("button", name="Make this draw").click()
    expect(page.get_by_role("alert").first).to_contain_text("The cup is drawn.")
    assert CupTie.objects.filter(division=division).count() == 7

    page.goto(f"{live_server.url}/divisions/{division.pk}/bracket/")
    expect(page.locator("[data-round]")).to_have_count(3)
    tie = CupTie.objects.select_related("fixture__home", "fixture__away").get(
        division=division, round=1, bye=False
    )
    fixture = tie_fixture(tie)
    page.locator(f"[data-play='{fixture.pk}']").click()
    page.wait_for_url(re.compile(rf"/fixtures/{fixture.pk}/play/$"))
    page.locator("select[name=home_1]").select_option(str(fixture.home.captain.pk))
    page.locator("select[name=away_1]").select_option(str(fixture.away.captain.pk))
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(fixture=fixture)
    # The table's turns come in as its tablet would send them: the home captain throws better.
    finish_games(match)

    page.goto(f"{live_server.url}/matches/{match.pk}/")
    for side in ("home", "away"):
        card = page.locator(f"[data-side='{side}']")
        card.locator(f"#pin-{side}").fill(PIN)
        card.get_by_role("button", name="Sign the card").click()
        expect(page.locator(f"[data-signed='{side}']")).to_be_visible()

    page.goto(f"{live_server.url}/divisions/{division.pk}/bracket/")
    first_round = page.locator("[data-round='1']")
    expect(first_round.locator(f"[data-team='{fixture.home.pk}'][data-winner]")).to_be_visible()
    expect(
        page.locator("[data-round='2']").locator(f"[data-team='{fixture.home.pk}']")
    ).to_be_visible()
    tie.refresh_from_db()
    assert tie.winner == fixture.home
    shot(page, "cup-bracket-en-ipad")

    for language, (quarters, semis, final, bye) in WORDS.items():
        page.set_extra_http_headers({"Accept-Language": language})
        page.goto(f"{live_server.url}/divisions/{division.pk}/bracket/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        headings = page.locator("[data-round] h2")
        expect(headings).to_have_text([quarters, semis, final])
        expect(first_round.locator("[data-bye]").first).to_contain_text(bye)
        shot(page, f"cup-bracket-{language}-ipad")
