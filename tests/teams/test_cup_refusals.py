"""A correction that would take a cup win back after the winner played on is refused in words:
the secretary is told why (not that the books could not be written), and nothing changes."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Game
from teams.models import CupTie
from teams.services.cup import draw_cup
from teams.services.matches import start_match
from tests.page_text import text_of
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import cup_of, play_and_sign, tie_fixture

pytestmark = pytest.mark.django_db


def test_voiding_a_cup_game_whose_winner_has_started_the_next_round_is_refused_in_words(
    client: Client,
) -> None:
    boss = secretary()
    division, _ = cup_of(boss, 4)
    draw_cup(
        by=boss,
        division=division,
        seeded=0,
        first_round_on=datetime.date(2026, 2, 5),
        starts_at=datetime.time(19, 30),
    )
    first, second = CupTie.objects.filter(division=division, round=1).order_by("position")
    won = play_and_sign(tie_fixture(first))
    play_and_sign(tie_fixture(second))
    final = CupTie.objects.get(division=division, round=2)
    fixture = tie_fixture(final)
    start_match(
        by=boss,
        fixture=fixture,
        home_players=[fixture.home.captain],
        away_players=[fixture.away.captain],
    )
    game = won.games.get().game
    client.force_login(boss)

    response = client.post(
        reverse("league:void_game", args=[game.pk]),
        {"reason": "Wrong players", "confirm": "on"},
    )

    assert response.status_code == 422
    page = text_of(response.content.decode())
    assert "has started its next round's match already" in page
    assert "could not be written" not in page
    assert not Game.objects.get(pk=game.pk).voided_at
    first.refresh_from_db()
    assert first.winner_id is not None
    assert CupTie.objects.get(pk=final.pk).fixture_id == fixture.pk
