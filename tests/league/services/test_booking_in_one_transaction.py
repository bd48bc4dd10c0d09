"""A game's books are written in the transaction that changes the game: when booking fails in
the middle (an exception inside the league's booking), nothing of the change is kept, the scorer
or the secretary reads why, and sending the same change again finishes it with everything
booked."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from league.checks import inconsistent_game_count
from league.models import DebtStatus, DrinkDebt, PlayerResultRow
from scoring.models import Correction, Game, GameStatus, Turn
from tests.league.helpers import play_bar
from tests.league.services.test_scoring_hooks import next_turn_post
from tests.scoring.services.helpers import example, imported, secretary

pytestmark = pytest.mark.django_db

FAILED = "nothing of this change was kept"


def ledger_down() -> mock._patch[mock.MagicMock]:
    """The drinks ledger fails after the results were already written in the transaction."""
    return mock.patch("league.services.books.book_debts", side_effect=RuntimeError("ledger down"))


def test_a_failed_booking_of_the_last_turn_keeps_no_turn_and_the_resend_finishes_the_game(
    client: Client,
) -> None:
    game = play_bar(leave=1)
    assert game.scorer is not None
    client.force_login(game.scorer.user)
    post = next_turn_post(game)
    url = reverse("scoring:record_turn", args=[game.pk])

    with ledger_down() as failing:
        refused = client.post(url, post, headers={"HX-Request": "true"})
    failing.assert_called_once()

    assert refused.status_code == 503
    assert FAILED in refused.content.decode()
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS
    assert game.turns.count() == 20
    assert not PlayerResultRow.objects.filter(game=game).exists()
    assert not DrinkDebt.objects.exists()

    again = client.post(url, post, headers={"HX-Request": "true"})

    assert again.status_code == 200
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert Turn.objects.filter(game=game, request_key=str(post["request_key"])).count() == 1
    assert PlayerResultRow.objects.filter(game=game).count() == 3
    assert [(d.debtor.name, d.reason) for d in DrinkDebt.objects.all()] == [("Ben", "last_place")]
    assert inconsistent_game_count() == 0


def test_a_failed_booking_of_an_import_keeps_no_game_and_the_resend_imports_it(
    client: Client,
) -> None:
    client.force_login(secretary())
    # Its rounds owed booked too, so the failing ledger is reached.
    record = {"text": json.dumps(example("balut-three-players")), "book_rounds": "on"}

    with ledger_down():
        refused = client.post(reverse("scoring:game_import"), record)

    assert refused.status_code == 422
    assert FAILED in refused.content.decode()
    assert not Game.objects.exists()
    assert not Turn.objects.exists()
    assert not PlayerResultRow.objects.exists()

    again = client.post(reverse("scoring:game_import"), record)

    assert again.status_code == 200
    game = Game.objects.get()
    assert game.status == GameStatus.FINISHED
    assert PlayerResultRow.objects.filter(game=game).count() == 3
    assert DrinkDebt.objects.filter(game=game).count() == 4
    assert inconsistent_game_count() == 0


def test_a_failed_booking_of_a_correction_keeps_the_game_as_it_was_and_the_resend_corrects_it(
    client: Client,
) -> None:
    game = imported("bar-register")
    client.force_login(secretary())
    last = game.turns.order_by("number").last()
    assert last is not None
    url = reverse("scoring:correct_turn", args=[game.pk, last.number])
    correction = {"dice": "44444", "box": "fours", "reason": "Misread the dice"}
    rows_before = sorted(PlayerResultRow.objects.values_list("player__name", "score", "rank"))

    with ledger_down():
        refused = client.post(url, correction)

    assert refused.status_code == 422
    assert FAILED in refused.content.decode()
    last.refresh_from_db()
    assert last.record["dice"] != [4, 4, 4, 4, 4]
    assert not Correction.objects.exists()
    assert sorted(PlayerResultRow.objects.values_list("player__name", "score", "rank")) == (
        rows_before
    )
    assert [(d.debtor.name, d.status) for d in DrinkDebt.objects.all()] == [("Eli", "owed")]

    again = client.post(url, correction)

    assert again.status_code == 302
    assert Correction.objects.count() == 1
    standing = DrinkDebt.objects.exclude(status=DebtStatus.VOIDED)
    assert [(d.debtor.name, d.reason) for d in standing] == [("Hal", "last_place")]
    last_row = PlayerResultRow.objects.get(game=game, last=True)
    assert last_row.player.name == "Hal"
    assert inconsistent_game_count() == 0
