"""A team match on the tablet, from the fixture to both captains' signatures: the home captain
signs in, opens the fixture, names both line-ups and starts the match; table 1's game is scored
on the tablet as any game (the other turns come in as the other tablets would send them); then
both captains sign the card by PIN on the same tablet, which locks it with its code."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.selectors import load_game
from teams.models import Match
from tests.browser.pages import PIN, play_five_dice_turn, shot, sign_in
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import drawn_league, finish_games, lineup

pytestmark = pytest.mark.browser


def test_two_teams_play_a_match_from_the_fixture_to_both_captains_signatures(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    competition, _, fixtures = drawn_league(secretary(), 2)
    fixture = fixtures[0]
    home, away = fixture.home, fixture.away
    sign_in(page, live_server.url, home.captain)

    page.goto(f"{live_server.url}/competitions/{competition.pk}/")
    page.locator(f"[data-play='{fixture.pk}']").click()
    page.wait_for_url(re.compile(rf"/fixtures/{fixture.pk}/play/$"))
    for side, team in (("home", home), ("away", away)):
        for slot, member in enumerate(lineup(team), start=1):
            page.locator(f"select[name={side}_{slot}]").select_option(str(member.pk))
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(fixture=fixture)
    expect(page.locator("[data-table]")).to_have_count(2)

    # Table 1: the home captain scores its first turn on the tablet.
    first = match.games.get(table=1).game
    page.locator(f"[data-game='{first.pk}']").click()
    page.wait_for_url(re.compile(rf"/games/{first.pk}/$"))
    state = load_game(first).state
    assert isinstance(state, rules.FiveDiceGame) and state.next_seat is not None
    play_five_dice_turn(page, "66655", state.open_boxes(state.next_seat)[0])
    assert first.turns.count() == 1
    finish_games(match)

    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator("#score")).to_contain_text("12 : 4")
    home_card = page.locator("[data-side='home']")
    home_card.locator("#pin-home").fill(PIN)
    home_card.get_by_role("button", name="Sign the card").click()
    expect(page.locator("[data-signed='home']")).to_be_visible()
    # The away captain types their own PIN on the home captain's tablet.
    away_card = page.locator("[data-side='away']")
    away_card.locator("#pin-away").fill(PIN)
    away_card.get_by_role("button", name="Sign the card").click()
    expect(page.locator("[data-signed='away']")).to_be_visible()

    match.refresh_from_db()
    assert match.is_signed
    expect(page.locator("#locked")).to_contain_text(match.verification_code)
    shot(page, "team-match-signed")
