"""Bar life on the tablet: reloads, the back button, double taps and a sixth face lose nothing."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Game, Member, Turn
from scoring.services.turns import record_turn
from tests.browser.pages import (
    TURNS_URL,
    double_tap,
    five_dice_slots,
    play_barbut_turn,
    play_five_dice_turn,
    player_to_throw,
    recorded,
    set_aside_choice,
    shot,
    sign_in,
    start_game_of_two,
    tap,
    tap_dice,
    turn_number,
)
from tests.browser.taps import CENTRE

pytestmark = pytest.mark.browser


# Reloads --------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar"])
def test_a_reload_in_the_middle_of_a_five_dice_turn_keeps_every_tap(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member, ruleset: str
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, ruleset, ann, ben)
    box = "fours" if ruleset != "jackpot" else "fours_jackpot"
    assert play_five_dice_turn(page, "44412", box).status == 200

    turn = page.locator("[data-five-dice-turn]")
    tap(page, turn.locator("details.throw-log summary"))
    tap(page, turn.locator("[data-log-cocked]"))
    tap_dice(page, turn, "66612")
    tap(page, turn.locator("[data-log-throw]"))
    # The two dice thrown again, each tapped over the throw that stays on the pad.
    rethrow(page, turn, {3: "6"})
    expect(turn.locator("[data-log-view]")).to_have_text("cocked · 6 6 6 1 2")
    page.reload()

    turn = page.locator("[data-five-dice-turn]")
    expect(turn.locator("[data-pad-note]")).to_contain_text("brought back")
    expect(five_dice_slots(page)).to_have_text(["6", "6", "6", "6", "2"])
    expect(turn.locator("[data-log-view]")).to_have_text("cocked · 6 6 6 1 2")
    shot(page, f"reload-keeps-taps-{ruleset}")
    # The turn goes on from where it was: the other die thrown again, logged, the box, Record.
    rethrow(page, turn, {4: "3"})
    tap(page, turn.locator("[data-log-throw]"))
    expect(turn.locator("[data-log-view]")).to_have_text("cocked · 6 6 6 1 2 · 6 3")
    expect(five_dice_slots(page)).to_have_text(["6", "6", "6", "6", "3"])
    box_button = turn.locator("[data-box='sixes']")
    tap(page, box_button)
    page.reload()  # the confirmation was open: it is open again
    dialog = page.locator("[data-five-dice-turn] dialog[data-confirm]")
    expect(dialog).to_be_visible()
    with page.expect_response(lambda r: TURNS_URL.search(r.url) is not None) as answer:
        tap(page, dialog.locator("[data-confirm-ok]"))
    assert answer.value.status == 200
    expect(page.locator("#play")).to_have_attribute("data-turn", "2")
    assert recorded(game_id)[1] == {
        "player": "Ben",
        "box": "sixes",
        "dice": [3, 6, 6, 6, 6],
        "throws": [{"cocked": True}, {"dice": [1, 2, 6, 6, 6]}, {"dice": [3, 6]}],
    }
    # Confirmed by the server: the device keeps nothing more of it.
    expect_nothing_kept(page)


def test_a_reload_in_the_middle_of_a_barbut_turn_keeps_every_throw_and_set_aside(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "barbut4", ann, ben)
    turn = page.locator("[data-barbut-turn]")
    tap_dice(page, turn, "1111")
    tap(page, set_aside_choice(turn, "1 1 1 1"))
    tap(page, turn.locator("[data-throw-again]"))
    tap_dice(page, turn, "1523")
    tap(page, set_aside_choice(turn, "1 5"))
    tap(page, turn.locator("[data-throw-again]"))
    tap_dice(page, turn, "5")
    at_stake = turn.locator("[data-at-stake]").inner_text()
    page.reload()

    turn = page.locator("[data-barbut-turn]")
    expect(turn.locator("[data-thrown] .die")).to_have_text(["5"])
    expect(turn.locator("[data-in-hand]")).to_have_text("2")
    expect(turn.locator("[data-at-stake]")).to_have_text(at_stake)
    expect(turn.locator("[data-turn-log] li")).to_have_text(
        ["1 1 1 1 → set aside 1 1 1 1", "1 5 2 3 → set aside 1 5"]
    )
    shot(page, "reload-keeps-taps-barbut")
    tap_dice(page, turn, "1")
    tap(page, set_aside_choice(turn, "1 5"))
    with page.expect_response(lambda r: TURNS_URL.search(r.url) is not None) as answer:
        tap(page, turn.locator("[data-bank]"))
    assert answer.value.status == 200
    assert recorded(game_id) == [
        {
            "player": "Ann",
            "throws": [
                {"dice": [1, 1, 1, 1], "keep": [1, 1, 1, 1]},
                {"dice": [1, 2, 3, 5], "keep": [1, 5]},
                {"dice": [1, 5], "keep": [1, 5]},
            ],
        }
    ]
    expect(page.locator("#play")).to_have_attribute("data-turn", "1")
    expect_nothing_kept(page)


# What the device keeps -----------------------------------------------------------------------


def kept_entries(page: Page) -> dict[str, object]:
    """What the tablet keeps on the device, by storage key."""
    entries = page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
            .filter(k => k.startsWith('balutclub:turn:'))
            .map(k => [k, JSON.parse(localStorage.getItem(k))]))"""
    )
    assert isinstance(entries, dict)
    return entries


