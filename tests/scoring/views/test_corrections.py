"""The correction page, and the turns and corrections the game page shows."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Correction, Game, Turn
from scoring.services.corrections import correct_turn
from tests.scoring.services.helpers import (
    fill_game,
    member,
    new_game,
    play,
    play_boxes,
    scorer_of,
    secretary,
    sign_all,
)

pytestmark = pytest.mark.django_db


def url(game: Game, number: int) -> str:
    return reverse("scoring:correct_turn", args=[game.pk, number])


def game_page(game: Game) -> str:
    return reverse("scoring:game", args=[game.pk])


def snapshot(game: Game) -> list[tuple[int, object, str, int]]:
    return [(t.pk, t.record, t.box, t.score) for t in Turn.objects.filter(game=game)]


def started(ruleset: str = "bar") -> Game:
    game = new_game(ruleset)
    play_boxes(game, [("fours", "44412"), ("fours", "44123"), ("sixes", "66612")])
    return game


def as_scorer(client: Client, game: Game) -> Client:
    client.force_login(scorer_of(game))
    return client


def test_the_scorer_sees_the_turn_as_recorded_and_the_form(client: Client) -> None:
    game = started()

    response = as_scorer(client, game).get(url(game, 0))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Correct turn 1" in html
    assert "<strong>Ann</strong> · Fours · 1 2 4 4 4 · <strong>12</strong>" in html
    # The dice go on the tablet's pad (a hidden field it fills), with the engine's preview.
    assert 'type="hidden" name="dice" value="12444" data-dice-input' in html
    assert 'id="correction-preview"' in html
    assert 'value="fours" autocomplete="off" checked' in html
    assert 'name="strike"' not in html
    assert 'name="score"' not in html


def test_a_correction_is_made_and_shown_on_the_game_page_to_everyone(client: Client) -> None:
    game = started()
    as_scorer(client, game)

    response = client.post(
        url(game, 0), {"dice": "4 4 4 4 2", "box": "fours", "reason": "Misread a die"}
    )

    assert response.status_code == 302
    assert response["Location"] == game_page(game)
    turn = Turn.objects.get(game=game, number=0)
    assert (turn.record["dice"], turn.score) == ([2, 4, 4, 4, 4], 16)
    correction = Correction.objects.get()
    assert correction.reason == "Misread a die"
    assert correction.corrected_by == scorer_of(game)
    assert "Turn 1 is corrected." in client.get(game_page(game)).content.decode()

    client.logout()
    html = client.get(game_page(game)).content.decode()
    assert 'id="corrections"' in html
    assert "<del>Fours · 1 2 4 4 4</del> → <ins>Fours · 2 4 4 4 4</ins>" in html
    assert "Why: Misread a die" in html
    assert "By Ann," in html


def test_a_correction_that_breaks_a_later_turn_is_refused_with_the_reason(client: Client) -> None:
    game = started()
    before = snapshot(game)

    response = as_scorer(client, game).post(
        url(game, 0), {"dice": "66612", "box": "sixes", "reason": "It was sixes"}
    )

    assert response.status_code == 422
    html = response.content.decode()
    assert "turn 3 would no longer be allowed (Ann has no open Sixes box: it is filled)" in html
    assert 'value="66612"' in html
    assert snapshot(game) == before
    assert not Correction.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"dice": "447", "box": "fours", "reason": "x"}, "Give the five dice as five faces"),
        ({"dice": "44712", "box": "fours", "reason": "x"}, "Give the five dice as five faces"),
        ({"dice": "", "box": "fours", "reason": "x"}, "Give the turn&#x27;s five dice"),
        ({"dice": "44442", "box": "sevens", "reason": "x"}, "Select a valid choice"),
        ({"dice": "44442", "box": "fours_jackpot", "reason": "x"}, "Select a valid choice"),
        ({"dice": "44442", "reason": "x"}, "This field is required"),
        ({"dice": "44442", "box": "fours", "reason": "  "}, "Say why the turn is corrected"),
        ({"dice": "44412", "box": "fours", "reason": "x"}, "The correction changes nothing"),
        ({"dice": "44442", "box": "fours", "reason": "x" * 1001}, "at most 1000 characters"),
    ],
)
def test_bad_input_answers_422_with_a_message_and_changes_nothing(
    client: Client, data: dict[str, str], message: str
) -> None:
    game = started()
    before = snapshot(game)

    response = as_scorer(client, game).post(url(game, 0), data)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert snapshot(game) == before
    assert not Correction.objects.exists()


def test_a_jackpot_turn_can_be_struck_by_a_correction(client: Client) -> None:
    game = new_game("jackpot")
    play_boxes(game, [("fives_jackpot", "55551"), ("fours", "44412")])
    assert Turn.objects.get(game=game, number=0).score == 20

    response = as_scorer(client, game).post(
        url(game, 0),
        {"dice": "55551", "box": "fives_jackpot", "strike": "on", "reason": "She struck it"},
    )

    assert response.status_code == 302
    turn = Turn.objects.get(game=game, number=0)
    assert (turn.score, turn.record.get("strike")) == (0, True)


def test_a_throw_log_is_kept_unless_the_scorer_drops_it(client: Client) -> None:
    game = new_game("balut")
    throws = [{"cocked": True}, {"dice": [4, 4, 4, 1, 2]}]
    play(game, {"player": "Ann", "box": "fours", "dice": [4, 4, 4, 1, 2], "throws": throws})
    play(game, {"player": "Ben", "box": "fours", "dice": [4, 4, 4, 1, 2]})
    as_scorer(client, game)
    assert 'name="keep_throws"' in client.get(url(game, 0)).content.decode()

    kept = client.post(
        url(game, 0), {"dice": "44412", "box": "choice", "keep_throws": "on", "reason": "Choice"}
    )
    assert kept.status_code == 302
    assert Turn.objects.get(game=game, number=0).record["throws"] == [
        {"cocked": True},
        {"dice": [1, 2, 4, 4, 4]},
    ]

    refused = client.post(
        url(game, 0), {"dice": "66666", "box": "balut", "keep_throws": "on", "reason": "Balut"}
    )
    assert refused.status_code == 422
    dropped = client.post(url(game, 0), {"dice": "66666", "box": "balut", "reason": "Balut"})
    assert dropped.status_code == 302
    assert "throws" not in Turn.objects.get(game=game, number=0).record


def test_a_paper_score_is_corrected_by_its_score(client: Client) -> None:
    game = new_game("balut")
    play(game, {"player": "Ann", "box": "choice", "score": 23})
    as_scorer(client, game)
    assert 'name="score"' in client.get(url(game, 0)).content.decode()

    both = client.post(
        url(game, 0), {"dice": "66666", "score": "25", "box": "choice", "reason": "x"}
    )
    assert both.status_code == 422
    assert "Give either the five dice or the paper score" in both.content.decode()
    impossible = client.post(url(game, 0), {"score": "3", "box": "choice", "reason": "x"})
    assert impossible.status_code == 422
    assert "Choice cannot score 3" in impossible.content.decode()

    response = client.post(url(game, 0), {"score": "25", "box": "choice", "reason": "Misread"})

    assert response.status_code == 302
    assert Turn.objects.get(game=game, number=0).score == 25


def test_a_barbut_turn_is_corrected_by_its_throws(client: Client) -> None:
    game = new_game("barbut4")
    play(game, {"player": "Ann", "throws": [{"dice": [1, 5, 3, 2], "keep": [1, 5]}]})
    as_scorer(client, game)
    form = client.get(url(game, 0)).content.decode()
    # The pad starts from the turn as recorded; no text box with JSON in it is shown.
    assert "data-barbut-correction" in form and 'id="barbut-throws"' in form
    assert 'type="hidden" name="throws" value="[{&quot;dice&quot;: [1, 2, 3, 5]' in form
    assert form.count("<textarea") == 1  # the reason, and nothing else

    garbage = client.post(url(game, 0), {"throws": "[{", "reason": "x"})
    assert garbage.status_code == 422
    assert "The throws could not be read: tap the turn on the pad" in garbage.content.decode()
    bad_keep = client.post(
        url(game, 0), {"throws": '[{"dice": [1, 2, 3, 6], "keep": [2]}]', "reason": "x"}
    )
    assert bad_keep.status_code == 422
    assert Turn.objects.get(game=game).score == 150

    response = client.post(
        url(game, 0), {"throws": '[{"dice": [1, 1, 3, 2], "keep": [1, 1]}]', "reason": "Two 1s"}
    )

    assert response.status_code == 302
    assert Turn.objects.get(game=game).score == 200


def test_anonymous_visitors_are_sent_to_sign_in(client: Client) -> None:
    game = started()

    for response in (client.get(url(game, 0)), client.post(url(game, 0), {"reason": "x"})):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("scoring:signin") + "?next=")
    assert not Correction.objects.exists()


def test_a_member_who_is_not_the_scorer_is_forbidden(client: Client) -> None:
    game = started()
    before = snapshot(game)

    for user in (User.objects.get(member__known_as="Ben"), member("Dee").user):
        client.force_login(user)
        assert client.get(url(game, 0)).status_code == 403
        data = {"dice": "44442", "box": "fours", "reason": "x"}
        assert client.post(url(game, 0), data).status_code == 403

    assert snapshot(game) == before


def test_the_scorer_may_not_correct_a_signed_game_but_the_secretary_may(client: Client) -> None:
    game = new_game("bar")
    fill_game(game)
    sign_all(game)
    data = {"dice": "44442", "box": "fours", "reason": "Checked the paper"}

    assert as_scorer(client, game).post(url(game, 0), data).status_code == 403
    assert not Correction.objects.exists()

    client.force_login(secretary())
    assert client.get(url(game, 0)).status_code == 200
    assert client.post(url(game, 0), data).status_code == 302
    assert Turn.objects.get(game=game, number=0).score == 16


def test_only_get_and_post_are_allowed(client: Client) -> None:
    game = started()
    as_scorer(client, game)

    assert client.put(url(game, 0)).status_code == 405
    assert client.delete(url(game, 0)).status_code == 405


def test_a_turn_or_game_that_does_not_exist_is_not_found(client: Client) -> None:
    game = started()
    as_scorer(client, game)

    assert client.get(url(game, 3)).status_code == 404
    assert client.post(url(game, 99), {"reason": "x"}).status_code == 404
    assert client.get(reverse("scoring:correct_turn", args=[999, 0])).status_code == 404


def test_the_game_page_offers_the_turns_to_correct_newest_first_to_the_scorer(
    client: Client,
) -> None:
    game = started()

    html = as_scorer(client, game).get(game_page(game)).content.decode()

    assert 'id="turns"' in html
    links = [url(game, n) for n in (2, 1, 0)]
    positions = [html.index(f'href="{link}"') for link in links]
    assert positions == sorted(positions)


def test_the_game_page_offers_no_corrections_to_others(client: Client) -> None:
    game = started()

    assert 'id="turns"' not in client.get(game_page(game)).content.decode()
    client.force_login(User.objects.get(member__known_as="Ben"))
    assert 'id="turns"' not in client.get(game_page(game)).content.decode()


def test_the_game_page_costs_the_same_queries_however_many_corrections(client: Client) -> None:
    game = started()
    scorer = scorer_of(game)
    client.force_login(scorer)

    def corrected(dice: list[int], by: User) -> None:
        correct_turn(
            game=game,
            number=0,
            turn_record={"box": "fours", "dice": dice},
            reason="again",
            corrected_by=by,
        )

    corrected([4, 4, 4, 4, 2], scorer)
    with CaptureQueriesContext(connection) as one:
        client.get(game_page(game))
    corrected([4, 4, 4, 4, 4], secretary())
    corrected([4, 4, 4, 1, 1], scorer)
    with CaptureQueriesContext(connection) as three:
        response = client.get(game_page(game))

    assert response.content.decode().count("data-correction") == 3
    assert len(one) == len(three)


def test_the_five_dice_pad_previews_each_box_as_the_game_stood_before_the_turn(
    client: Client,
) -> None:
    game = new_game("jackpot")
    play_boxes(game, [("fours", "44412"), ("fives", "55512"), ("fours", "44441")])

    response = as_scorer(client, game).get(url(game, 2))

    preview = response.context["preview"]
    # Ann's second turn found her Fours box filled once: three left, every other box open.
    keys = [box["key"] for box in preview["boxes"]]
    assert "fours" in keys and "fours_jackpot" in keys
    row = dict(zip(keys, preview["rolls"]["14444"], strict=True))
    assert row["fours"] == [16, "s"]
    assert row["fours_jackpot"] == [16, "c"]
    assert row["straight"] == [0, "x"]
