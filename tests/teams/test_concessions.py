"""A side concedes one table's game during the match, in words: the card counts it as lost for
that side, and a concession is refused without a reason, twice, by the other team's captain or
once the card is signed."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from teams.match_rules import Side
from teams.models import ConcededGame, Match
from teams.selectors import match_outcome
from teams.services.concessions import concede_game
from teams.services.matches import sign_card
from tests.page_text import text_of
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import finish_games, started_match

pytestmark = pytest.mark.django_db


def test_a_conceded_game_counts_as_lost_for_the_conceding_side_on_the_card(client: Client) -> None:
    boss = secretary()
    match, (home, away) = started_match(boss)
    client.force_login(home.captain.user)
    url = reverse("teams:concede", args=[match.pk])

    response = client.post(url, {"table": 1, "side": "home", "reason": "player ill"}, follow=True)

    assert response.status_code == 200
    page = text_of(response.content.decode())
    assert f"Table 1: conceded by {home.name}: player ill" in page
    conceded = ConcededGame.objects.get(match=match)
    assert (conceded.table, conceded.side, conceded.conceded_by) == (1, "home", home.captain.user)
    outcome = match_outcome(match, so_far=True)
    assert outcome is not None
    table_one = [line for line in outcome.lines if line.table == 1]
    assert sorted(line.rank or 0 for line in table_one if line.side == Side.AWAY) == [1, 2]
    assert sorted(line.rank or 0 for line in table_one if line.side == Side.HOME) == [3, 4]
    assert client.get(url).status_code == 405


def test_a_concession_without_a_reason_twice_or_by_the_other_captain_is_refused(
    client: Client,
) -> None:
    boss = secretary()
    match, (home, away) = started_match(boss)
    client.force_login(home.captain.user)
    url = reverse("teams:concede", args=[match.pk])

    blank = client.post(url, {"table": 1, "side": "home", "reason": " "})

    assert blank.status_code == 422
    assert "Say why the game is conceded." in text_of(blank.content.decode())
    assert not ConcededGame.objects.exists()
    with pytest.raises(PermissionDenied):
        concede_game(by=away.captain.user, match=match, table=1, side=Side.HOME, reason="ill")
    concede_game(by=boss, match=match, table=1, side=Side.HOME, reason="ill")
    again = client.post(url, {"table": 1, "side": "home", "reason": "still ill"})
    assert again.status_code == 422
    assert "conceded already" in text_of(again.content.decode())
    assert ConcededGame.objects.get().reason == "ill"


def test_a_game_cannot_be_conceded_once_it_is_over_or_the_card_is_signed() -> None:
    boss = secretary()
    match, _ = started_match(boss)
    finish_games(match)

    with pytest.raises(ValidationError, match="its result stands"):
        concede_game(by=boss, match=match, table=1, side=Side.HOME, reason="ill")
    sign_card(match=match, side=Side.HOME, signer=match.fixture.home.captain.user)
    sign_card(match=match, side=Side.AWAY, signer=match.fixture.away.captain.user)
    with pytest.raises(ValidationError, match="the card is closed"):
        concede_game(by=boss, match=match, table=2, side=Side.AWAY, reason="late")
    assert not ConcededGame.objects.exists()
    assert Match.objects.get(pk=match.pk).is_signed
