"""Downloading a game as a game record: it scores as the game does, and imports again."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from scoring import rules
from scoring.models import Game
from scoring.selectors import load_game
from scoring.services.corrections import correct_turn
from scoring.services.records import DuplicateGame, import_game_record
from tests.factories import the_club
from tests.scoring.services.helpers import fill_game, imported, new_game, play, scorer_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(member_client: Client) -> Client:
    """These pages are for signed-in members (scoring.access.privacy): the tests read them as
    one."""
    return member_client


def download(client: Client, game: Game) -> dict[str, object]:
    response = client.get(reverse("scoring:game_record", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == (
        f'attachment; filename="balutclub-game-{game.pk}.json"'
    )
    document = json.loads(response.content)
    assert isinstance(document, dict)
    return document


def same_result(game: Game, document: dict[str, object]) -> None:
    expected = rules.result_to_json(load_game(game).result())
    assert rules.result_to_json(rules.score_record(document)) == expected


def test_a_played_game_downloads_as_a_record_that_scores_the_same(client: Client) -> None:
    game = new_game("bar", ["Ann", "Ben", "Cy"])
    fill_game(game, leave=4)

    document = download(client, game)

    same_result(game, document)
    assert document["players"] == ["Ann", "Ben", "Cy"]
    app = document["app"]
    assert isinstance(app, dict)
    assert (app["game"], app["scorer"], app["finished_at"]) == (game.pk, "Ann", None)


@pytest.mark.parametrize(
    "name", ["balut-three-players", "bar-register", "barbut4-with-6666", "jackpot-fives-bonus"]
)
def test_an_imported_game_downloads_and_imports_again_to_the_same_result(
    client: Client, name: str
) -> None:
    game = imported(name)

    document = download(client, game)
    with pytest.raises(DuplicateGame):
        import_game_record(in_club=the_club(), data=document, imported_by=None)
    again = import_game_record(
        in_club=the_club(), data=document, imported_by=None, allow_duplicate=True
    )

    same_result(game, document)
    assert rules.result_to_json(load_game(again).result()) == rules.result_to_json(
        load_game(game).result()
    )
    assert again.status == game.status
    # The export's `played` files the copy at the moment the original was played.
    assert again.started_at == game.started_at.replace(microsecond=0)


def test_a_corrected_game_downloads_as_corrected(client: Client) -> None:
    game = new_game("balut")
    play(game, {"player": "Ann", "box": "fours", "dice": [4, 4, 4, 1, 2]})
    correct_turn(
        game=game,
        number=0,
        turn_record={"box": "sixes", "dice": [6, 6, 6, 1, 2]},
        reason="Sixes",
        corrected_by=scorer_of(game),
    )

    document = download(client, game)

    assert document["turns"] == [{"player": "Ann", "box": "sixes", "dice": [1, 2, 6, 6, 6]}]
    same_result(game, document)


def test_a_game_not_begun_downloads_as_an_empty_record(client: Client) -> None:
    game = new_game("barbut4")

    document = download(client, game)

    assert document["turns"] == []
    same_result(game, document)


def test_only_get_is_allowed(client: Client) -> None:
    game = new_game("balut")
    url = reverse("scoring:game_record", args=[game.pk])

    assert client.post(url).status_code == 405
    assert client.put(url).status_code == 405


def test_an_unknown_game_is_not_found(client: Client) -> None:
    assert client.get(reverse("scoring:game_record", args=[999])).status_code == 404
