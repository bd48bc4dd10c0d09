"""The throw log without pain: a cock or a Balut from the cup in one tap, a fourth throw refused."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Member, Turn
from scoring.services.members import remember_language
from tests.browser.pages import shot, start_game_of_two, submit_turn, tap, tap_dice
from tests.browser.test_taps_survive import rethrow

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
    tap_dice(page, turn, "66612")
    tap(page, log_throw)
    for dice in [{3: "6", 4: "3"}, {4: "6"}]:
        rethrow(page, turn, dice)
        tap(page, log_throw)
    shown = "6 6 6 1 2 · 6 3 · 6"
    expect(turn.locator("[data-log-view]")).to_have_text(shown)
    rethrow(page, turn, {4: "5"})
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
    tap(page, turn.locator("[data-clear]"))
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


# The throw log as the table plays it (issue 24) -----------------------------------------------


def test_the_last_logged_throw_stays_on_the_pad_as_the_final_dice(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    turn = page.locator("[data-five-dice-turn]")
    tap(page, turn.locator("details.throw-log summary"))
    tap_dice(page, turn, "44412")
    tap(page, turn.locator("[data-log-throw]"))
    # The throw stays: its dice are the final dice unless some are thrown again.
    expect(turn.locator("[data-slot]")).to_have_text(["4", "4", "4", "1", "2"])
    rethrow(page, turn, {3: "4", 4: "5"})
    tap(page, turn.locator("[data-log-throw]"))
    expect(turn.locator("[data-log-view]")).to_have_text("4 4 4 1 2 · 4 5")
    expect(turn.locator("[data-slot]")).to_have_text(["4", "4", "4", "4", "5"])
    # Nothing thrown again since: nothing to log, and the pad says how to log a throw.
    tap(page, turn.locator("[data-log-throw]"))
    expect(turn.locator("[data-pad-note]")).to_contain_text("last throw logged")
    expect(turn.locator("[data-box='fours'] [data-score]")).to_have_text("16")
    shot(page, "throw-log-stays-on-the-pad")
    tap(page, turn.locator("[data-box='fours']"))
    assert submit_turn(page, turn.locator("[data-confirm-ok]")).status == 200
    assert Turn.objects.get(game_id=game_id).record["throws"] == [
        {"dice": [1, 2, 4, 4, 4]},
        {"dice": [4, 5]},
    ]


@pytest.mark.parametrize(
    ("language", "undo", "cocks", "cup"),
    [
        (
            "en",
            "Undo cocked",
            "Three cocks in a row: Ann owes the others a round.",
            "Balut from the cup: logged. Ann owes everyone a round.",
        ),
        (
            "da",
            "Fortryd skæv",
            "Tre skæve kast i træk: Ann skylder de andre en omgang.",
            "Balut fra bægeret: noteret. Ann skylder alle en omgang.",
        ),
        (
            "de",
            "schief rückgängig",
            "Dreimal schief in Folge: Ann schuldet den anderen eine Runde.",
            "Balut aus dem Becher: notiert. Ann schuldet allen eine Runde.",
        ),
    ],
)
def test_a_mistapped_cock_comes_off_and_the_rounds_owed_are_said_at_once(
    live_server: LiveServer,
    tablet_page: Page,
    ann: Member,
    ben: Member,
    language: str,
    undo: str,
    cocks: str,
    cup: str,
) -> None:
    page = tablet_page
    remember_language(member=ann, language=language)
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    turn = page.locator("[data-five-dice-turn]")
    note = turn.locator("[data-pad-note]")
    undo_button = turn.locator("[data-log-undo]")
    expect(undo_button).to_be_hidden()
    tap(page, turn.locator("[data-log-cocked]"))
    tap(page, turn.locator("[data-log-cocked]"))
    tap(page, turn.locator("[data-log-cocked]"))
    expect(note).to_have_text(cocks)
    # The third was a mistap: it comes off, and the round with it.
    expect(undo_button).to_have_text(undo)
    tap(page, undo_button)
    expect(turn.locator("[data-log-view]")).to_have_text(" · ".join([undo_word(undo)] * 2))
    expect(note).to_have_text("")
    tap_dice(page, turn, "55555")
    tap(page, turn.locator("[data-log-cup]"))
    expect(note).to_have_text(cup)
    shot(page, f"throw-log-owed-{language}")
    tap(page, turn.locator("[data-box='balut']"))
    assert submit_turn(page, turn.locator("[data-confirm-ok]")).status == 200
    record = Turn.objects.get(game_id=game_id).record
    assert record["throws"] == [{"cocked": True}] * 2 + [{"dice": [5, 5, 5, 5, 5]}]


def undo_word(undo: str) -> str:
    """The log's word for a cock, as its Undo button names it ("Undo cocked": "cocked")."""
    return {"Undo cocked": "cocked", "Fortryd skæv": "skæv", "schief rückgängig": "schief"}[undo]
