"""What a tablet sends the server during a club night is what the club night benchmark replays.

A tablet in Chromium signs in with a member's PIN, seats a game through the start form, records
turns, lies idle, comes back into view, opens a game near its end and records its last turn;
every request the server receives is recorded in its shape (tests/browser/wire.py) and must be
the shape `fixtures/tablet_requests.json` holds, which benchmarks/night_replay.py replays 40
tablets at once. When the tablet's page changes what it sends, this test fails: record the
fixture again with

    RECORD_TABLET_REQUESTS=1 .venv/bin/python -m pytest tests/browser/test_tablet_wire.py

and read the difference (git diff fixtures/tablet_requests.json) before committing it: the
benchmark's figures change with it.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Game, Member
from scoring.selectors import load_game
from scoring.services.games import Seat, start_game
from tests.browser.pages import PIN, play_five_dice_turn
from tests.browser.wire import Wire, recorded
from tests.factories import the_club
from tests.scoring.services.helpers import fill_game

pytestmark = pytest.mark.browser

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "tablet_requests.json"
GUEST = "Bo"
# A page has loaded all it loads: its fragments swapped in (their placeholders go), no htmx
# request on its way, and on a game page the service worker ready.
LOADED = """async () => {
  if (document.readyState !== "complete") return false;
  if (document.querySelector("[hx-trigger=load], .htmx-request")) return false;
  if (document.getElementById("play") && navigator.serviceWorker) {
    await navigator.serviceWorker.ready;
  }
  return true;
}"""
TURNS = [("44412", "fours"), ("66612", "sixes"), ("55512", "fives"), ("12345", "straight")]


def step(page: Page, wire: Wire, name: str) -> None:
    """What the page sent since the last step is step `name`'s, once the page has loaded all
    it loads and the server has been quiet a while."""
    page.wait_for_function(LOADED)
    wire.step(name)


def seat_a_game(page: Page, wire: Wire, scorer: Member) -> None:
    """From the home page: Start a game, the scorer and a guest seated, the scorer's PIN."""
    page.get_by_role("link", name="Start a game").first.click()
    page.wait_for_url(re.compile(r"/games/new/$"))
    step(page, wire, "open the start form")
    form = page.locator("form", has=page.get_by_role("button", name="Start the game"))
    form.locator("select[name=ruleset]").select_option("balut")
    form.locator("select[name=player_0_member]").select_option(str(scorer.pk))
    form.locator("input[name=player_1_guest]").fill(GUEST)
    form.locator("select[name=scorer]").select_option(str(scorer.pk))
    form.locator("input[name=pin]").fill(PIN)
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    expect(page.locator("[data-five-dice-turn]")).to_be_visible()
    step(page, wire, "start the game")


def game_one_turn_from_its_end(scorer: Member) -> Game:
    game = start_game(
        in_club=the_club(),
        ruleset="balut",
        seats=[Seat(member=scorer), Seat(guest_name=GUEST)],
        scorer=scorer,
        created_by=scorer.user,
    )
    fill_game(game, leave=1)
    return game


def last_open_box(game: Game) -> str:
    state = load_game(game).state
    assert isinstance(state, rules.FiveDiceGame) and state.next_seat is not None
    return state.open_boxes(state.next_seat)[0]


def a_club_night_recorded(page: Page, base_url: str, scorer: Member) -> dict[str, Any]:
    with recorded(page.context, base_url) as wire:
        page.goto(f"{base_url}/signin/")
        step(page, wire, "open the sign-in page")
        page.locator("select[name=member]").select_option(str(scorer.pk))
        page.locator("input[name=pin]").fill(PIN)
        page.get_by_role("button", name="Sign in", exact=True).click()
        expect(page.locator("nav .navbar-text")).to_have_text(scorer.known_as)
        step(page, wire, "sign in with the PIN")
        seat_a_game(page, wire, scorer)
        for dice, box in TURNS:
            play_five_dice_turn(page, dice, box)
            step(page, wire, "record a turn")
        page.clock.run_for(60_000)
        step(page, wire, "a minute with nothing tapped")
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        step(page, wire, "back in view")
        last = game_one_turn_from_its_end(scorer)
        page.goto(f"{base_url}/games/{last.pk}/")
        expect(page.locator("[data-five-dice-turn]")).to_be_visible()
        step(page, wire, "open a game")
        play_five_dice_turn(page, "44412", last_open_box(last))
        expect(page.locator("#winner-banner")).to_be_visible()
        step(page, wire, "record the game's last turn")
        return wire.recording()


def test_the_tablet_sends_the_requests_the_club_night_benchmark_replays(
    tablet_page: Page, live_server: LiveServer, ann: Member
) -> None:
    recording = a_club_night_recorded(tablet_page, live_server.url, ann)
    if os.environ.get("RECORD_TABLET_REQUESTS"):
        FIXTURE.write_text(json.dumps(recording, indent=1) + "\n")
    kept = json.loads(FIXTURE.read_text())
    assert recording["steps"] == kept["steps"], (
        "The tablet now sends other requests than fixtures/tablet_requests.json says (the club "
        "night benchmark replays that file): record it again, see this module's docstring."
    )
    assert set(recording["static"]) == set(kept["static"])
