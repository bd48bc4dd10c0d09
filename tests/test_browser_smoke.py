"""A real tablet-sized Chromium opens the home page with Bootstrap and htmx working."""

import pytest
from playwright.sync_api import Page, Response
from pytest_django.live_server_helper import LiveServer

from tests.browser.pages import SHOTS
from tests.factories import the_club

SCREENSHOT = SHOTS / "home-ipad.png"


@pytest.mark.browser
def test_the_home_page_opens_on_a_tablet_with_bootstrap_and_htmx(
    live_server: LiveServer, tablet_page: Page
) -> None:
    failed: list[str] = []

    def remember_failures(response: Response) -> None:
        if response.status >= 400:
            failed.append(f"{response.status} {response.url}")

    tablet_page.on("response", remember_failures)
    response = tablet_page.goto(live_server.url + "/")
    assert response is not None and response.status == 200
    tablet_page.wait_for_load_state("load")
    SHOTS.mkdir(parents=True, exist_ok=True)
    tablet_page.screenshot(path=str(SCREENSHOT), full_page=True)

    assert failed == []
    # The club's own name, not the app's (issue 36).
    assert tablet_page.title() == the_club().name
    assert tablet_page.get_by_role("heading", name=the_club().name).is_visible()

    # Bootstrap's rules are in effect: its stylesheet parsed and the navbar is a flex row.
    bootstrap_rules = tablet_page.evaluate(
        """() => [...document.styleSheets]
            .filter(s => (s.href || "").includes("/static/vendor/bootstrap/"))
            .reduce((n, s) => n + s.cssRules.length, 0)"""
    )
    assert bootstrap_rules > 1000
    assert tablet_page.locator("nav.navbar").evaluate("e => getComputedStyle(e).display") == "flex"

    # Dark theme: near-black page, light text.
    assert tablet_page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"
    assert tablet_page.evaluate("getComputedStyle(document.body).color") == "rgb(245, 245, 245)"

    # Touch targets are at least 48px tall.
    brand_height = tablet_page.locator(".navbar-brand").evaluate(
        "e => e.getBoundingClientRect().height"
    )
    assert brand_height >= 48

    assert tablet_page.evaluate("typeof window.htmx") == "object"
    assert SCREENSHOT.stat().st_size > 0