def expect_nothing_kept(page: Page) -> None:
    """The device keeps no turn entry (the answer's pad tidies the store as it is drawn)."""
    page.wait_for_function(
        "() => !Object.keys(localStorage).some(k => k.startsWith('balutclub:turn:'))",
        timeout=5000,
    )
    assert kept_entries(page) == {}


# Double taps and the sixth face ----------------------------------------------------------------


def test_a_double_tap_on_record_records_one_turn_and_no_phantom_die(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    turn = page.locator("[data-five-dice-turn]")
    tap_dice(page, turn, "44412")
    tap(page, turn.locator("[data-box='fours']"))
    double_tap(page, turn.locator("[data-confirm-ok]"))

    assert recorded(game_id) == [{"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}]
    assert player_to_throw(page) == "Ben" and turn_number(page) == 1
    expect(five_dice_slots(page)).to_have_text(["·"] * 5)
    expect_nothing_kept(page)


def test_after_an_answer_the_next_pad_rests_a_moment_so_a_late_second_tap_enters_nothing(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    start_game_of_two(page, live_server.url, "balut", ann, ben)
    # The tablet's clock stands still: the rest lasts until the test moves it on, however slow
    # the machine (timers still run).
    now = datetime.now(tz=UTC)
    page.clock.set_fixed_time(now)
    play_five_dice_turn(page, "44412", "fours")  # the answer comes before a second tap would
    turn = page.locator("[data-five-dice-turn]")
    three = turn.locator("[data-face='3']")
    expect(three).to_be_disabled()

    page.mouse.click(*three.evaluate(CENTRE))

    expect(five_dice_slots(page)).to_have_text(["·"] * 5)
    page.clock.set_fixed_time(now + timedelta(seconds=1))
    expect(three).to_be_enabled()  # it wakes by itself
    tap_dice(page, turn, "3")
    expect(five_dice_slots(page)).to_have_text(["3", "·", "·", "·", "·"])


def test_a_double_tap_on_bank_records_one_turn_and_no_phantom_die(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "barbut4", ann, ben)
    turn = page.locator("[data-barbut-turn]")
    tap_dice(page, turn, "1523")
    tap(page, set_aside_choice(turn, "1 5"))
    double_tap(page, turn.locator("[data-bank]"))

    assert recorded(game_id) == [
        {"player": "Ann", "throws": [{"dice": [1, 2, 3, 5], "keep": [1, 5]}]}
    ]
    assert player_to_throw(page) == "Ben" and turn_number(page) == 1
    expect(page.locator("[data-barbut-turn] [data-thrown] .die")).to_have_count(0)
    expect(page.locator("[data-barbut-turn] [data-turn-log] li")).to_have_count(0)
    expect_nothing_kept(page)
    # Ben's turn goes on as usual.
    assert play_barbut_turn(page, [("2346", "")]).status == 200
    assert [t["player"] for t in recorded(game_id)] == ["Ann", "Ben"]


def test_a_double_tap_on_a_set_aside_never_throws_again_or_banks(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "barbut4", ann, ben)
    turn = page.locator("[data-barbut-turn]")
    tap_dice(page, turn, "1523")
    choice = set_aside_choice(turn, "1 5")
    box = choice.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(choice).to_have_attribute("aria-pressed", "true")
    expect(turn.locator("[data-throw-again]")).to_be_visible()
    assert recorded(game_id) == []


def test_a_sixth_face_keeps_the_five_dice_and_says_how_to_change_one(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    start_game_of_two(page, live_server.url, "balut", ann, ben)
    turn = page.locator("[data-five-dice-turn]")
    tap_dice(page, turn, "44412")
    tap(page, turn.locator("[data-face='6']"))
    expect(five_dice_slots(page)).to_have_text(["4", "4", "4", "1", "2"])
    expect(turn.locator("[data-pad-note]")).to_contain_text("All five dice are set")
    shot(page, "sixth-face-refused")
    # The way the note gives: tap the die, then its new face.
    tap(page, five_dice_slots(page).nth(4))
    expect(turn.locator("[data-pad-note]")).to_contain_text("new face for die 5")
    tap(page, turn.locator("[data-face='4']"))
    expect(five_dice_slots(page)).to_have_text(["4", "4", "4", "1", "4"])


def rethrow(page: Page, turn: Locator, dice: dict[int, str]) -> None:
    """Dice thrown again over the throw on the pad: each die's slot tapped, then its face."""
    for slot, face in dice.items():
        tap(page, turn.locator(f"[data-slot='{slot}']"))
        tap(page, turn.locator(f"[data-face='{face}']"))
        expect(turn.locator(f"[data-slot='{slot}']")).to_have_text(face)


# The back button and pages that have moved on --------------------------------------------------


def test_the_back_button_after_a_turn_shows_the_current_sheet(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    assert play_five_dice_turn(page, "44412", "fours").status == 200
    page.get_by_role("link", name="Standings").click()
    page.wait_for_url(f"{live_server.url}/standings/**")
    assert play_five_dice_turn_elsewhere(live_server, game_id) == 2
    page.go_back()
    page.wait_for_url(f"{live_server.url}/games/{game_id}/")
    # The sheet as it is now (Ben's turn recorded meanwhile), not as the page was left.
    expect(page.locator("#play")).to_have_attribute("data-turn", "2")
    assert player_to_throw(page) == "Ann"
    assert assert_no_store(page, f"{live_server.url}/games/{game_id}/")
    shot(page, "back-button-current-sheet")


def play_five_dice_turn_elsewhere(live_server: LiveServer, game_id: int) -> int:
    """Ben's turn recorded from another tablet, straight into the database by the service."""
    game = Game.objects.get(pk=game_id)
    assert game.scorer is not None
    record_turn(
        game=game,
        turn_record={"player": "Ben", "box": "fives", "dice": [5, 5, 5, 1, 2]},
        expected_number=1,
        request_key=uuid.uuid4(),
        recorded_by=game.scorer.user,
    )
    return Turn.objects.filter(game=game).count()


def assert_no_store(page: Page, url: str) -> bool:
    response = page.request.get(url)
    return "no-store" in response.headers.get("cache-control", "")


def test_an_entry_on_a_page_that_moved_on_is_refused_shown_and_kept_to_enter_again(
    live_server: LiveServer,
    tablet_page: Page,
    new_tablet: Callable[[], Page],
    ann: Member,
    ben: Member,
) -> None:
    tablet_a = tablet_page
    game_id = start_game_of_two(tablet_a, live_server.url, "balut", ann, ben)
    tablet_b = new_tablet()
    sign_in(tablet_b, live_server.url, ann)
    tablet_b.goto(f"{live_server.url}/games/{game_id}/")
    assert play_five_dice_turn(tablet_a, "44412", "fours").status == 200

    assert play_five_dice_turn(tablet_b, "55512", "fives").status == 409
    expect(tablet_b.locator("#error")).to_contain_text("moved on")
    # Who entered the turn is said, and what was not recorded is said once, beside its buttons.
    expect(tablet_b.locator("#error")).to_contain_text("Ann entered turn 1 meanwhile")
    expect(tablet_b.locator("#play")).to_contain_text("5 5 5 1 2")
    assert tablet_b.locator("#play").inner_text().count("Fives · 5 5 5 1 2") == 1
    unsent = tablet_b.locator("[data-unsent-turn]")
    expect(unsent).to_contain_text("Turn 1 was not recorded: Ann, Fives · 5 5 5 1 2.")
    shot(tablet_b, "stale-entry-kept")
    # Still there after a reload: nothing goes without the scorer's tap.
    tablet_b.reload()
    expect(tablet_b.locator("[data-unsent-turn]")).to_have_count(1)
    tap(tablet_b, tablet_b.locator("[data-unsent-discard]"))
    expect(tablet_b.locator("[data-unsent-turn]")).to_have_count(0)
    tablet_b.reload()
    expect(tablet_b.locator("[data-unsent-turn]")).to_have_count(0)
    assert recorded(game_id) == [{"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}]
