"""The tablet's turn reads its game once: the service reads and locks it, not the view first.
So the service refuses what the view refused before: another club's game, a user who may not
record the game's turns, and a turn of the other kind of game; each changes nothing."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring.models import Game, Turn
from scoring.services.games import Seat, start_game
from scoring.services.members import create_member
from tests.factories import PIN, other_club
from tests.page_text import text_of
from tests.scoring.services.helpers import member, new_game
from tests.scoring.views.test_play import five_dice_post, scorer_client
from tests.scoring.views.test_turn_answer import TABLET

pytestmark = pytest.mark.django_db


def turn_url(game_id: int, club: str = "club") -> str:
    return f"/c/{club}/games/{game_id}/turns/"


def other_clubs_game() -> Game:
    north = other_club("north")
    nia = create_member(in_club=north, name="Nia North", known_as="Nia", pin=PIN)
    ole = create_member(in_club=north, name="Ole North", known_as="Ole", pin=PIN)
    return start_game(
        in_club=north,
        ruleset="balut",
        seats=[Seat(member=nia), Seat(member=ole)],
        scorer=nia,
        created_by=nia.user,
    )


def test_a_turn_for_another_clubs_game_is_not_found_and_records_nothing(client: Client) -> None:
    ours = new_game("balut")
    theirs = other_clubs_game()
    # Our scorer, posting a whole turn for their game at our club's address.
    scorer_client(client, ours)

    answer = client.post(turn_url(theirs.pk), five_dice_post(theirs, player="Nia"), headers=TABLET)

    assert answer.status_code == 404
    assert not Turn.objects.exists()


def test_a_whole_turn_from_someone_who_keeps_no_score_is_forbidden_and_records_nothing(
    client: Client,
) -> None:
    game = new_game("balut")
    client.force_login(member("Cy").user)

    answer = client.post(turn_url(game.pk), five_dice_post(game), headers=TABLET)

    assert answer.status_code == 403
    assert not Turn.objects.exists()


def test_a_five_dice_turn_sent_to_a_barbut_game_is_refused_with_a_reason(client: Client) -> None:
    game = new_game("barbut4")
    scorer_client(client, game)

    answer = client.post(turn_url(game.pk), five_dice_post(game), headers=TABLET)

    assert answer.status_code == 422
    assert "a Barbut turn needs a list of throws" in text_of(answer.content.decode())
    assert not Turn.objects.exists()


def test_a_barbut_turn_sent_to_a_five_dice_game_is_refused_with_a_reason(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)
    post = {
        "expected_number": 0,
        "request_key": str(uuid.uuid4()),
        "player": "Ann",
        "throws": "[[1, 2, 3, 4]]",
    }

    answer = client.post(turn_url(game.pk), post, headers=TABLET)

    assert answer.status_code == 422
    assert "box is missing" in text_of(answer.content.decode())
    assert not Turn.objects.exists()


def test_a_post_without_a_pads_fields_gets_the_games_own_form_refusal(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    answer = client.post(turn_url(game.pk), {"expected_number": 0}, headers=TABLET)

    assert answer.status_code == 422
    # The five-dice form's fields (the key, the player, the box and the dice), which the view
    # knows only from the game it read: Barbut's form would miss three.
    assert text_of(answer.content.decode()).count("This field is required.") == 4
    assert not Turn.objects.exists()


def test_a_visitors_whole_turn_is_forbidden_before_any_transaction(client: Client) -> None:
    game = new_game("balut")
    post = five_dice_post(game)

    with CaptureQueriesContext(connection) as queries:
        answer = client.post(turn_url(game.pk), post, headers=TABLET)

    assert answer.status_code == 403
    # The game read (an unknown one is not found), but no transaction's write lock taken
    # (BEGIN IMMEDIATE on SQLite, FOR UPDATE on PostgreSQL) for someone who cannot score.
    sent = [query["sql"] for query in queries.captured_queries]
    assert not [sql for sql in sent if sql.startswith(("BEGIN", "INSERT", "UPDATE"))]
    assert not [sql for sql in sent if "FOR UPDATE" in sql]
    assert not Turn.objects.exists()
