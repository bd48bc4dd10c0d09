"""The tablet works under the Content-Security-Policy: playing a turn and signing a sheet (by
PIN and by a drawing) make the browser refuse nothing. Every refusal is caught twice: the
page's securitypolicyviolation events (recorded by a script Playwright adds, which the policy
does not govern) and chromium's console report ("Refused to ... Content Security Policy")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from playwright.sync_api import ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Member
from tests.browser.pages import PIN, play_five_dice_turn, start_game_of_two
from tests.browser.test_signing import draw, finished_game
from tests.scoring.services.helpers import scorer_of

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', event => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


@dataclass
class Violations:
    page: Page
    console: list[str] = field(default_factory=list)

    def all(self) -> list[str]:
        events = self.page.evaluate("window.cspViolations || []")
        return [*self.console, *events]


@pytest.fixture
def violations(tablet_page: Page) -> Iterator[Violations]:
    found = Violations(tablet_page)

    def listen(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            found.console.append(message.text)

    tablet_page.on("console", listen)
    tablet_page.add_init_script(RECORD_VIOLATIONS)
    yield found


def test_the_listener_sees_a_refused_inline_script(
    live_server: LiveServer, tablet_page: Page, violations: Violations
) -> None:
    """What makes the other tests mean something: an inline script is refused, and seen."""
    answer = tablet_page.goto(f"{live_server.url}/signin/")
    assert answer is not None
    assert answer.headers["content-security-policy"] == settings.CONTENT_SECURITY_POLICY

    with pytest.raises(Exception, match="Content Security Policy|Refused"):
        tablet_page.add_script_tag(content="window.injected = true;")

    tablet_page.wait_for_function("window.cspViolations.length > 0")
    assert tablet_page.evaluate("window.injected === undefined")
    assert any("script-src" in violation for violation in violations.all())


def test_playing_turns_on_the_tablet_breaks_no_policy(
    live_server: LiveServer, tablet_page: Page, violations: Violations, ann: Member, ben: Member
) -> None:
    page = tablet_page
    start_game_of_two(page, live_server.url, "balut", ann, ben)

    play_five_dice_turn(page, "66661", "sixes")
    play_five_dice_turn(page, "44412", "fours")

    expect(page.locator("#play")).to_have_attribute("data-turn", "2")
    assert violations.all() == []


def test_signing_a_sheet_by_pin_and_by_drawing_breaks_no_policy(
    live_server: LiveServer, tablet_page: Page, violations: Violations, ann: Member
) -> None:
    page = tablet_page
    game = finished_game(ann)
    assert scorer_of(game) == ann.user
    page.goto(f"{live_server.url}/signin/?next=/games/{game.pk}/sign/")
    page.locator("select[name=member]").select_option(str(ann.pk))
    page.locator("input[name=pin]").fill(PIN)
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.wait_for_url(re.compile(rf"/games/{game.pk}/sign/$"))

    ann_panel = page.locator("[data-sign-panel]", has_text="Sign as Ann")
    ann_panel.locator("input[name=pin]").fill(PIN)
    ann_panel.get_by_role("button", name="Sign with PIN").click()
    expect(page.get_by_role("alert").first).to_have_text("Ann has signed.")
    zed_panel = page.locator("[data-sign-panel]", has_text="Sign as Zed")
    draw(page, zed_panel.locator("canvas[data-pad]"))
    zed_panel.get_by_role("button", name="Sign as Zed").click()

    expect(page.locator('[data-signature-row="Zed"] img.signature-image')).to_be_visible()
    assert violations.all() == []


def test_the_other_scripted_pages_break_no_policy(
    live_server: LiveServer, tablet_page: Page, violations: Violations, ann: Member
) -> None:
    """The start form, a finished game's sheet, the player page with its charts, the records
    and the TV board (htmx polling without base.html)."""
    page = tablet_page
    game = finished_game(ann)
    for path in (
        "/",
        "/games/new/",
        f"/games/{game.pk}/",
        f"/players/{ann.pk}/",
        "/records/",
        "/board/",
    ):
        answer = page.goto(f"{live_server.url}{path}")
        assert answer is not None and answer.status == 200, path
        page.wait_for_load_state("load")
        assert violations.all() == [], path
    expect(page.locator("body.board")).to_be_visible()


def test_the_secretarys_admin_pages_break_no_policy(
    live_server: LiveServer, tablet_page: Page, violations: Violations, ann: Member
) -> None:
    page = tablet_page
    User.objects.create_superuser(username="boss", password="the-secretarys-password")
    page.goto(f"{live_server.url}/admin/login/?next=/admin/")
    page.locator("input[name=username]").fill("boss")
    page.locator("input[name=password]").fill("the-secretarys-password")
    page.locator("input[type=submit]").click()
    page.wait_for_url(re.compile(r"/admin/$"))
    for path in ("/admin/", "/admin/scoring/member/", f"/admin/scoring/member/{ann.pk}/change/"):
        answer = page.goto(f"{live_server.url}{path}")
        assert answer is not None and answer.status == 200, path
        page.wait_for_load_state("load")
        assert violations.all() == [], path
