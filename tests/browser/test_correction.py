"""Correcting a mistyped turn from the tablet: the sheet follows and the correction is listed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Correction, Game, Member, Turn
from tests.browser.games import start_played_game_of_two
from tests.browser.pages import (
    Move,
    play_five_dice_turn,
    shot,
    tap,
    tap_dice,
    turn_number,
)
from tests.browser.sheet_checks import check_five_dice_sheet

pytestmark = pytest.mark.browser


def test_the_scorer_corrects_a_turn_and_the_sheet_follows(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id, played = start_played_game_of_two(page, live_server.url, "balut", ann, ben)
    for player, move in [
        ("Ann", Move("44412", "fours")),
        ("Ben", Move("12345", "straight")),
        ("Ann", Move("66661", "sixes")),
    ]:
        assert play_five_dice_turn(page, move.dice, move.box).status == 200
        played.turns.append(move.record(player))
    check_five_dice_sheet(page, rules.score_record(played.record))

    # Ann's first turn was really a Balut of fours: the scorer corrects it.
    page.locator("#turns summary").click()
    page.locator('[data-turn-line="0"]').get_by_role("link", name="Correct").click()
    page.wait_for_url(re.compile(rf"/games/{game_id}/turns/0/correct/$"))
    expect(page.locator("#recorded")).to_contain_text("Fours · 1 2 4 4 4")
    shot(page, "correction-page")
    pad = page.locator("[data-five-dice-correction]")
    tap(page, pad.locator("[data-clear]"))
    tap_dice(page, pad, "44444")
    page.locator("[data-box-choice='balut']").click()
    page.locator("textarea[name=reason]").fill("Tapped the wrong dice and box")
    page.get_by_role("button", name="Correct turn 1").click()

    page.wait_for_url(re.compile(rf"/games/{game_id}/$"))
    expect(page.get_by_role("alert").first).to_have_text("Turn 1 is corrected.")
    played.turns[0] = Move("44444", "balut").record("Ann")
    expected = rules.score_record(played.record)
    check_five_dice_sheet(page, expected)
    assert expected.player("Ann").boxes["fours"] == [] and expected.baluts == 1
    correction = page.locator("#corrections [data-correction]")
    expect(correction).to_have_count(1)
    expect(correction).to_contain_text("Turn 1 (Ann): Fours · 1 2 4 4 4 → Balut · 4 4 4 4 4")
    expect(correction).to_contain_text("Why: Tapped the wrong dice and box")
    expect(correction).to_contain_text("By Ann")
    shot(page, "correction-listed")

    game = Game.objects.get(pk=game_id)
    kept = Correction.objects.get(game=game)
    assert kept.before["box"] == "fours" and kept.after["box"] == "balut"
    setup = played.setup
    assert Turn.objects.get(game=game, number=0).record == rules.turn_to_json(
        rules.parse_turn(played.turns[0], setup), setup.players
    )

    # The tablet carries on from the corrected game.
    assert turn_number(page) == 3
    assert play_five_dice_turn(page, "55512", "fives").status == 200
    played.turns.append(Move("55512", "fives").record("Ben"))
    check_five_dice_sheet(page, rules.score_record(played.record))
