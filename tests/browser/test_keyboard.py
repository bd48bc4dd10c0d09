"""The tablet with a keyboard alone: the first Tab skips to the pad, a turn is keyed in, focus
stays on the pad from turn to turn (and in Barbut from throw to throw), every control shows a
focus ring of at least 3:1 against the page, and a guest signs the sheet by typing their name.

Focus rings are measured, not looked at: the ring's colour against the colour it stands on
(WCAG 2.x relative luminance), for whatever the keyboard reaches."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Member, Signature
from scoring.services.games import Seat, start_game
from tests.browser.pages import TURNS_URL, shot, sign_in
from tests.browser.test_signing import finished_game
from tests.factories import the_club

pytestmark = pytest.mark.browser

# Focus, the ring of the focused element and what it stands on: the first background colour
# that is not see-through, from the element's parent outwards (the ring is drawn 2px outside
# the element, on its parent). Colours as Chromium computes them: "rgb(r, g, b)".
FOCUSED = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    let behind = 'rgb(0, 0, 0)';
    for (let up = el.parentElement; up; up = up.parentElement) {
        const bg = getComputedStyle(up).backgroundColor;
        if (bg && bg !== 'transparent' && !/, 0\\)$/.test(bg)) { behind = bg; break; }
    }
    return {
        name: (el.getAttribute('aria-label') || el.textContent || el.name || el.tagName).trim(),
        inPad: Boolean(el.closest('#turn-panel')),
        outline: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        ring: style.outlineColor,
        behind: behind,
    };
}"""


def luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of "rgb(r, g, b)" or "rgba(r, g, b, a)"."""
    channels = [int(part) / 255 for part in re.findall(r"\d+", colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_worked_out_as_wcag_does() -> None:
    assert round(contrast("rgb(255, 255, 255)", "rgb(0, 0, 0)"), 1) == 21.0
    # The language button's grey as it was, on the page's black: axe-core's "4.47:1" (it cuts
    # the figure off where this rounds it), short of 4.5:1.
    assert 4.47 <= contrast("rgb(108, 117, 125)", "rgb(0, 0, 0)") < 4.5
    assert round(contrast("rgb(255, 213, 74)", "rgb(0, 0, 0)"), 1) == 14.9


def focused(page: Page) -> dict[str, object] | None:
    return page.evaluate(FOCUSED)


def ring_shown(page: Page) -> float:
    """The focused element's ring contrast against what it stands on; fails if it has none."""
    now = focused(page)
    assert now is not None, "focus is on the page's body"
    assert now["outline"] != "none" and float(str(now["width"])) >= 2, now
    return contrast(str(now["ring"]), str(now["behind"]))


