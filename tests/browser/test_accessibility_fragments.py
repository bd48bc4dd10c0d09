"""The fragments htmx swaps into pages, read by axe-core as a reader meets them: inside the app's
page, with its styles. tests/browser/test_accessibility.py sweeps every page by address; this
module asks every one of those addresses again as htmx does (HX-Request), keeps the answers
that are fragments rather than whole pages (the board's refresh, a member's older games, a
game's panels, a seat's search), sets each into the club's home page in place of its <main>,
and holds it to the same serious and critical findings, in three languages.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from pytest_django.fixtures import Settings
from pytest_django.live_server_helper import LiveServer

from scoring.forms.seats import find_field
from tests.browser.test_accessibility import (
    FAILING_IMPACTS,
    LANGUAGES,
    build_club,
    findings,
    signed_in,
)
from tests.conftest import tablet_context
from tests.factories import other_club, the_club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A fragment asked for as its page asks, beyond the addresses of the page sweep: the seat's
# search as the secretary types "ott" into the second seat.
ASKED_AS_THE_PAGES_ASK = (("seat search", f"/games/new/visitors/?seat=1&{find_field(1)}=ott"),)
# At least this many fragments answer (a sweep that finds none proves nothing): the board, a
# member's games, a game's rating panel, and for a member of the club the seat's search.
FEWEST_FRAGMENTS = {"player": 4, "secretary": 3}

SET_INTO_MAIN = """html => {
    const main = document.querySelector('main') || document.body;
    main.innerHTML = html;
}"""


@pytest.fixture
def media(settings: Settings, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def context(playwright: Playwright, browser: Browser) -> Iterator[BrowserContext]:
    # axe-core is added inline, which the app's Content-Security-Policy refuses.
    context = tablet_context(playwright, browser, bypass_csp=True)
    yield context
    context.close()


def fragment_of(page: Page, url: str) -> str | None:
    """The answer to htmx's request for `url`, when it is a fragment (not a whole page)."""
    response = page.request.get(url, headers={"HX-Request": "true"}, max_redirects=0)
    if response.status != 200 or "text/html" not in response.headers.get("content-type", ""):
        return None
    body = response.text()
    return None if "<html" in body[:500].lower() or not body.strip() else body


@pytest.mark.parametrize("profile", ["player", "secretary"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_fragment_has_a_serious_or_critical_accessibility_finding(
    context: BrowserContext, live_server: LiveServer, media: Path, profile: str, language: str
) -> None:
    sweep = build_club(media)
    # A second club on the server, so the seat's search for members of other clubs is offered;
    # the club's addresses are then under its own prefix.
    other_club()
    base_url = f"{live_server.url}/c/{the_club().slug}"
    signed_in(context, live_server.url, sweep.users[profile], language)
    page = context.new_page()
    report: dict[str, list[str]] = {}
    read = []
    for name, path in [*sweep.pages, *ASKED_AS_THE_PAGES_ASK]:
        fragment = fragment_of(page, base_url + path)
        if fragment is None:
            continue
        page.goto(base_url + "/")
        page.evaluate(SET_INTO_MAIN, fragment)
        read.append(name)
        found = findings(page, FAILING_IMPACTS)
        if found:
            report[f"{name} ({path})"] = found
    assert len(read) >= FEWEST_FRAGMENTS[profile], read
    assert not report, "\n".join(
        f"{where}:\n  " + "\n  ".join(lines) for where, lines in report.items()
    )
