"""Old addresses outlast a second club (issue 36): on a server of several clubs, an address
without /c/<slug>/ whose object names its club (a signed sheet's code, a game's number) is sent
to that club's address; one whose object does not exist is a 404 in words; the TV's /board/
shows the oldest club's board. The redirect names the club's address and nothing more."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.models import Game
from scoring.services.games import Seat, start_game
from scoring.services.members import create_member
from tests.factories import (
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
    other_club,
    the_club,
)
from tests.scoring.services.helpers import fill_game, sign_all

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def signed_in_other_club() -> Game:
    """A signed game of the second club, played by members whose names only it shows."""
    the_club()
    other = other_club()
    zoe = create_member(in_club=other, name="Zoe Quist", known_as="Zoe", pin="1234")
    yan = create_member(in_club=other, name="Yan Quist", known_as="Yan", pin="1234")
    game = start_game(
        in_club=other,
        ruleset="bar",
        seats=[Seat(member=zoe), Seat(member=yan)],
        scorer=zoe,
        created_by=zoe.user,
    )
    fill_game(game)
    sign_all(game)
    return Game.objects.across_clubs().get(pk=game.pk)


def test_a_printed_qr_code_leads_to_the_sheets_club(client: Client) -> None:
    game = signed_in_other_club()
    code = game.verification_code

    response = client.get(f"/verify/{code}/")

    assert response.status_code == 302
    assert response["Location"] == f"/c/other/verify/{code}/"
    assert b"Zoe" not in response.content and b"Quist" not in response.content
    followed = client.get(response["Location"])
    assert followed.status_code == 200 and 'data-verdict="match"' in followed.content.decode()


def test_a_code_typed_loosely_still_finds_its_club(client: Client) -> None:
    game = signed_in_other_club()
    typed = game.verification_code.replace("-", "").lower()

    response = client.get(f"/verify/{typed}/")

    assert (response.status_code, response["Location"]) == (302, f"/c/other/verify/{typed}/")


def test_a_games_pages_and_its_pdf_lead_to_its_club_with_the_query_kept(client: Client) -> None:
    game = signed_in_other_club()

    for path in (f"/games/{game.pk}/", f"/games/{game.pk}/sheet.pdf?lang=da"):
        response = client.get(path)
        assert (response.status_code, response["Location"]) == (302, f"/c/other{path}"), path


def test_an_unknown_code_or_game_is_a_404_in_words(client: Client) -> None:
    signed_in_other_club()

    code = client.get("/verify/ZZZZ-ZZZZ-ZZ/")
    game = client.get("/games/987654/", HTTP_ACCEPT_LANGUAGE="da")

    assert code.status_code == 404
    assert "No signed sheet on this server has the verification code ZZZZ-ZZZZ-ZZ" in (
        code.content.decode()
    )
    assert game.status_code == 404 and 'lang="da"' in game.content.decode()
    assert "Der er intet spil nr. 987654 på denne server." in game.content.decode()


def test_the_tv_board_keeps_showing_the_oldest_club(client: Client) -> None:
    first = the_club()
    other_club()

    response = client.get("/board/")

    assert (response.status_code, response["Location"]) == (302, f"/c/{first.slug}/board/")


def test_a_post_to_an_old_address_is_not_redirected(client: Client) -> None:
    game = signed_in_other_club()

    response = client.post(f"/games/{game.pk}/")

    assert response.status_code == 404
    assert Game.objects.across_clubs().get(pk=game.pk).verification_code == game.verification_code


def test_any_other_address_without_a_club_still_leads_to_the_list_of_clubs(
    client: Client,
) -> None:
    signed_in_other_club()

    assert client.get("/standings/")["Location"] == "/clubs/"
