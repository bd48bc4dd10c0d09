"""A 12-player club night of 3 rounds on the iPad, from the draw to the printed results: the
secretary creates the day, enters players (members and guests), draws the tables, starts each
table's game from the draw, and once the games are played reads the standings, the projector,
the table cards and the results PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader
from pytest_django.live_server_helper import LiveServer

from scoring.services.members import create_member
from tests.browser.pages import PIN, shot
from tests.browser.test_downloads import signed_in_as_secretary
from tests.factories import the_club
from tests.scoring.services.helpers import fill_game
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.browser

MEMBERS = ("Ann", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")
GUESTS = ("Ida", "Jon", "Kim", "Lou")


def enter(page: Page, *, member: str = "", guest: str = "", apart: str = "") -> None:
    form = page.locator("#enter")
    if member:
        form.locator("select[name=member]").select_option(label=member)
    if guest:
        form.locator("input[name=guest_name]").fill(guest)
    if apart:
        form.locator("input[name=apart]").fill(apart)
    form.get_by_role("button", name="Enter").click()
    expect(page.locator("#entrants")).to_contain_text(member or guest)


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def download(page: Page, link: str, into: Path) -> Path:
    with page.expect_download() as caught:
        page.locator(link).click()
    path = into / caught.value.suggested_filename
    caught.value.save_as(path)
    return path


def test_a_club_night_from_the_draw_to_the_printed_results(
    live_server: LiveServer, tablet_page: Page, transactional_db: None, tmp_path: Path
) -> None:
    page = tablet_page
    for name in MEMBERS:
        create_member(in_club=the_club(), name=f"{name} Member", known_as=name, pin=PIN)
    signed_in_as_secretary(page, live_server.url)

    page.goto(f"{live_server.url}/tournaments/")
    form = page.locator("#new-tournament")
    form.locator("input[name=name]").fill("Friday club night")
    form.locator("input[name=starts_on]").fill("2026-11-27")
    form.locator("input[name=ends_on]").fill("2026-11-27")
    form.locator("select[name=ruleset]").select_option("bar")
    form.locator("input[name=table_size]").fill("4")
    form.locator("input[name=rounds]").fill("3")
    form.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Friday club night")).to_be_visible()

    # Ann and Ben are sisters: kept apart.
    for name in MEMBERS:
        enter(page, member=name, apart="sisters" if name in ("Ann", "Ben") else "")
    for name in GUESTS:
        enter(page, guest=name)
    page.locator("#draw").click()
    expect(page.get_by_text("Drawn: rounds 1 to 3.")).to_be_visible()
    for number in (1, 2, 3):
        expect(page.locator(f"#round-{number} [data-table]")).to_have_count(3)
    shot(page, "tournament-drawn")

    tournament = Tournament.objects.get()
    for number in (1, 2, 3):
        for table_number in (1, 2, 3):
            card = page.locator(f"#round-{number} [data-table]").nth(table_number - 1)
            card.get_by_role("button", name="Start this table's game").click()
            expect(page).to_have_url(re.compile(r"/games/\d+/$"))
            page.go_back()
            page.reload()
        # The round's games are played on the tablets; here they are played out at once.
        for table in Table.objects.filter(round__tournament=tournament, round__number=number):
            assert table.game is not None
            fill_game(table.game)
        page.reload()
        for table in Table.objects.filter(round__tournament=tournament, round__number=number):
            names = {s.entrant.name for s in table.seats.all()}
            assert not {"Ann", "Ben"} <= names

    assert Table.objects.filter(round__tournament=tournament, game__isnull=True).count() == 0
    standings = page.locator("#standings tbody tr")
    expect(standings).to_have_count(12)
    expect(standings.first.locator("td").last).to_have_text("3")
    shot(page, "tournament-standings")

    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/projector/")
    expect(page.locator("#projector-round")).to_have_text("Round 3 of 3")
    expect(page.locator("#projector-standings tbody tr")).to_have_count(12)
    page.go_back()

    cards = download(page, "#cards-pdf", tmp_path)
    results = download(page, "#results-pdf", tmp_path)
    assert "Round 3 · Table 3" in pdf_text(cards)
    text = pdf_text(results)
    assert "Friday club night" in text
    assert all(name in text for name in MEMBERS + GUESTS)
