"""A member of a second club of the server at the club's tournament, on the iPad: the
secretary enters her from the other club's group, keeps each club apart in one click, starts
her table from the draw, and once the game is played she stands in the day's standings with
her club named."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.services.members import create_member
from tests.browser.pages import PIN, shot
from tests.browser.test_downloads import signed_in_as_secretary
from tests.browser.test_tournament_day import enter
from tests.factories import other_club, the_club
from tests.scoring.services.helpers import fill_game
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.browser

HOME = ("Ann", "Ben", "Cy", "Dee")
# The day's page read in each language: its standings, its entrants and the one-click button.
WORDS = {
    "da": ("Stilling", "Deltagere", "Hold hver klub adskilt"),
    "de": ("Tabelle", "Teilnehmer", "Jeden Club getrennt setzen"),
}


def test_a_member_of_another_club_plays_the_day_and_stands_with_her_club(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    for name in HOME:
        create_member(in_club=the_club(), name=f"{name} Member", known_as=name, pin=PIN)
    bea = create_member(in_club=other_club(), name="Beatrix Holm", known_as="Bea", pin=PIN)
    signed_in_as_secretary(page, live_server.url)
    club = f"{live_server.url}/c/club"

    page.goto(f"{club}/tournaments/")
    form = page.locator("#new-tournament")
    form.locator("input[name=name]").fill("Open night")
    form.locator("input[name=starts_on]").fill("2026-11-27")
    form.locator("input[name=ends_on]").fill("2026-11-27")
    form.locator("select[name=ruleset]").select_option("bar")
    form.locator("input[name=table_size]").fill("5")
    form.locator("input[name=rounds]").fill("1")
    form.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Open night")).to_be_visible()

    # The other club's members are a group of their own in the list.
    group = page.locator('#enter optgroup[label="Other Balut Club"]')
    expect(group.locator("option")).to_have_text(["Bea"])
    for name in HOME:
        enter(page, member=name)
    enter(page, member="Bea")
    expect(page.locator("#entrants")).to_contain_text("Bea (Other Balut Club)")
    page.locator("#clubs-apart").get_by_role("button", name="Keep each club apart").click()
    expect(page.get_by_text("1 member now kept apart from their clubmates")).to_be_visible()

    page.locator("#draw").click()
    expect(page.get_by_text("Drawn: round 1.")).to_be_visible()
    card = page.locator("#round-1 [data-table]")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("Bea (Other Balut Club)")
    card.get_by_role("button", name="Start this table's game").click()
    expect(page).to_have_url(re.compile(r"/c/club/games/\d+/$"))

    table = Table.objects.get(round__tournament=Tournament.objects.get())
    assert table.game is not None
    assert table.game.players.get(name="Bea").member == bea
    fill_game(table.game)
    page.goto(f"{club}/tournaments/{table.round.tournament_id}/")

    standings = page.locator("#standings tbody tr")
    expect(standings).to_have_count(5)
    bea_row = standings.filter(has_text="Bea")
    expect(bea_row).to_contain_text("Bea (Other Balut Club)")
    expect(bea_row.locator("td").last).to_have_text("1")
    shot(page, "tournament-visitor")

    # A Danish and a German secretary read the same day: Bea still stands with her club.
    for language, (standings_word, entrants_word, apart) in WORDS.items():
        page.set_extra_http_headers({"Accept-Language": language})
        page.goto(f"{club}/tournaments/{table.round.tournament_id}/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.get_by_role("heading", name=standings_word, exact=True)).to_be_visible()
        expect(page.get_by_role("heading", name=entrants_word, exact=True)).to_be_visible()
        expect(page.get_by_role("button", name=apart)).to_be_visible()
        bea_row = page.locator("#standings tbody tr").filter(has_text="Bea")
        expect(bea_row).to_contain_text("Bea (Other Balut Club)")
        shot(page, f"tournament-visitor-{language}")
