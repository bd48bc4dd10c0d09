"""A voided table's result entered by the secretary by hand: the standings count it as the
table's game, the places follow from the scores, and a table in play, a second entry and a
replay after it are refused in words."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from scoring.services.games import void_game
from tests.page_text import text_of
from tests.scoring.services.helpers import secretary
from tests.tournaments.helpers import club_night, start_rounds
from tournaments.models import HandResult, Table
from tournaments.selectors import playing_at, standings
from tournaments.services.rounds import replay_table

pytestmark = pytest.mark.django_db


def test_the_secretary_enters_a_voided_tables_result_and_the_standings_count_it(
    client: Client,
) -> None:
    boss = secretary()
    tournament = club_night(boss, rounds=2)
    games = start_rounds(tournament, boss, up_to=1, played=True)
    table = Table.objects.get(game=games[0])
    void_game(game=games[0], by=boss, reason="Two players swapped sheets")
    players = playing_at(table)
    client.force_login(boss)
    url = reverse("tournaments:hand_result", args=[tournament.pk, table.pk])
    assert client.get(url).status_code == 200
    form = {"reason": "Copied from the paper sheet"}
    for score, player in zip((300, 250, 250, 100), players, strict=False):
        form[f"score_{player.pk}"] = str(score)

    response = client.post(url, form)

    assert response.status_code == 302
    kept = {row.entrant.name: (row.score, row.rank) for row in HandResult.objects.all()}
    assert kept == {
        players[0].name: (300, 1),
        players[1].name: (250, 2),
        players[2].name: (250, 2),
        players[3].name: (100, 4),
    }
    rows = {row.entrant.name: row for row in standings(tournament)}
    assert (rows[players[0].name].games, rows[players[0].name].score) == (1, 300)
    assert rows[players[0].name].wins == 1 and rows[players[3].name].wins == 0
    with pytest.raises(ValidationError, match="entered by hand"):
        replay_table(table=table, by=boss)
    again = client.post(url, form)
    assert again.status_code == 422
    assert "entered already" in text_of(again.content.decode())
    assert HandResult.objects.count() == 4
    assert client.put(url).status_code == 405


def test_a_table_in_play_is_scored_on_the_tablet_not_by_hand(client: Client) -> None:
    boss = secretary()
    tournament = club_night(boss, rounds=2)
    games = start_rounds(tournament, boss, up_to=1)
    table = Table.objects.get(game=games[0])
    client.force_login(boss)
    form = {"reason": "Paper"} | {f"score_{p.pk}": "10" for p in playing_at(table)}

    response = client.post(reverse("tournaments:hand_result", args=[tournament.pk, table.pk]), form)

    assert response.status_code == 422
    assert "Only a voided table's result is entered by hand" in text_of(response.content.decode())
    assert not HandResult.objects.exists()
