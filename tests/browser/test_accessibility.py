"""Everyone can use it: axe-core checks every page of the app, as a visitor, a player and the
secretary, in English, Danish and German, and fails on any serious or critical finding (on
the app's own pages, on any moderate one too).

The pages are the app's GET routes that answer with HTML (tests/test_permissions_matrix.py
lists them all; `test_the_sweep_covers_every_page` keeps this list in step with it), each
opened with the data it shows: a finished and a signed game, games in play of both kinds (the
tablet's pad, which only the scorer sees), a claim, a debt, a historic entry and a season.

axe-core comes from node_modules (a test-only devDependency); it is put into each page by the
test, never served by the app. One browser context a profile and language, kept for all its
pages, keeps the sweep quick.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from pytest_django.fixtures import Settings
from pytest_django.live_server_helper import LiveServer

from tests.browser.pages import shot
from tests.conftest import tablet_context
from tests.scoring.services.helpers import fill_game, new_game, play_boxes, sign_all
from tests.test_permissions_matrix import EXPECTED, build_world, url_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = ("en", "da", "de")
PROFILES = ("visitor", "player", "secretary")
FAILING_IMPACTS = ("serious", "critical")
# The app's own pages are held to moderate findings as well (a page without its <h1>, content
# outside the landmarks); Django's admin sign-in is Django's page, and has no <h1>.
OWN_PAGE_IMPACTS = ("moderate", *FAILING_IMPACTS)

# Routes that answer with something other than a page (files, JSON, scripts, monitoring) or
# only to a POST: nothing for axe to read.
NOT_PAGES = {
    "federation/settings/",
    "federation/clubs/new/",
    "games/<int:game_id>/record.json",
    "games/<int:game_id>/sheet.pdf",
    "sheets/blank.pdf",
    "register/<int:entry_id>/scan/",
    "jsi18n/",
    "healthz",
    "sw.js",
    "signout/",
    # The secretary's password form posts here; the sign-in page (swept) holds the form.
    "signin/password/",
    # A server with a club sends the first run to the list of clubs (swept as "clubs/");
    # tests/browser/test_club_first_day.py walks the page on an empty server.
    "clubs/first-run/",
    "i18n/setlang/",
    "games/<int:game_id>/turns/",
    "register/claims/<int:claim_id>/ratify/",
    "register/claims/<int:claim_id>/reject/",
    "ledger/<int:debt_id>/settle/",
    "ledger/<int:debt_id>/settle/undo/",
    "ledger/<int:debt_id>/write-off/",
    "tournaments/<int:tournament_id>/entrants/",
    "tournaments/<int:tournament_id>/entrants/<int:entrant_id>/drop/",
    "tournaments/<int:tournament_id>/draw/",
    "tournaments/<int:tournament_id>/final/undo/",
    "tournaments/<int:tournament_id>/tables/<int:table_id>/start/",
    "tournaments/<int:tournament_id>/cards.pdf",
    "tournaments/<int:tournament_id>/rounds/<int:number>/sheets.pdf",
    "tournaments/<int:tournament_id>/results.<str:kind>",
    "competitions/<int:competition_id>/calendar.ics",
    "teams/<int:team_id>/calendar.ics",
    "matches/<int:match_id>/card.pdf",
    "matches/<int:match_id>/sign/",
    "matches/<int:match_id>/dispute/",
    "matches/<int:match_id>/concede/",
    "disputes/<int:dispute_id>/resolve/",
    "competitions/<int:competition_id>/divisions/new/",
    "divisions/<int:division_id>/teams/new/",
    "divisions/<int:division_id>/teams/enter/",
    "divisions/<int:division_id>/draw/",
    "divisions/<int:division_id>/cup/draw/",
    "ties/<int:tie_id>/winner/",
    "competitions/<int:competition_id>/enter/",
    "entries/<int:request_id>/decide/",
    "tournaments/<int:tournament_id>/entrants/clubs-apart/",
    "tournaments/<int:tournament_id>/entrants/many/",
    "tournaments/<int:tournament_id>/tables/<int:table_id>/replay/",
    # The installable app's manifest, icons and favicon, and the club's feeds: files, not pages.
    "favicon.ico",
    "icons/192.png",
    "icons/512.png",
    "manifest.webmanifest",
    "feeds/calendar.ics",
    "feeds/results.atom",
}


@dataclass(frozen=True)
class Sweep:
    """The pages a profile opens: (name, path) in order."""

    pages: list[tuple[str, str]]
    users: dict[str, User | None]


def build_club(media: Path) -> Sweep:
    """The permission matrix's club (Dee scores a finished bar game with a claim and a debt,
    Eli is a member, the secretary keeps the books), with a signed game and games in play of
    both kinds, all scored by Dee."""
    world = build_world(media)
    signed = new_game("bar", ("Dee", "Eli"))
    fill_game(signed)
    sign_all(signed)
    five_dice = new_game("balut", ("Dee", "Eli"))
    play_boxes(five_dice, [("fours", "44412"), ("fives", "55531")])
    barbut = new_game("barbut4", ("Dee", "Eli"))
    signed.refresh_from_db()
    assert signed.verification_code
    values = {**world.kwargs, "code": signed.verification_code}
    pages = [
        (route or "home", url_of(route, values))
        for route in sorted(EXPECTED)
        if route not in NOT_PAGES
    ]
    pages += [
        ("game in play: five dice", f"/games/{five_dice.pk}/"),
        ("game in play: Barbut", f"/games/{barbut.pk}/"),
        ("signed game", f"/games/{signed.pk}/"),
        ("signed sheet", f"/games/{signed.pk}/sign/"),
        ("admin sign-in", "/admin/login/"),
    ]
    users = world.users
    return Sweep(
        pages=pages,
        users={"visitor": None, "player": users["scorer"], "secretary": users["secretary"]},
    )


@pytest.fixture
def media(settings: Settings, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def language_context(
    playwright: Playwright, browser: Browser, live_server: LiveServer
) -> Iterator[tuple[BrowserContext, str]]:
    # axe-core is the test's own script, added inline: the app's Content-Security-Policy would
    # refuse it, as it refuses any inline script (tests/browser/test_content_security_policy.py).
    context = tablet_context(playwright, browser, bypass_csp=True)
    yield context, live_server.url
    context.close()


def signed_in(context: BrowserContext, base_url: str, user: User | None, language: str) -> None:
    """The context holds the language's cookie and, for a profile, a session of its user."""
    cookies = [{"name": django_settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base_url}]
    if user is not None:
        client = Client()
        client.force_login(user)
        session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
        cookies.append(
            {"name": django_settings.SESSION_COOKIE_NAME, "value": session, "url": base_url}
        )
    context.add_cookies(cookies)  # type: ignore[arg-type]


