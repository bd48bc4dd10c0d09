"""Where games finish, their drinks are booked: the last turn on the tablet, a correction, an
import, the demo data. The game page counts by the club's house rules."""

from __future__ import annotations

import io
import json
import uuid
from typing import TYPE_CHECKING

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from league.models import DebtStatus, DrinkDebt
from league.services.books import book_game
from league.services.settings import update_club_settings
from scoring import rules
from scoring.models import Game, GameStatus
from scoring.selectors import load_game
from tests.factories import the_club
from tests.league.helpers import BAR_PLANS, play_bar
from tests.scoring.services.helpers import example, imported, secretary

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db


def next_turn_post(game: Game) -> dict[str, object]:
    """The next turn of a bar game in its last round, as the tablet posts it: in the last
    round each player has only the last move of their plan left."""
    player = load_game(game).next_player
    assert player is not None
    box, dice = BAR_PLANS[player.name][-1]
    return {
        "expected_number": game.turns.count(),
        "request_key": str(uuid.uuid4()),
        "player": player.name,
        "box": box,
        "dice": dice,
    }


def post_turn(client: Client, game: Game) -> Response:
    assert game.scorer is not None
    client.force_login(game.scorer.user)
    return client.post(reverse("scoring:record_turn", args=[game.pk]), next_turn_post(game))


def test_the_turn_that_finishes_a_game_books_its_drinks(client: Client) -> None:
    game = play_bar(leave=1)

    response = post_turn(client, game)

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    debt = DrinkDebt.objects.get()
    assert (debt.debtor.name, debt.reason, debt.status) == ("Ben", "last_place", "owed")


def test_a_turn_that_does_not_finish_the_game_books_nothing(client: Client) -> None:
    game = play_bar(leave=2)

    post_turn(client, game)

    assert game.turns.count() == 20
    assert not DrinkDebt.objects.exists()


def test_a_correction_rebooks_the_games_drinks(client: Client) -> None:
    game = imported("bar-register")
    (eli,) = book_game(game=game).debts
    client.force_login(secretary())
    last = game.turns.order_by("number").last()
    assert last is not None

    response = client.post(
        reverse("scoring:correct_turn", args=[game.pk, last.number]),
        {"dice": "44444", "box": "fours", "reason": "Misread the dice"},
    )

    assert response.status_code == 302
    eli.refresh_from_db()
    assert eli.status == DebtStatus.VOIDED
    standing = DrinkDebt.objects.exclude(status=DebtStatus.VOIDED)
    assert [(d.debtor.name, d.reason) for d in standing] == [("Hal", "last_place")]


def test_an_imported_game_books_its_drinks_when_the_secretary_ticks_the_box(
    client: Client,
) -> None:
    client.force_login(secretary())

    response = client.post(
        reverse("scoring:game_import"),
        {"text": json.dumps(example("balut-three-players")), "book_rounds": "on"},
    )

    assert response.status_code == 200
    assert [(d.debtor.name, d.reason) for d in DrinkDebt.objects.order_by("sequence")] == [
        ("Cy", "balut_from_cup"),
        ("Cy", "balut_from_cup"),
        ("Dee", "three_cocks"),
        ("Cy", "last_place"),
    ]


def test_the_demo_data_books_the_finished_games_drinks() -> None:
    call_command("load_demo", stdout=io.StringIO())

    finished = Game.objects.filter(status=GameStatus.FINISHED)
    booked = {debt.game_id for debt in DrinkDebt.objects.all()}
    assert booked and booked <= set(finished.values_list("pk", flat=True))
    call_command("load_demo", stdout=io.StringIO())
    assert {debt.game_id for debt in DrinkDebt.objects.all()} == booked


def test_the_game_page_counts_drinks_by_the_house_rules_the_game_keeps(
    member_client: Client,
) -> None:
    client = member_client  # rounds owed are the ledger's: members see them
    game = imported("balut-three-players")
    page = reverse("scoring:game", args=[game.pk])
    assert "Balut out of the cup" in client.get(page).content.decode()

    update_club_settings(
        in_club=the_club(),
        by=secretary(),
        club_name="",
        drinks_in_balut=False,
        drinks_in_jackpot=True,
        register_bounds={"bar": rules.RegisterBounds(high=159, low=41)},
        default_options={},
    )

    # The game was played while the club kept drinks: its page shows the rounds its books keep.
    html = client.get(page).content.decode()
    drinks = html[html.index("data-drinks") :].split("</ul>")[0]
    assert "Balut out of the cup" in drinks
    later = imported("balut-three-players")
    html = client.get(reverse("scoring:game", args=[later.pk])).content.decode()
    drinks = html[html.index("data-drinks") :].split("</ul>")[0]
    assert "Balut out of the cup" not in drinks and "None" in drinks