def tab_to(page: Page, selector: str, *, most: int = 80, back: bool = False) -> None:
    """Tab (or Shift+Tab) until the focused element matches `selector`."""
    for _ in range(most):
        if page.evaluate("s => Boolean(document.activeElement?.matches(s))", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{selector} was not reached in {most} presses of Tab")


def focus_in_pad(page: Page, selector: str = "") -> None:
    """Wait until focus is on the pad (on `selector` within it, if given)."""
    page.wait_for_function(
        "s => Boolean(document.activeElement?.closest('#turn-panel'))"
        " && (!s || document.activeElement.matches(s))",
        arg=selector,
    )


def key_in(page: Page, selector: str) -> None:
    tab_to(page, selector)
    page.keyboard.press("Enter")


def test_the_first_tab_skips_to_the_pad_and_turns_are_keyed_in_with_focus_kept_on_the_pad(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game = start_game(
        in_club=the_club(),
        ruleset="balut",
        seats=[Seat(member=ann), Seat(member=ben)],
        scorer=ann,
        created_by=ann.user,
    )
    sign_in(page, live_server.url, ann)
    page.goto(f"{live_server.url}/games/{game.pk}/")

    page.keyboard.press("Tab")
    skip = page.locator("[data-skip-to-pad]")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    shot(page, "keyboard-skip-link")
    page.keyboard.press("Enter")
    focus_in_pad(page, "[data-face='1']")

    rings = {}
    for face in "44412":
        key_in(page, f"[data-face='{face}']")
        rings[f"face {face}"] = ring_shown(page)
    expect(page.locator("[data-five-dice-turn] [data-slot]")).to_have_text(list("44412"))
    tab_to(page, "[data-log-cocked]", back=True)
    rings["Cocked"] = ring_shown(page)
    tab_to(page, "[data-box='fours']")
    rings["Fours"] = ring_shown(page)
    shot(page, "keyboard-box-focused")
    page.keyboard.press("Enter")
    dialog = page.locator("dialog[data-confirm]")
    expect(dialog).to_be_visible()
    tab_to(page, "[data-confirm-ok]")
    rings["Record"] = ring_shown(page)
    shot(page, "keyboard-record-focused")
    with page.expect_response(lambda r: TURNS_URL.search(r.url) is not None) as answer:
        page.keyboard.press("Enter")
    assert answer.value.status == 200

    # Ben's pad, and focus on its first face: the next keys go on with the game.
    expect(page.locator("#turn-heading")).to_contain_text("Ben")
    focus_in_pad(page, "[data-face='1']")
    page.keyboard.press("Tab")
    assert (focused(page) or {}).get("inPad"), "the Tab after a turn left the pad"
    assert all(ratio >= 3 for ratio in rings.values()), rings


def test_in_barbut_focus_stays_on_the_pad_after_the_fourth_die_and_a_set_aside(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game = start_game(
        in_club=the_club(),
        ruleset="barbut4",
        seats=[Seat(member=ann), Seat(member=ben)],
        scorer=ann,
        created_by=ann.user,
    )
    sign_in(page, live_server.url, ann)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    focus_in_pad(page, "[data-face]")

    for face in "1523":
        key_in(page, f"[data-face='{face}']")
    # The fourth die ends the throw: the faces rest, and focus moves to what to set aside.
    focus_in_pad(page, "[data-choices] button")
    key_in(page, "[data-choices] button[aria-pressed]")
    focus_in_pad(page)
    tab_to(page, "[data-bank]")
    bank = ring_shown(page)
    shot(page, "keyboard-barbut-bank-focused")
    with page.expect_response(lambda r: TURNS_URL.search(r.url) is not None) as answer:
        page.keyboard.press("Enter")
    assert answer.value.status == 200
    expect(page.locator("#turn-heading")).to_contain_text("Ben")
    focus_in_pad(page, "[data-face='1']")
    assert bank >= 3

    # Ben busts: focus goes on to the end of his turn, and the bust is told in grey, not green.
    for face in "2346":
        key_in(page, f"[data-face='{face}']")
    focus_in_pad(page)
    with page.expect_response(lambda r: TURNS_URL.search(r.url) is not None) as answer:
        key_in(page, "[data-end-turn]")
    assert answer.value.status == 200
    notice = page.locator("#notice")
    expect(notice).to_have_text("Ben: no points this turn")
    expect(notice).to_have_attribute("data-bust", "")
    assert notice.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(38, 38, 38)"
    focus_in_pad(page, "[data-face='1']")
    shot(page, "keyboard-barbut-bust")


def test_a_guest_signs_by_typing_their_name_with_the_keyboard_alone(
    live_server: LiveServer, tablet_page: Page, ann: Member
) -> None:
    page = tablet_page
    game = finished_game(ann)
    sign_in(page, live_server.url, ann)
    page.goto(f"{live_server.url}/games/{game.pk}/sign/")
    zed = page.locator("[data-sign-panel]", has_text="Zed")

    tab_to(page, f"#{zed.get_attribute('id')} > summary")
    page.keyboard.press("Enter")
    expect(zed).to_have_attribute("open", "")
    # The pad's own button without a drawing: the hint is said aloud (an alert), not only shown.
    expect(zed.locator("canvas[data-pad]")).to_have_attribute("data-pad-ready", "")
    key_in(page, f"#{zed.get_attribute('id')} [data-drawing-form] button[type=submit]")
    hint = zed.locator("[data-pad-hint]")
    expect(hint).to_be_visible()
    expect(hint).to_have_attribute("role", "alert")
    expect(hint).to_contain_text("type the name below")

    tab_to(page, "input[name=typed_name]")
    page.keyboard.type("Zed")
    page.keyboard.press("Tab")
    expect(zed.locator("input[name=witnessed]")).to_be_focused()
    page.keyboard.press("Space")
    expect(zed.locator("input[name=witnessed]")).to_be_checked()
    page.keyboard.press("Tab")
    assert ring_shown(page) >= 3
    shot(page, "keyboard-typed-signature")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"/games/{game.pk}/sign/$"))
    expect(page.get_by_role("alert").first).to_have_text("Zed has signed.")
    expect(page.locator("[data-signature-row='Zed'] [data-typed-signature]")).to_have_text("Zed")
    signature = Signature.objects.get(player__name="Zed")
    assert (signature.method, signature.typed_name, signature.witness) == ("typed", "Zed", ann.user)
    shot(page, "keyboard-typed-signature-signed")
