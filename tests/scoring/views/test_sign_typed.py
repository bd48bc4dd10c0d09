"""The signing page's keyboard way: a guest types their name, the scorer (or the secretary)
signed in on the tablet ticks that they saw it typed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.test import Client

from scoring.models import Game, Signature
from tests.scoring.services.helpers import member, scorer_of
from tests.scoring.views.test_sign_sheet import on_scorers_tablet, player, url, with_guest

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db


def by_typing(
    client: Client, game: Game, typed: str = "Zed", *, witnessed: bool = True
) -> Response:
    data = {"player": player(game, 1).pk, "method": "typed", "typed_name": typed}
    if witnessed:
        data["witnessed"] = "on"
    return client.post(url(game), data)


def test_the_scorers_tablet_offers_a_guest_the_typed_name_beside_the_pad(client: Client) -> None:
    game = with_guest()
    on_scorers_tablet(client, game)

    html = client.get(url(game)).content.decode()

    panel = html[html.index(f'id="sign-{player(game, 1).pk}"') :]
    assert panel.index("data-pad") < panel.index("data-typed-form")
    assert f'for="typed-{player(game, 1).pk}"' in panel
    assert "I, Ann, saw Zed type it." in panel


def test_a_guest_signs_by_typed_name_which_the_page_then_shows(client: Client) -> None:
    game = with_guest()
    on_scorers_tablet(client, game)

    response = by_typing(client, game, " Zed ")

    assert response.status_code == 302
    signature = Signature.objects.get()
    assert (signature.player.name, signature.method, signature.typed_name) == (
        "Zed",
        "typed",
        "Zed",
    )
    assert signature.witness == scorer_of(game)
    html = client.get(url(game)).content.decode()
    assert "Zed has signed." in html
    assert '<span class="typed-signature" data-typed-signature>Zed</span>' in html
    assert "by typing the name" in html


@pytest.mark.parametrize(
    ("typed", "witnessed", "message"),
    [
        ("", True, "Type Zed&#x27;s name to sign."),
        ("Zedd", True, "Type the name as the sheet shows it: Zed."),
        ("Zed", False, "that Zed typed the name."),
        ("Z" * 101, True, "at most 100 characters"),
    ],
    ids=["empty", "wrong-name", "not-witnessed", "too-long"],
)
def test_a_refused_typed_name_answers_422_with_the_reason_and_writes_nothing(
    client: Client, typed: str, witnessed: bool, message: str
) -> None:
    game = with_guest()
    on_scorers_tablet(client, game)

    response = by_typing(client, game, typed, witnessed=witnessed)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Signature.objects.exists()


def test_a_member_who_does_not_keep_the_game_takes_no_typed_name(client: Client) -> None:
    game = with_guest()
    client.force_login(member("Cy").user)

    html = client.get(url(game)).content.decode()
    response = by_typing(client, game)

    assert "data-typed-form" not in html
    assert response.status_code == 422
    assert not Signature.objects.exists()


def test_a_visitor_signs_nothing_by_typing(client: Client) -> None:
    game = with_guest()

    response = by_typing(client, game)

    assert response.status_code == 302 and "/signin/" in response["Location"]
    assert not Signature.objects.exists()


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_the_typed_signature_takes_no_other_method(client: Client, method: str) -> None:
    game = with_guest()
    on_scorers_tablet(client, game)

    response = getattr(client, method)(url(game), {"method": "typed", "typed_name": "Zed"})

    assert response.status_code == 405
    assert not Signature.objects.exists()
