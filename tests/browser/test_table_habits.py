"""The table's habits: the bar game's round starter announced, a winner banner at the end."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Member
from tests.browser.games import play_five_dice_game, start_played_game_of_two
from tests.browser.pages import Move, shot

pytestmark = pytest.mark.browser


def test_the_bar_game_announces_each_round_starter_and_ends_with_a_winner_banner(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    _, played = start_played_game_of_two(page, live_server.url, "bar", ann, ben)
    announced: list[int] = []

    def check_announcement(engine: rules.FiveDiceGame) -> None:
        starter = engine.round_starter
        if starter is None:
            expect(page.locator("#round-starter")).to_have_count(0)
            return
        seat, score = starter
        name = played.setup.players[seat]
        expect(page.locator("#round-starter")).to_have_text(
            f"Round {engine.round_number}: {name} starts, highest box last round ({score})."
        )
        if not announced:
            shot(page, "bar-round-starter")
        announced.append(engine.round_number)

    boxes = rules.CATEGORIES
    engine = play_five_dice_game(
        page,
        played,
        {
            "Ann": [Move("12345", box) for box in boxes],
            "Ben": [Move("66666", box) for box in boxes],
        },
        before_turn=check_announcement,
    )
    assert announced == list(range(2, len(boxes) + 1))

    result = rules.score_record(played.record)
    banner = page.locator("#winner-banner")
    expect(banner.locator("#winner-heading")).to_have_text("Ben wins")
    expect(banner.locator("[data-place]")).to_have_text(
        [f"{p.rank}. {p.name} · {p.score}" for p in result.standings]
    )
    expect(banner.locator("[data-banner-drinks] li")).to_have_text(
        [f"{d.player} buys {', '.join(d.owed_to)} a round" for d in result.drinks]
    )
    expect(banner.locator("[data-banner-register] li")).to_have_count(max(1, len(result.register)))
    assert engine.complete
    shot(page, "bar-winner-banner")
