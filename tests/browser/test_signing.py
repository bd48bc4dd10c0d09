"""Signing the finished sheet on the tablet: the scorer signs in, a member signs with a PIN, a
guest with a finger drawing the scorer witnesses, and the scorer taps Done."""

from __future__ import annotations

import base64
import re
from io import BytesIO

import pytest
from PIL import Image
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Game, Member, Signature
from scoring.services.games import Seat, start_game
from tests.browser.pages import PIN, shot
from tests.factories import the_club
from tests.scoring.services.helpers import fill_game

pytestmark = pytest.mark.browser


def finished_game(ann: Member) -> Game:
    game = start_game(
        in_club=the_club(),
        ruleset="bar",
        seats=[Seat(member=ann), Seat(guest_name="Zed")],
        scorer=ann,
        created_by=ann.user,
    )
    fill_game(game)
    game.refresh_from_db()
    assert game.is_finished
    return game


def draw(page: Page, pad: Locator) -> None:
    """A signature with the mouse: a few strokes across the pad, once the pad listens."""
    expect(pad).to_have_attribute("data-pad-ready", "")
    pad.scroll_into_view_if_needed()
    box = pad.bounding_box()
    assert box is not None
    x, y, w, h = box["x"], box["y"], box["width"], box["height"]
    for stroke in (
        [(0.1, 0.7), (0.2, 0.3), (0.3, 0.7), (0.4, 0.3), (0.5, 0.7)],
        [(0.55, 0.5), (0.7, 0.45), (0.9, 0.55)],
    ):
        page.mouse.move(x + stroke[0][0] * w, y + stroke[0][1] * h)
        page.mouse.down()
        for fx, fy in stroke[1:]:
            page.mouse.move(x + fx * w, y + fy * h, steps=8)
        page.mouse.up()


def test_a_member_signs_by_pin_and_a_guest_by_drawing_which_locks_the_sheet(
    live_server: LiveServer, tablet_page: Page, ann: Member
) -> None:
    page = tablet_page
    game = finished_game(ann)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#sign-link").click()
    page.wait_for_url(re.compile(rf"/games/{game.pk}/sign/$"))
    expect(page.locator("#signed-status")).to_contain_text("Signed by 0 of 2 players")
    # Nobody is signed in on this tablet: the page says so, and offers no way to sign.
    expect(page.locator("#sign-in-first")).to_contain_text("Sign in to sign this sheet.")
    expect(page.locator("[data-sign-panel]")).to_have_count(0)
    shot(page, "signing-sign-in-first-ipad")
    page.locator("#sign-in-first").get_by_role("link", name="Sign in").click()
    page.locator("select[name=member]").select_option(str(ann.pk))
    page.locator("input[name=pin]").fill(PIN)
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.wait_for_url(re.compile(rf"/games/{game.pk}/sign/$"))

    ann_panel = page.locator("[data-sign-panel]", has_text="Sign as Ann")
    expect(ann_panel).to_have_attribute("open", "")
    expect(ann_panel.locator("canvas[data-pad]")).to_have_count(0)
    expect(ann_panel).to_contain_text("You are signed in as Ann.")
    shot(page, "signing-sheet-ipad")

    ann_panel.locator("input[name=pin]").fill(PIN)
    ann_panel.get_by_role("button", name="Sign with PIN").click()
    expect(page.get_by_role("alert").first).to_have_text("Ann has signed.")
    expect(page.locator('[data-signature-row="Ann"]')).to_contain_text("Signed with PIN")

    zed_panel = page.locator("[data-sign-panel]", has_text="Sign as Zed")
    expect(zed_panel).to_have_attribute("open", "")
    expect(zed_panel.locator("[data-pin-form]")).to_have_count(0)
    expect(zed_panel).to_contain_text("Ann, signed in here, is the witness.")
    pad_box = zed_panel.locator("canvas[data-pad]").bounding_box()
    assert pad_box is not None and pad_box["height"] >= 300, pad_box
    # Nothing drawn yet: the form stays on the page and says why.
    expect(zed_panel.locator("canvas[data-pad]")).to_have_attribute("data-pad-ready", "")
    zed_panel.get_by_role("button", name="Sign as Zed").click()
    expect(zed_panel.locator("[data-pad-hint]")).to_be_visible()
    pad = zed_panel.locator("canvas[data-pad]")
    draw(page, pad)
    expect(zed_panel.locator("[data-pad-hint]")).to_be_hidden()
    zed_panel.get_by_role("button", name="Clear").click()
    zed_panel.get_by_role("button", name="Sign as Zed").click()
    expect(zed_panel.locator("[data-pad-hint]")).to_be_visible()
    draw(page, pad)
    shot(page, "signing-drawn-ipad")
    zed_panel.get_by_role("button", name="Sign as Zed").click()

    expect(page.get_by_role("alert").first).to_have_text(
        "Zed has signed. Every player has signed: the sheet is locked."
    )
    game.refresh_from_db()
    assert game.is_signed
    expect(page.locator("[data-verification-code]")).to_have_text(game.verification_code)
    expect(page.locator("[data-sign-panel]")).to_have_count(0)
    expect(page.locator('[data-signature-row="Zed"] img.signature-image')).to_be_visible()
    shot(page, "signing-locked-ipad")

    drawn = Signature.objects.get(game=game, player__name="Zed")
    assert drawn.method == "drawing" and drawn.witness == ann.user
    png = base64.b64decode(drawn.image.removeprefix("data:image/png;base64,"))
    with Image.open(BytesIO(png)) as image:
        assert image.format == "PNG" and image.height >= 300
        rgba = image.convert("RGBA")
        alpha = rgba.getchannel("A")
        # Black ink where anything is drawn, whatever colour the pad showed: it prints.
        ink_colours = rgba.convert("RGB").getcolors(maxcolors=1 << 24) or []
    assert alpha.getbbox() is not None, "the strokes were kept"
    assert [colour for _count, colour in ink_colours] == [(0, 0, 0)]

    # The scorer is done: the tablet is signed out for the next game.
    page.locator("#done-form").get_by_role("button").click()
    expect(page.get_by_role("alert").first).to_have_text(
        "Signed out: the tablet is free for the next game."
    )
    expect(page.locator("nav").get_by_role("link", name="Sign in")).to_be_visible()

    page.goto(f"{live_server.url}/verify/{game.verification_code}/")
    expect(page.locator("#verdict")).to_contain_text("The code matches")
    # A visitor checks the code but sees no signature image.
    expect(page.locator("img.signature-image")).to_have_count(0)
    shot(page, "verify-ipad")
