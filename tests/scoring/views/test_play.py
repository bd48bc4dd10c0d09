"""The game page and its turns URL: the tablet for the scorer, the sheet for everyone else."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import Game, Turn
from scoring.selectors import load_game
from tests.scoring.services.helpers import fill_game, five_dice, member, new_game, play, secretary

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def page(game: Game) -> str:
    return reverse("scoring:game", args=[game.pk])


def turns_url(game: Game) -> str:
    return reverse("scoring:record_turn", args=[game.pk])


def scorer_client(client: Client, game: Game) -> Client:
    assert game.scorer is not None
    client.force_login(game.scorer.user)
    return client


def five_dice_post(game: Game, **changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "expected_number": game.turns.count(),
        "request_key": str(uuid.uuid4()),
        "player": "Ann",
        "box": "fours",
        "dice": "44412",
    }
    data.update(changes)
    return data


def test_anonymous_visitors_see_the_sheet_without_the_dice_pad(client: Client) -> None:
    game = new_game("balut")
    play(game, five_dice(game, "fours", "44412"))

    response = client.get(page(game))

    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="sheet"' in html
    assert "data-five-dice-turn" not in html
    assert "dice-pad" not in html
    assert "Scorer? Sign in" in html
    assert "Next to throw: <strong>Ben</strong>" in html


def test_the_scorer_gets_the_dice_pad(client: Client) -> None:
    game = new_game("balut")

    response = scorer_client(client, game).get(page(game))

    assert response.status_code == 200
    html = response.content.decode()
    assert "data-five-dice-turn" in html
    assert 'name="expected_number" value="0"' in html
    assert 'id="preview-data"' in html


def test_the_scorer_of_a_barbut_game_gets_the_throw_pad(client: Client) -> None:
    game = new_game("barbut4")

    response = scorer_client(client, game).get(page(game))

    assert "data-barbut-turn" in response.content.decode()


def test_another_member_sees_the_sheet_without_the_dice_pad(client: Client) -> None:
    game = new_game("balut")
    client.force_login(User.objects.get(member__known_as="Ben"))

    html = client.get(page(game)).content.decode()

    assert "data-five-dice-turn" not in html
    assert 'id="sheet"' in html


def test_an_unknown_game_is_not_found(client: Client) -> None:
    assert client.get(reverse("scoring:game", args=[999])).status_code == 404
    assert client.post(reverse("scoring:record_turn", args=[999]), {}).status_code == 404


def test_a_turn_posted_by_htmx_answers_with_the_play_partial(client: Client) -> None:
    game = new_game("balut")

    response = scorer_client(client, game).post(turns_url(game), five_dice_post(game), headers=HTMX)

    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert 'id="play" data-turn="1"' in html
    assert "Ann: Fours 12" in html
    turn = Turn.objects.get(game=game)
    assert (turn.number, turn.box, turn.score, turn.player.name) == (0, "fours", 12, "Ann")


def test_a_plain_post_redirects_to_the_game_page(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    response = client.post(turns_url(game), five_dice_post(game))

    assert response.status_code == 302
    assert response["Location"] == page(game)
    assert Turn.objects.filter(game=game, number=0, box="fours", score=12).exists()
    assert "Ann: Fours 12" in client.get(page(game)).content.decode()


def test_a_barbut_turn_is_recorded_from_its_throws(client: Client) -> None:
    game = new_game("barbut4")
    data = {
        "expected_number": 0,
        "request_key": str(uuid.uuid4()),
        "player": "Ann",
        "throws": '[{"dice": [1, 5, 3, 2], "keep": [1, 5]}]',
    }

    response = scorer_client(client, game).post(turns_url(game), data, headers=HTMX)

    assert response.status_code == 200
    assert "Ann: 150 banked" in response.content.decode()
    assert Turn.objects.get(game=game).score == 150


def test_the_secretary_may_record_a_turn(client: Client) -> None:
    game = new_game("balut")
    client.force_login(secretary())

    response = client.post(turns_url(game), five_dice_post(game), headers=HTMX)

    assert response.status_code == 200
    assert Turn.objects.filter(game=game).count() == 1


def test_a_member_who_is_not_the_scorer_is_forbidden(client: Client) -> None:
    game = new_game("balut")
    for user in (User.objects.get(member__known_as="Ben"), member("Dee").user):
        client.force_login(user)
        response = client.post(turns_url(game), five_dice_post(game), headers=HTMX)
        assert response.status_code == 403
    assert not Turn.objects.exists()


def test_anonymous_visitors_are_forbidden_to_record(client: Client) -> None:
    game = new_game("balut")

    response = client.post(turns_url(game), five_dice_post(game))

    assert response.status_code == 403
    assert not Turn.objects.exists()


def test_the_turns_url_only_takes_a_post(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    assert client.get(turns_url(game)).status_code == 405
    assert client.put(turns_url(game)).status_code == 405
    assert client.post(page(game)).status_code == 405


@pytest.mark.parametrize(
    ("changes", "status", "message"),
    [
        ({"dice": "44712"}, 422, "Tap all five dice"),
        ({"dice": ""}, 422, "This field is required"),
        ({"dice": "4441"}, 422, "Tap all five dice"),
        ({"box": ""}, 422, "This field is required"),
        ({"box": "sevens"}, 422, "&#x27;sevens&#x27; is not a box"),
        ({"player": "Ben"}, 422, "it is Ann&#x27;s turn, not Ben&#x27;s"),
        ({"player": "Zed"}, 422, "&#x27;Zed&#x27; is not a player in this game"),
        ({"request_key": "not-a-key"}, 422, "Enter a valid UUID"),
        ({"request_key": ""}, 422, "This field is required"),
        ({"expected_number": "-1"}, 422, "greater than or equal to 0"),
        ({"expected_number": "x"}, 422, "Enter a whole number"),
        ({"expected_number": 5}, 409, "The game has moved on"),
        ({"throws": "[{"}, 422, "The throw log could not be read"),
        ({"throws": '[{"dice": [4, 4, 4, 1, 3]}]'}, 422, "throw"),
        ({"strike": "on"}, 422, "only a jackpot box can be struck"),
    ],
)
def test_bad_input_answers_with_a_message_and_writes_nothing(
    client: Client, changes: dict[str, object], status: int, message: str
) -> None:
    game = new_game("balut")
    updated_at = game.updated_at

    response = scorer_client(client, game).post(
        turns_url(game), five_dice_post(game, **changes), headers=HTMX
    )

    assert response.status_code == status
    html = response.content.decode()
    assert 'id="error"' in html
    assert message in html
    assert not Turn.objects.exists()
    assert Game.objects.get(pk=game.pk).updated_at == updated_at


def test_a_full_box_is_refused_with_a_message(client: Client) -> None:
    game = new_game("bar")
    play(game, five_dice(game, "fours", "44412"))
    play(game, five_dice(game, "fours", "44123"))

    response = scorer_client(client, game).post(turns_url(game), five_dice_post(game), headers=HTMX)

    assert response.status_code == 422
    assert "Ann has no open Fours box: it is filled" in response.content.decode()
    assert Turn.objects.filter(game=game).count() == 2


def test_a_turn_for_another_games_number_is_refused_as_stale(client: Client) -> None:
    game, other = new_game("balut"), new_game("balut", ["Ann", "Cy"])
    play(other, five_dice(other, "fours", "44412"))
    play(other, five_dice(other, "fours", "44412"))

    response = scorer_client(client, game).post(
        turns_url(game), five_dice_post(game, expected_number=other.turns.count()), headers=HTMX
    )

    assert response.status_code == 409
    assert "The game has moved on: turn 1 is next" in response.content.decode()
    assert not Turn.objects.filter(game=game).exists()


def test_a_refused_plain_post_redirects_with_the_message(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    response = client.post(turns_url(game), five_dice_post(game, dice="44712"), follow=True)

    assert response.redirect_chain == [(page(game), 302)]
    assert "Tap all five dice" in response.content.decode()
    assert not Turn.objects.exists()


def test_a_double_submit_with_the_same_request_key_records_once(client: Client) -> None:
    game = new_game("balut")
    data = five_dice_post(game)
    scorer_client(client, game)

    first = client.post(turns_url(game), data, headers=HTMX)
    second = client.post(turns_url(game), data, headers=HTMX)

    assert first.status_code == second.status_code == 200
    assert Turn.objects.filter(game=game).count() == 1
    assert 'id="play" data-turn="1"' in second.content.decode()


def test_a_retried_last_turn_answers_as_recorded_not_forbidden(client: Client) -> None:
    game = new_game("bar")
    fill_game(game, leave=1)
    last_player = load_game(game).next_player
    assert last_player is not None
    data = five_dice_post(game, box="balut", dice="66666", player=last_player.name)
    scorer_client(client, game)

    first = client.post(turns_url(game), data, headers=HTMX)
    second = client.post(turns_url(game), data, headers=HTMX)

    assert first.status_code == second.status_code == 200
    assert "Finished" in second.content.decode()
    assert Turn.objects.filter(game=game).count() == 14


def test_a_new_turn_for_a_finished_game_is_refused_with_a_message(client: Client) -> None:
    game = new_game("bar")
    fill_game(game)

    response = scorer_client(client, game).post(turns_url(game), five_dice_post(game), headers=HTMX)

    assert response.status_code == 422
    assert "The game is over" in response.content.decode()
    assert Turn.objects.filter(game=game).count() == 14
