"""The club's site installs as an app: the pages link a manifest named after the club with its
icons, the favicon answers, nothing is fetched from another site, and the installed app's start
page takes a tablet with a game in play straight back into it."""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page, Request, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Member
from tests.browser.pages import start_game_of_two

pytestmark = pytest.mark.browser


def test_the_manifest_and_icons_load_and_nothing_comes_from_outside(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    requested: list[str] = []

    def note(request: Request) -> None:
        requested.append(request.url)

    page.on("request", note)
    start_game_of_two(page, live_server.url, "balut", ann, ben)
    page.goto(f"{live_server.url}/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    assert href is not None
    manifest = page.request.get(urljoin(page.url, href))
    assert manifest.ok
    document = manifest.json()
    assert document["name"] == "Test Balut Club"
    assert document["display"] == "standalone"
    assert document["start_url"] == "/?app"
    assert [icon["sizes"] for icon in document["icons"]] == ["192x192", "512x512"]
    for icon in document["icons"]:
        answer = page.request.get(urljoin(page.url, icon["src"]))
        assert answer.ok
        assert answer.headers["content-type"] == "image/png"
    favicon = page.request.get(f"{live_server.url}/favicon.ico")
    assert favicon.ok
    assert favicon.headers["content-type"] == "image/x-icon"
    assert requested
    outside = [url for url in requested if not url.startswith(live_server.url)]
    assert outside == []


def test_the_installed_app_opens_into_the_game_in_play_and_forgets_one_no_longer_in_play(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    page.goto(f"{live_server.url}/?app")
    page.wait_for_url(re.compile(rf"/games/{game_id}/$"))
    # Without "?app" (the menu's Home) the home page stays.
    page.goto(f"{live_server.url}/")
    expect(page.locator("[data-in-play]")).to_be_attached()
    assert page.url == f"{live_server.url}/"
    # A game the tablet remembers that is no longer at the tables is forgotten, not reopened.
    page.evaluate("localStorage.setItem('balutclub:game-in-play', '/games/999999/')")
    page.goto(f"{live_server.url}/?app")
    expect(page.locator("[data-in-play]")).to_be_attached()
    page.wait_for_function("localStorage.getItem('balutclub:game-in-play') === null")
    assert page.url == f"{live_server.url}/?app"
