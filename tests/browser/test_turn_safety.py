"""A turn is recorded once, and in order: double taps, resent posts and a second tablet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Game, Member, Turn
from scoring.selectors import load_game
from tests.browser.games import play_five_dice_game, start_played_game_of_two
from tests.browser.pages import (
    TURNS_URL,
    Move,
    Seat,
    play_five_dice_turn,
    player_to_throw,
    recorded,
    shot,
    sign_in,
    start_game,
    start_game_of_two,
    tap_dice,
    turn_number,
    wait_until_settled,
)
from tests.browser.sheet_checks import check_five_dice_sheet

pytestmark = pytest.mark.browser

RESEND = """async ([url, body]) => {
  const response = await fetch(url, {
    method: "POST",
    body,
    headers: {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"},
  });
  return {status: response.status, text: await response.text()};
}"""


def turn_posts(page: Page) -> list[Request]:
    """Every turn the page sends from now on."""
    posts: list[Request] = []
    page.on(
        "request",
        lambda r: posts.append(r) if r.method == "POST" and TURNS_URL.search(r.url) else None,
    )
    return posts


def resend(page: Page, request: Request) -> dict[str, Any]:
    answer = page.evaluate(RESEND, [request.url, request.post_data])
    assert isinstance(answer, dict)
    return answer


def test_a_double_tapped_record_and_a_resent_turn_are_recorded_once(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id = start_game_of_two(page, live_server.url, "balut", ann, ben)
    posts = turn_posts(page)

    turn = page.locator("[data-five-dice-turn]")
    tap_dice(page, turn, "44412")
    turn.locator("[data-box='fours']").click()
    record = turn.locator("[data-confirm-ok]")
    expect(record).to_be_visible()
    shot(page, "tablet-confirm-dialog")
    # Two taps on Record before the first answer is back, the way a quick finger does it.
    with page.expect_response(lambda r: TURNS_URL.search(r.url) is not None) as first:
        record.evaluate("button => { button.click(); button.click(); }")
    assert first.value.status == 200
    expect(page.locator("#notice")).to_have_text("Ann: Fours 12")
    wait_until_settled(page, 1)
    assert len(posts) == 1, "the second tap sent the turn again"

    # The tablet lost the answer and sends the very same turn again (the same request key).
    again = resend(page, posts[0])
    assert again["status"] == 200
    assert 'data-turn="1"' in again["text"] and "<span data-player>Ben</span>" in again["text"]

    assert recorded(game_id) == [{"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}]
    assert turn_number(page) == 1 and player_to_throw(page) == "Ben"
    expected = load_game(Game.objects.get(pk=game_id)).result()
    check_five_dice_sheet(page, expected)
    page.reload()
    assert turn_number(page) == 1 and player_to_throw(page) == "Ben"
    check_five_dice_sheet(page, expected)

    # The game goes on as usual after it.
    response = play_five_dice_turn(page, "55512", "fives")
    assert response.status == 200
    assert [t["player"] for t in recorded(game_id)] == ["Ann", "Ben"]


def test_the_last_turn_sent_again_answers_with_the_finished_game(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    game_id, played = start_played_game_of_two(page, live_server.url, "bar", ann, ben)
    boxes = rules.CATEGORIES
    posts = turn_posts(page)
    play_five_dice_game(
        page,
        played,
        {
            "Ann": [Move("66666", box) for box in boxes],
            "Ben": [Move("12345", box) for box in boxes],
        },
    )
    game = Game.objects.get(pk=game_id)
    assert game.is_finished and Turn.objects.filter(game=game).count() == 14

    again = resend(page, posts[-1])
    assert again["status"] == 200, again["text"][:500]
    assert "Finished" in again["text"]
    assert Turn.objects.filter(game=game).count() == 14
    check_five_dice_sheet(page, rules.score_record(played.record))


def test_a_second_tablet_with_a_stale_page_is_told_the_game_moved_on(
    live_server: LiveServer,
    tablet_page: Page,
    new_tablet: Callable[[], Page],
    ann: Member,
    ben: Member,
) -> None:
    tablet_a = tablet_page
    seats = [Seat(member=ann), Seat(member=ben)]
    game_id = start_game(tablet_a, live_server.url, ruleset="balut", seats=seats, scorer=ann)
    tablet_b = new_tablet()
    sign_in(tablet_b, live_server.url, ann)
    tablet_b.goto(f"{live_server.url}/games/{game_id}/")
    assert player_to_throw(tablet_a) == player_to_throw(tablet_b) == "Ann"

    assert play_five_dice_turn(tablet_a, "44412", "fours").status == 200
    # Tablet B still shows Ann to throw; its turn is refused and it catches up.
    stale = play_five_dice_turn(tablet_b, "55512", "fives")
    assert stale.status == 409
    expect(tablet_b.locator("#error")).to_contain_text("moved on")
    assert turn_number(tablet_b) == 1 and player_to_throw(tablet_b) == "Ben"
    shot(tablet_b, "tablet-b-moved-on")
    assert recorded(game_id) == [{"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}]
    check_five_dice_sheet(tablet_b, load_game(Game.objects.get(pk=game_id)).result())

    # Now B is up to date and A is the stale one.
    assert play_five_dice_turn(tablet_b, "66612", "sixes").status == 200
    assert play_five_dice_turn(tablet_a, "11111", "balut").status == 409
    expect(tablet_a.locator("#error")).to_contain_text("moved on")
    assert turn_number(tablet_a) == 2 and player_to_throw(tablet_a) == "Ann"
    assert recorded(game_id) == [
        {"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]},
        {"player": "Ben", "box": "sixes", "dice": [1, 2, 6, 6, 6]},
    ]
    assert list(Turn.objects.filter(game_id=game_id).values_list("number", flat=True)) == [0, 1]
    expected = load_game(Game.objects.get(pk=game_id)).result()
    check_five_dice_sheet(tablet_a, expected)
    check_five_dice_sheet(tablet_b, expected)
