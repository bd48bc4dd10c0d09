"""A historic paper game imported books no rounds owed unless the secretary ticks the box; the
game keeps that choice in its house rules, so a correction and check_books follow it."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from league.checks import check_games, checked_games
from league.models import DrinkDebt
from scoring import rules
from scoring.models import Game
from scoring.selectors import game_house_rules
from tests.scoring.views.test_game_import import as_secretary, upload

pytestmark = pytest.mark.django_db

URL = reverse("scoring:game_import")
# A finished bar game (its rules always keep rounds owed): the last player owes a round.
RECORD = "bar-register"


def consistent() -> bool:
    return all(not found for _game, found in check_games(checked_games()))


def test_the_box_is_offered_unticked(client: Client) -> None:
    html = as_secretary(client).get(URL).content.decode()

    assert 'type="checkbox" name="book_rounds" id="id_book_rounds" aria-describedby' in html
    assert "Book the rounds owed in these games" in html


def test_a_game_imported_without_the_box_books_no_rounds_owed_and_its_books_check(
    client: Client,
) -> None:
    response = as_secretary(client).post(URL, {"records": upload(RECORD)})

    assert response.status_code == 200
    game = Game.objects.get()
    assert game.house_rules["rounds_booked"] is False
    assert not game_house_rules(game).drinks_kept(game.ruleset)
    assert not DrinkDebt.objects.exists()
    assert game.result_rows.count() == game.players.count()
    assert consistent()


def test_a_game_imported_with_the_box_books_its_rounds_owed_and_its_books_check(
    client: Client,
) -> None:
    response = as_secretary(client).post(URL, {"records": upload(RECORD), "book_rounds": "on"})

    assert response.status_code == 200
    game = Game.objects.get()
    assert "rounds_booked" not in game.house_rules
    assert DrinkDebt.objects.filter(game=game).exists()
    assert consistent()


def test_check_books_repair_books_no_rounds_for_a_game_imported_without_them(
    client: Client,
) -> None:
    as_secretary(client).post(URL, {"records": upload(RECORD)})

    call_command("check_books", repair=True, stdout=io.StringIO())

    assert not DrinkDebt.objects.exists()


def test_house_rules_without_rounds_read_back_as_kept() -> None:
    kept = rules.HouseRules(rounds_booked=False)

    assert rules.parse_house_rules(kept.as_dict()) == kept
    assert rules.parse_house_rules(rules.HouseRules().as_dict()).rounds_booked
    assert "rounds_booked" not in rules.HouseRules().as_dict()
    with pytest.raises(ValueError, match="rounds_booked"):
        rules.parse_house_rules({**rules.HouseRules().as_dict(), "rounds_booked": "no"})
    for ruleset in rules.RULESET_KEYS:
        assert not kept.drinks_kept(ruleset)
