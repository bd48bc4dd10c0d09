"""On the iPad, a signed-in member finds a member of another club for a seat by typing a few
letters of their name: the seat's list gains them (htmx), they are chosen, type their own PIN
at the tablet, and the game starts with them. In each of the app's languages (the search's
placeholder is read). The other club shows its members to visitors: a club that does not is
never searched (tests/clubs/test_isolation_people.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Game, PublicArea
from scoring.services.members import create_member
from tests.browser.pages import PIN, shot
from tests.browser.test_two_clubs import signed_in, tablet
from tests.browser.test_two_clubs import tablets as tablets  # noqa: F401 (registers the fixture)
from tests.clubs.test_isolation_people import open_to_visitors
from tests.factories import other_club, the_club

pytestmark = pytest.mark.browser

PLACEHOLDER = {
    "en": "Other clubs",
    "da": "Andre klubber",
    "de": "Andere Clubs",
}


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_a_member_finds_a_visitor_by_name_and_seats_them(
    live_server: LiveServer,
    playwright: Playwright,
    browser: Browser,
    tablets: list[BrowserContext],
    transactional_db: None,
    language: str,
) -> None:
    ann = create_member(in_club=the_club(), name="Ann Larsen", known_as="Ann", pin=PIN)
    bea = create_member(in_club=other_club(), name="Beatrix Holm", known_as="Bea", pin=PIN)
    create_member(in_club=other_club(), name="Cy Dahl", known_as="Cy", pin=PIN)
    open_to_visitors(other_club(), PublicArea.MEMBERS)
    page = signed_in(tablet(playwright, browser, tablets, language), live_server.url, ann.user)
    page.goto(f"{live_server.url}/c/{the_club().slug}/games/new/")
    seat = page.locator("select[name=player_1_member]")
    search = page.locator("input[name=player_1_find]")
    expect(search).to_have_attribute("placeholder", PLACEHOLDER[language])
    expect(seat.locator("option", has_text="Bea")).to_have_count(0)

    search.fill("holm")

    found = page.locator("select[name=player_1_member] option", has_text="Bea")
    expect(found).to_have_count(1)
    expect(page.locator("select[name=player_1_member] option", has_text="Cy")).to_have_count(0)
    shot(page, f"visitor-search-{language}")
    page.locator("select[name=player_1_member]").select_option(str(bea.pk))
    page.locator("select[name=player_0_member]").select_option(str(ann.pk))
    page.locator("select[name=scorer]").select_option(str(ann.pk))
    # Bea is another club's: she types her PIN, or she would play as a guest by name.
    page.locator("input[name=player_1_pin]").fill(PIN)
    page.locator("form button[type=submit].btn-warning").click()
    page.wait_for_url(re.compile(r".*/games/\d+/$"))
    game = Game.objects.get(club=the_club())
    assert game.players.get(seat=1).member == bea
