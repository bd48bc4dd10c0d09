"""A club's first day (issue 36): its name on its pages, its empty home telling the secretary
where to begin, and a signed-in member who may not enter the turn told who may."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PIN, fast_pin_hashing, other_club, the_club
from tests.scoring.services.helpers import new_game, secretary

__all__ = ["fast_pin_hashing"]

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

HOME = reverse("scoring:home")


def secretary_client() -> Client:
    secretary("sec")
    client = Client()
    signed = client.post(
        reverse("scoring:password_signin"), {"username": "sec", "password": "balut-secretary"}
    )
    assert signed.status_code == 302
    return client


def pin_client(member_id: int) -> Client:
    client = Client()
    signed = client.post(reverse("scoring:signin"), {"member": member_id, "pin": PIN})
    assert signed.status_code == 302
    return client


def test_an_empty_clubs_home_tells_its_secretary_what_to_do_first() -> None:
    page = secretary_client().get(HOME).content.decode()

    assert 'id="first-steps"' in page
    assert f'href="{reverse("league:members")}"' in page
    assert f'href="{reverse("league:settings")}"' in page
    assert f'href="{reverse("scoring:game_new")}"' in page


def test_visitors_and_clubs_with_games_get_no_first_steps() -> None:
    assert 'id="first-steps"' not in Client().get(HOME).content.decode()
    client = secretary_client()
    new_game()
    assert 'id="first-steps"' not in client.get(HOME).content.decode()


def test_every_page_of_a_club_carries_its_name_in_the_title_and_the_brand() -> None:
    north = the_club()
    south = other_club("south")
    for club in (north, south):
        for path in ("", "signin/", "verify/", "tournaments/"):
            page = Client().get(f"/c/{club.slug}/{path}").content.decode()
            assert f"{club.name}</title>" in page, path
            assert f'id="club-name">{club.name}</span>' in page, path
            assert "BalutClub" not in page, path


def test_a_signed_in_player_who_is_not_the_scorer_is_told_who_keeps_the_score() -> None:
    game = new_game(players=("Ann", "Ben"))
    ann, ben = (player.member for player in game.players.order_by("seat"))
    assert ann is not None and ben is not None and game.scorer == ann
    url = reverse("scoring:game", args=[game.pk])

    as_ben = pin_client(ben.pk).get(url).content.decode()
    as_ann = pin_client(ann.pk).get(url).content.decode()

    assert 'id="not-the-scorer"' in as_ben and "Ann keeps this game's score" in as_ben
    assert 'id="not-the-scorer"' not in as_ann
    assert 'id="not-the-scorer"' not in Client().get(url).content.decode()
