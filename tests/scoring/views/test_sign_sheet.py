"""The signing page: on the scorer's tablet, members sign with their PIN (or as themself when
signed in), guests with a finger drawing witnessed by the scorer or the secretary; a visitor who
is not signed in is told to sign in and signs nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring.models import Game, GamePlayer, Member, Signature
from scoring.services.games import Seat, start_game
from tests.factories import the_club
from tests.scoring.services.helpers import (
    PIN,
    drawing,
    fill_game,
    member,
    new_game,
    scorer_of,
    secretary,
    sign_all,
)

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db


def url(game: Game) -> str:
    return reverse("scoring:sign_sheet", args=[game.pk])


def finished(players: tuple[str, ...] = ("Ann", "Ben")) -> Game:
    game = new_game("bar", players)
    fill_game(game)
    game.refresh_from_db()
    return game


def with_guest() -> Game:
    ann = member("Ann")
    game = start_game(
        in_club=the_club(),
        ruleset="bar",
        seats=[Seat(member=ann), Seat(guest_name="Zed")],
        scorer=ann,
        created_by=ann.user,
    )
    fill_game(game)
    return game


def player(game: Game, seat: int) -> GamePlayer:
    return GamePlayer.objects.get(game=game, seat=seat)


def on_scorers_tablet(client: Client, game: Game) -> Client:
    client.force_login(scorer_of(game))
    return client


def by_pin(client: Client, game: Game, seat: int, pin: str = PIN) -> Response:
    return client.post(url(game), {"player": player(game, seat).pk, "method": "pin", "pin": pin})


def by_drawing(client: Client, game: Game, seat: int, image: str | None = None) -> Response:
    data = {"player": player(game, seat).pk, "method": "drawing", "drawing": image or drawing()}
    return client.post(url(game), data)


def test_a_visitor_is_told_to_sign_in_and_signs_nothing(client: Client) -> None:
    game = with_guest()

    html = client.get(url(game)).content.decode()
    pin = by_pin(client, game, 0)
    drawn = by_drawing(client, game, 1)

    assert "Sign in to sign this sheet." in html
    assert f'href="{reverse("scoring:signin")}?next={url(game)}"' in html.replace("%2F", "/")
    assert "data-sign-panel" not in html and "data-pad" not in html
    for refused in (pin, drawn):
        assert refused.status_code == 302
        assert refused["Location"].startswith(reverse("scoring:signin"))
    assert not Signature.objects.exists()


def test_on_the_scorers_tablet_the_member_signs_as_themself_and_the_guest_draws(
    client: Client,
) -> None:
    game = with_guest()
    on_scorers_tablet(client, game)

    response = client.get(url(game))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Signed by 0 of 2 players" in html
    assert html.count("Not signed yet") == 2
    assert html.count("data-sign-panel") == 2
    assert html.count("data-self-sign-form") == 1 and "You are signed in as Ann." in html
    assert html.count("data-pin-form") == 1, "the guest has no PIN to sign with"
    assert html.count('class="signature-pad"') == 1, "only the guest draws"
    assert "Ann, signed in here, is the witness." in html
    assert 'id="done-form"' in html


def test_a_member_signs_with_their_pin_on_the_scorers_tablet(client: Client) -> None:
    game = finished()
    on_scorers_tablet(client, game)

    response = by_pin(client, game, 1)

    assert response.status_code == 302 and response["Location"] == url(game)
    signature = Signature.objects.get()
    assert (signature.player.name, signature.method) == ("Ben", "pin")
    assert signature.witness == scorer_of(game)
    html = client.get(url(game)).content.decode()
    assert "Ben has signed." in html
    assert "Signed by 1 of 2 players" in html
    assert html.count("data-sign-panel") == 1


def test_the_member_signed_in_signs_as_themself_without_typing_a_pin(client: Client) -> None:
    game = finished()
    on_scorers_tablet(client, game)

    response = client.post(url(game), {"player": player(game, 0).pk, "method": "pin"})

    assert response.status_code == 302
    signature = Signature.objects.get()
    assert (signature.player.name, signature.method) == ("Ann", "pin")
    assert signature.witness == scorer_of(game)


def test_a_guest_signs_with_a_drawing_which_the_page_then_shows(client: Client) -> None:
    game = with_guest()
    on_scorers_tablet(client, game)

    response = by_drawing(client, game, 1)

    assert response.status_code == 302
    signature = Signature.objects.get()
    assert (signature.player.name, signature.method) == ("Zed", "drawing")
    assert signature.witness == scorer_of(game)
    html = client.get(url(game)).content.decode()
    assert f'src="{signature.image}" alt="Zed\'s signature"' in html


def test_the_secretary_witnesses_a_drawing_too(client: Client) -> None:
    game = with_guest()
    boss = secretary()
    client.force_login(boss)

    assert (
        "The secretary, signed in here, is the witness." in client.get(url(game)).content.decode()
    )
    assert by_drawing(client, game, 1).status_code == 302

    assert Signature.objects.get().witness == boss


def test_a_member_who_does_not_keep_the_game_takes_no_drawing(client: Client) -> None:
    game = with_guest()
    client.force_login(member("Cy").user)

    html = client.get(url(game)).content.decode()
    response = by_drawing(client, game, 1)

    assert "data-needs-witness" in html and "data-pad" not in html
    assert response.status_code == 422
    assert "the game&#x27;s scorer or the secretary is signed in" in response.content.decode()
    assert not Signature.objects.exists()


def test_a_member_with_a_pin_does_not_sign_by_drawing(client: Client) -> None:
    game = finished()
    on_scorers_tablet(client, game)

    response = by_drawing(client, game, 1)

    assert response.status_code == 422
    assert "Ben has a PIN: a member with a PIN signs with it." in response.content.decode()
    assert not Signature.objects.exists()


def test_the_last_signature_locks_the_sheet_and_shows_its_code(client: Client) -> None:
    game = finished()
    on_scorers_tablet(client, game)
    by_pin(client, game, 0)

    response = by_pin(client, game, 1)

    game.refresh_from_db()
    assert response.status_code == 302 and game.is_signed
    html = client.get(url(game)).content.decode()
    assert "Ben has signed. Every player has signed: the sheet is locked." in html
    assert game.verification_code in html
    assert f"http://testserver/verify/{game.verification_code}/" in html
    assert "data-sign-panel" not in html
    assert "Signed by all" in client.get(reverse("scoring:game", args=[game.pk])).content.decode()


def test_a_last_signature_whose_code_another_sheet_holds_answers_422_in_plain_words(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two sheets alike in every player, turn and signing second hash to one code; made alike
    # here by the code itself. The check reads every club's games, under the club guard.
    monkeypatch.setattr("scoring.verification.verification_code", lambda recorded: "SAME-CODE")
    first = finished()
    sign_all(first)
    second = finished()
    on_scorers_tablet(client, second)
    by_pin(client, second, 0)

    response = by_pin(client, second, 1)

    assert response.status_code == 422
    assert "Another signed sheet reads exactly like this one" in response.content.decode()
    second.refresh_from_db()
    assert (second.verification_code, second.is_signed) == ("", False)
    assert Signature.objects.filter(game=second, voided_at__isnull=True).count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"method": "pin", "pin": "9999"}, "That PIN is not right."),
        ({"method": "pin", "pin": ""}, "Type Ben&#x27;s PIN to sign."),
        ({"method": "stamp"}, "Sign by drawing or by PIN."),
    ],
)
def test_a_refused_pin_signature_answers_422_with_the_reason_and_writes_nothing(
    client: Client, data: dict[str, str], message: str
) -> None:
    game = finished()
    on_scorers_tablet(client, game)

    response = client.post(url(game), {"player": player(game, 1).pk, **data})

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Signature.objects.exists()


@pytest.mark.parametrize(
    ("image", "message"),
    [
        ("", "Draw the signature on the pad first."),
        ("data:image/png;base64,AAAA", "not a PNG image"),
        ("data:image/png;base64," + "A" * 800_000, "at most"),
    ],
    ids=["empty", "not-png", "too-big"],
)
def test_a_refused_drawing_answers_422_with_the_reason_and_writes_nothing(
    client: Client, image: str, message: str
) -> None:
    game = with_guest()
    on_scorers_tablet(client, game)

    response = client.post(
        url(game), {"player": player(game, 1).pk, "method": "drawing", "drawing": image}
    )

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Signature.objects.exists()


def test_the_refusal_is_shown_in_the_players_own_panel(client: Client) -> None:
    game = finished()
    on_scorers_tablet(client, game)

    html = by_pin(client, game, 1, pin="0000").content.decode()

    panel = html[html.index(f'id="sign-{player(game, 1).pk}"') :]
    assert panel.index("data-panel-error") < panel.index("That PIN is not right.")
    assert f'id="sign-{player(game, 1).pk}" data-sign-panel open' in html


def test_signing_a_game_not_over_is_refused(client: Client) -> None:
    game = new_game("bar")
    fill_game(game, leave=1)
    on_scorers_tablet(client, game)

    page = client.get(url(game)).content.decode()
    response = by_pin(client, game, 1)

    assert "The game is not over yet" in page and "data-sign-panel" not in page
    assert response.status_code == 422
    assert "The game is not over yet" in response.content.decode()
    assert not Signature.objects.exists()
    assert not AccessAttempt.objects.exists(), "a refused signature costs no PIN try"


def test_a_player_of_another_game_or_no_player_is_refused(client: Client) -> None:
    game = finished()
    other = finished(("Cy", "Dee"))
    on_scorers_tablet(client, game)

    stranger = client.post(url(game), {"player": player(other, 0).pk, "method": "pin", "pin": PIN})
    nobody = client.post(url(game), {"player": 999_999, "method": "pin", "pin": PIN})

    assert stranger.status_code == 422
    assert f"Cy is not a player in game #{game.pk}." in stranger.content.decode()
    assert nobody.status_code == 422
    assert "There is no such player." in nobody.content.decode()
    assert not Signature.objects.exists()


def test_a_player_who_signed_cannot_sign_again(client: Client) -> None:
    game = finished()
    on_scorers_tablet(client, game)
    by_pin(client, game, 0)

    response = by_pin(client, game, 0)

    assert response.status_code == 422
    assert "Ann has already signed this sheet." in response.content.decode()
    assert Signature.objects.count() == 1


def test_wrong_pins_are_counted_and_pause_pin_signing_on_this_device(client: Client) -> None:
    game = finished()
    on_scorers_tablet(client, game)
    ben = Member.objects.get(known_as="Ben")

    by_pin(client, game, 1, pin="0000")
    (attempt,) = AccessAttempt.objects.all()
    assert (attempt.username, attempt.failures_since_start) == (ben.user.username, 1)
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        by_pin(client, game, 1, pin="0000")

    response = by_pin(client, game, 1)

    assert response.status_code == 429
    assert "Too many wrong tries from this device" in response.content.decode()
    assert not Signature.objects.exists()


def test_only_get_and_post_are_allowed_and_an_unknown_game_is_not_found(client: Client) -> None:
    game = finished()
    on_scorers_tablet(client, game)

    assert client.put(url(game)).status_code == 405
    assert client.delete(url(game)).status_code == 405
    assert client.get(reverse("scoring:sign_sheet", args=[999_999])).status_code == 404
    assert not Signature.objects.exists()


def test_the_finished_game_page_links_to_signing_and_a_game_in_play_does_not(
    client: Client,
) -> None:
    done = finished()
    playing = new_game("bar", ("Cy", "Dee"))

    assert (
        f'href="{url(done)}" id="sign-link">Sign the sheet<'
        in client.get(reverse("scoring:game", args=[done.pk])).content.decode()
    )
    assert (
        'id="sign-link"'
        not in client.get(reverse("scoring:game", args=[playing.pk])).content.decode()
    )


def test_once_signed_the_scorer_is_refused_and_the_secretarys_correction_voids_the_signatures(
    client: Client,
) -> None:
    game = finished()
    sign_all(game)
    correct = reverse("scoring:correct_turn", args=[game.pk, 0])
    data = {"dice": "44442", "box": "fours", "reason": "Checked the paper"}

    client.force_login(scorer_of(game))
    assert client.get(correct).status_code == 403
    assert client.post(correct, data).status_code == 403
    assert 'id="turns"' not in client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    client.force_login(secretary())
    assert "2 players signed this sheet" in client.get(correct).content.decode()
    response = client.post(correct, data)

    assert response.status_code == 302
    game.refresh_from_db()
    assert not game.is_signed
    assert Signature.objects.count() == 2
    assert not Signature.objects.filter(voided_at__isnull=True).exists()
    html = client.get(url(game)).content.decode()
    assert "The signatures are void: the players sign the sheet again." in html
    assert html.count("data-voided-signature") == 2
    assert "turn 1 corrected (Checked the paper)" in html
    assert html.count("data-sign-panel") == 2
