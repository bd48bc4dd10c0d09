"""The secretary prints a club night on the iPad: the page counts the sheets, the PDF is saved,
and the page says so in the reader's language, not an error after a download that worked."""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Playwright, expect
from pypdf import PdfReader
from pytest_django.live_server_helper import LiveServer

from scoring.models import Member
from tests.browser.pages import shot
from tests.browser.test_accessibility import signed_in
from tests.browser.test_signing import finished_game
from tests.conftest import tablet_context
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.browser

# The file is named in the language of its sheets: the club's (English here) unless the form
# asks for another, whatever language the page is read in.
FILE = "balutclub-club-night-{day}.pdf"
DONE = {
    "en": "Done: 2 sheets in {file}.",
    "da": "Færdig: 2 skemaer i {file}.",
    "de": "Fertig: 2 Blätter in {file}.",
}


@pytest.fixture
def context(playwright: Playwright, browser: Browser) -> Iterator[BrowserContext]:
    context = tablet_context(playwright, browser)
    yield context
    context.close()


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_the_secretary_prints_a_club_night_and_the_page_says_it_is_saved(
    live_server: LiveServer, context: BrowserContext, ann: Member, language: str
) -> None:
    finished_game(ann)
    finished_game(ann)
    day = timezone.localdate().isoformat()
    signed_in(context, live_server.url, secretary(), language)
    page = context.new_page()
    page.goto(f"{live_server.url}/sheets/club-night/")
    page.locator("input[name=date_from]").fill(day)
    page.locator("input[name=date_to]").fill(day)
    expect(page.locator("#club-night-form")).to_have_attribute("data-script-ready", "")

    with page.expect_download() as saving:
        page.locator("#club-night-print").click()
    download = saving.value

    file = FILE.format(day=day)
    expect(page.locator("#club-night-done")).to_have_text(DONE[language].format(file=file))
    expect(page.locator("#club-night-error")).to_have_count(0)
    expect(page.locator("#club-night-print")).to_be_enabled()
    shot(page, f"club-night-printed-{language}")
    assert download.suggested_filename == file
    path = download.path()
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(PdfReader(BytesIO(data)).pages) == 2
