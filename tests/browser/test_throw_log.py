"""The throw log without pain: a cock or a Balut from the cup in one tap, a fourth throw refused."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Member, Turn
from tests.browser.pages import shot, start_game_of_two, submit_turn, tap, tap_dice

pytestmark = pytest.mark.browser


def test_three_cocks_and_a_balut_from_the_cup_take_one_tap_each_and_the_drinks_follow(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    turn = page.locator("[data-five-dice-turn]")
    cup = turn.locator("[data-log-cup]")
    for _ in range(3):
        tap(page, turn.locator("[data-log-cocked]"))
    expect(turn.locator("[data-log-view]")).to_have_text("cocked · cocked · cocked")
    tap_dice(page, turn, "6666")
    expect(cup).to_be_disabled()
    tap_dice(page, turn, "6")
    tap(page, cup)
    expect(turn.locator("[data-pad-note]")).to_contain_text("Balut from the cup: logged")
    expect(turn.locator("[data-log-view]")).to_have_text("cocked · cocked · cocked · 6 6 6 6 6")
    shot(page, "throw-log-one-tap")
    tap(page, turn.locator("[data-box='balut']"))
    assert submit_turn(page, turn.locator("[data-confirm-ok]")).status == 200

    record = Turn.objects.get(game_id=game_id).record
    assert record["throws"] == [{"cocked": True}] * 3 + [{"dice": [6, 6, 6, 6, 6]}]
    expected = rules.score_record(
        {"ruleset": "balut", "players": ["Ann", "Ben"], "turns": [record]}
    ).drinks
    assert {drink.reason for drink in expected} == {"three_cocks", "balut_from_cup"}
    drinks = page.locator("[data-drinks] li")
    expect(drinks).to_have_count(len(expected))
    expect(drinks.filter(has_text="Balut out of the cup")).to_have_count(1)
    expect(drinks.filter(has_text="three cocks in a row")).to_have_count(1)


def test_cocks_alone_are_logged_with_the_final_dice_as_their_throw(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    turn = page.locator("[data-five-dice-turn]")
    tap(page, turn.locator("[data-log-cocked]"))
    tap_dice(page, turn, "44412")
    tap(page, turn.locator("[data-box='fours']"))
    assert submit_turn(page, turn.locator("[data-confirm-ok]")).status == 200
    assert Turn.objects.get(game_id=game_id).record["throws"] == [
        {"cocked": True},
        {"dice": [1, 2, 4, 4, 4]},
    ]


def test_a_fourth_valid_throw_is_refused_with_a_message_and_the_log_is_kept(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    turn = page.locator("[data-five-dice-turn]")
    tap(page, turn.locator("details.throw-log summary"))
    log_throw = turn.locator("[data-log-throw]")
    # The first valid throw must be of all five dice: two dice are refused, nothing lost.
    tap_dice(page, turn, "66")
    tap(page, log_throw)
    expect(turn.locator("[data-pad-note]")).to_contain_text("first valid throw is of all 5 dice")
    expect(turn.locator("[data-log-view]")).to_have_text("")
    tap(page, turn.locator("[data-clear]"))
    for dice in ["66612", "663", "6"]:
        tap_dice(page, turn, dice)
        tap(page, log_throw)
    shown = "6 6 6 1 2 · 6 6 3 · 6"
    expect(turn.locator("[data-log-view]")).to_have_text(shown)
    tap_dice(page, turn, "6")
    tap(page, log_throw)
    expect(turn.locator("[data-pad-note]")).to_contain_text("at most 3 valid throws")
    expect(turn.locator("[data-log-view]")).to_have_text(shown)
    shot(page, "throw-log-fourth-refused")
    page.reload()
    turn = page.locator("[data-five-dice-turn]")
    expect(turn.locator("[data-log-view]")).to_have_text(shown)
    assert not Turn.objects.filter(game_id=game_id).exists()


def test_a_turn_the_server_refuses_keeps_every_tap_and_shows_why(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    turn = page.locator("[data-five-dice-turn]")
    tap(page, turn.locator("details.throw-log summary"))
    tap_dice(page, turn, "66612")
    tap(page, turn.locator("[data-log-throw]"))
    tap_dice(page, turn, "44412")
    tap(page, turn.locator("[data-box='fours']"))
    # The last throw logged is not among the final dice: the engine refuses the turn.
    response = submit_turn(page, turn.locator("[data-confirm-ok]"))
    assert response.status == 422
    expect(page.locator("#error")).to_contain_text("do not include")
    turn = page.locator("[data-five-dice-turn]")
    expect(turn.locator("dialog[data-confirm]")).not_to_be_visible()
    expect(turn.locator("[data-slot]")).to_have_text(["4", "4", "4", "1", "2"])
    expect(turn.locator("[data-log-view]")).to_have_text("6 6 6 1 2")
    shot(page, "refused-turn-keeps-taps")
    assert not Turn.objects.filter(game_id=game_id).exists()
