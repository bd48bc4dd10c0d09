"""Two clubs side by side on one server, on the iPad, in each of the app's languages: each
club's secretary sees only their club's games and settings, a house setting changed in one
club leaves the other's as it was, and a person in both clubs signs in to each with their PIN.
The test reads what the user reads: the page's own words in the reader's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Club, Role
from clubs.services import join_club
from league.models import ClubSettings
from scoring.services.members import create_member
from tests.browser.pages import PIN, shot
from tests.browser.test_languages import pin_sign_in
from tests.conftest import TABLET
from tests.factories import other_club, start_test_game, the_club

pytestmark = pytest.mark.browser

# What the reader reads, by language: the saved message, the setting's label, two buttons.
WORDS = {
    language: dict(zip(("saved", "hours", "save", "sign_in"), words, strict=True))
    for language, words in (
        (
            "en",
            (
                "The club's settings are saved.",
                "PIN sign-in lasts (hours unused)",
                "Save the settings",
                "Sign in",
            ),
        ),
        (
            "da",
            (
                "Klubbens indstillinger er gemt.",
                "PIN-login varer (timer uden brug)",
                "Gem indstillingerne",
                "Log ind",
            ),
        ),
        (
            "de",
            (
                "Die Einstellungen des Clubs sind gespeichert.",
                "PIN-Anmeldung gilt (Stunden ohne Nutzung)",
                "Die Einstellungen speichern",
                "Anmelden",
            ),
        ),
    )
}


@pytest.fixture
def tablets(playwright: Playwright, browser: Browser) -> Iterator[list[BrowserContext]]:
    contexts: list[BrowserContext] = []
    yield contexts
    for context in contexts:
        context.close()


def tablet(
    playwright: Playwright, browser: Browser, opened: list[BrowserContext], language: str
) -> Page:
    """An iPad whose browser asks for `language` (the page's language when no one chose one)."""
    device = dict(playwright.devices[TABLET])
    device.pop("default_browser_type", None)
    context = browser.new_context(**device, locale=language, reduced_motion="reduce")
    opened.append(context)
    return context.new_page()


def secretary_of(club: Club, username: str) -> User:
    user = User.objects.create_user(username=username, password="balut-secretary")
    join_club(club=club, user=user, role=Role.SECRETARY)
    return user


def signed_in(page: Page, base_url: str, user: User) -> Page:
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": base_url}])
    return page


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_two_clubs_side_by_side_with_their_secretaries_and_a_person_in_both(
    live_server: LiveServer,
    playwright: Playwright,
    browser: Browser,
    tablets: list[BrowserContext],
    transactional_db: None,
    language: str,
) -> None:
    words = WORDS[language]
    north, south = the_club(), other_club()
    ann = create_member(in_club=north, name="Ann Larsen", known_as="Ann", pin=PIN)
    bo = create_member(in_club=south, name="Bo Nielsen", known_as="Bo", pin=PIN)
    dee = create_member(in_club=north, name="Dee Berg", known_as="Dee", pin=PIN)
    join_club(club=south, user=dee.user)
    north_game = start_test_game(ann, "Nora", in_club=north)
    south_game = start_test_game(bo, "Sune", in_club=south)
    north_home = f"{live_server.url}/c/{north.slug}/"
    south_home = f"{live_server.url}/c/{south.slug}/"
    first = signed_in(
        tablet(playwright, browser, tablets, language),
        live_server.url,
        secretary_of(north, "north-secretary"),
    )
    second = signed_in(
        tablet(playwright, browser, tablets, language),
        live_server.url,
        secretary_of(south, "south-secretary"),
    )

    # Each secretary's club page lists their club's game and nothing of the other's.
    first.goto(north_home)
    second.goto(south_home)
    expect(first.locator(".game-list")).to_contain_text("Nora")
    expect(first.locator("main")).not_to_contain_text("Sune")
    expect(second.locator(".game-list")).to_contain_text("Sune")
    expect(second.locator("main")).not_to_contain_text("Nora")
    shot(first, f"two-clubs-north-home-{language}")
    answer = first.goto(f"{north_home}games/{south_game.pk}/")
    assert answer is not None and answer.status == 404
    answer = second.goto(f"{south_home}games/{north_game.pk}/")
    assert answer is not None and answer.status == 404

    # North's secretary changes a house setting; south's page still shows south's own.
    first.goto(f"{north_home}settings/")
    first.get_by_label(words["hours"]).fill("7")
    first.get_by_role("button", name=words["save"]).click()
    expect(first.get_by_role("alert").or_(first.locator(".alert-success"))).to_contain_text(
        words["saved"]
    )
    shot(first, f"two-clubs-north-settings-{language}")
    second.goto(f"{south_home}settings/")
    expect(second.get_by_label(words["hours"])).to_have_value("3")
    assert ClubSettings.objects.get(club=north).pin_session_hours == 7
    assert not ClubSettings.objects.filter(club=south, pin_session_hours=7).exists()
    # Nor may a club's secretary open the other club's settings.
    answer = first.goto(f"{south_home}settings/")
    assert answer is not None
    expect(first.get_by_label(words["hours"])).to_have_count(0)

    # Dee belongs to both: their one PIN signs them in to each club, on its own address.
    tablet_of_dee = tablet(playwright, browser, tablets, language)
    pin_sign_in(tablet_of_dee, north_home.rstrip("/"), dee, words["sign_in"])
    tablet_of_dee.goto(north_home)
    expect(tablet_of_dee.locator(".game-list")).to_contain_text("Nora")
    pin_sign_in(tablet_of_dee, south_home.rstrip("/"), dee, words["sign_in"])
    tablet_of_dee.goto(south_home)
    expect(tablet_of_dee.locator("nav .navbar-text:not(#club-name)")).to_have_text("Dee")
    expect(tablet_of_dee.locator("#club-name")).to_have_text(south.name)
    expect(tablet_of_dee.locator(".game-list")).to_contain_text("Sune")
    expect(tablet_of_dee.locator("main")).not_to_contain_text("Nora")
    shot(tablet_of_dee, f"two-clubs-dee-south-{language}")
