"""The header on a 1440px screen: the secretary's whole menu on one line in every language,
their pages one keyboard step away, and a language button that looks like one (its text and
its border measured against the page)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.pages import shot
from tests.browser.test_keyboard import contrast, tab_to
from tests.scoring.services.helpers import secretary

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The tops of the header's pieces (brand, links, who is signed in, the language form).
TOPS = """() => [...document.querySelectorAll(
    'nav .navbar-brand, nav .container-fluid > .navbar-nav > .nav-link, nav .nav-menu,'
    + ' nav .navbar-text, nav form')].map(e => Math.round(e.getBoundingClientRect().top))"""
BUTTON = """() => {
    const b = document.querySelector('#language-switcher button');
    const s = getComputedStyle(b);
    return {text: s.color, border: s.borderTopColor, background: s.backgroundColor,
            opacity: s.opacity, disabled: b.disabled};
}"""


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_the_secretarys_header_keeps_to_one_line_at_1440px(
    live_server: LiveServer, browser: Browser, language: str
) -> None:
    boss = secretary()
    boss.is_staff = True  # the longest header: the Admin link too
    boss.save()
    client = Client()
    client.force_login(boss)
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            },
            {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url},
        ]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/")

    tops = page.evaluate(TOPS)
    assert len(tops) >= 8 and max(tops) - min(tops) <= 4, tops
    button = page.evaluate(BUTTON)
    assert not button["disabled"] and button["opacity"] == "1"
    assert contrast(button["text"], "rgb(0, 0, 0)") >= 4.5
    assert contrast(button["border"], "rgb(0, 0, 0)") >= 3

    tab_to(page, "#nav-secretary > summary")
    page.keyboard.press("Enter")
    audit = page.locator("#nav-audit")
    expect(audit).to_be_visible()
    tab_to(page, "#nav-audit")
    shot(page, f"header-1440-{language}")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/audit/")
    context.close()