AXE_RUN = """async () => {
    const result = await axe.run(document, {resultTypes: ['violations']});
    return result.violations
        .filter(v => IMPACTS.includes(v.impact))
        .map(v => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map(n => n.target.join(' ') + ': ' + (n.failureSummary || '')),
        }));
}"""


def findings(page: Page, impacts: tuple[str, ...]) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands, one line a node."""
    page.add_script_tag(path=str(AXE))
    script = AXE_RUN.replace("IMPACTS", repr(list(impacts)))
    return [
        f"{v['impact']} {v['id']} ({v['help']}): {node}"
        for v in page.evaluate(script)
        for node in v["nodes"]
    ]


def test_the_sweep_covers_every_page() -> None:
    routes = {route for route in EXPECTED if route not in NOT_PAGES}
    assert "games/<int:game_id>/sign/" in routes and "board/" in routes
    assert set(EXPECTED) >= NOT_PAGES, "a route left out of the sweep no longer exists"


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_has_a_serious_or_critical_accessibility_finding(
    language_context: tuple[BrowserContext, str], media: Path, profile: str, language: str
) -> None:
    context, base_url = language_context
    sweep = build_club(media)
    signed_in(context, base_url, sweep.users[profile], language)
    page = context.new_page()
    report: dict[str, list[str]] = {}
    swept = 0
    for name, path in sweep.pages:
        response = page.goto(base_url + path)
        assert response is not None
        if response.status != 200 or not page.url.startswith(base_url + path):
            continue  # refused or sent to sign in: that page is swept in its own right
        assert page.locator("html").get_attribute("lang") == language or "admin" in path
        swept += 1
        found = findings(page, FAILING_IMPACTS if "admin" in path else OWN_PAGE_IMPACTS)
        if found:
            report[f"{name} ({path})"] = found
    if profile == "secretary" and language == "en":
        shot(page, "accessibility-last-page")
    assert swept >= {"visitor": 12, "player": 16, "secretary": 30}[profile]
    assert not report, "\n".join(
        f"{where}:\n  " + "\n  ".join(lines) for where, lines in report.items()
    )
