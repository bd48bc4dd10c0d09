"""A typed signature: who cannot draw on the pad (a keyboard, no pointer) types their name as
the sheet shows it, and the witness signed in on the device confirms they saw it typed."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from scoring.models import Game, Member, Signature
from scoring.selectors import recorded_game
from scoring.services.signing import sign_sheet
from scoring.verification import verification_code
from tests.scoring.services.helpers import member, scorer_of, secretary, sign_all
from tests.scoring.services.signing_helpers import by_pin, finished, seat, with_guest

pytestmark = pytest.mark.django_db


def by_typing(
    game: Game,
    number: int,
    typed: str = "Zed",
    *,
    witnessed: bool = True,
    witness: User | None = None,
) -> Signature:
    return sign_sheet(
        game=game,
        player=seat(game, number),
        method="typed",
        by=witness or scorer_of(game),
        typed_name=typed,
        witnessed=witnessed,
    )


def test_a_guest_signs_by_typing_their_name_before_the_scorer() -> None:
    game = with_guest()

    signature = by_typing(game, 1, "  zed ")

    kept = Signature.objects.get()
    assert kept == signature
    assert (kept.player.name, kept.method, kept.typed_name, kept.image) == (
        "Zed",
        "typed",
        "zed",
        "",
    )
    assert kept.witness == scorer_of(game)


def test_the_secretary_witnesses_a_typed_name_too() -> None:
    game = with_guest()
    boss = secretary()

    assert by_typing(game, 1, witness=boss).witness == boss


@pytest.mark.parametrize(
    ("typed", "witnessed", "message"),
    [
        ("", True, "Type Zed's name to sign."),
        ("   ", True, "Type Zed's name to sign."),
        ("Zed Smith", True, "Type the name as the sheet shows it: Zed."),
        ("Ann", True, "Type the name as the sheet shows it: Zed."),
        ("Zed", False, "Tick the box to confirm, as the witness, that Zed typed the name."),
    ],
    ids=["empty", "blank", "other-name", "another-player", "not-witnessed"],
)
def test_a_typed_name_that_is_not_the_players_or_not_witnessed_is_refused(
    typed: str, witnessed: bool, message: str
) -> None:
    game = with_guest()

    with pytest.raises(ValidationError, match=message):
        by_typing(game, 1, typed, witnessed=witnessed)

    assert not Signature.objects.exists()


def test_only_the_scorer_or_the_secretary_witnesses_a_typed_name() -> None:
    game = with_guest()

    with pytest.raises(ValidationError, match="typed signature is taken only while"):
        by_typing(game, 1, witness=member("Cy").user)

    assert not Signature.objects.exists()


def test_a_member_with_a_pin_does_not_sign_by_typing() -> None:
    game = finished()

    with pytest.raises(ValidationError, match="Ben has a PIN"):
        by_typing(game, 1, "Ben")

    assert not Signature.objects.exists()


def test_a_member_without_a_pin_signs_by_typing() -> None:
    game = finished()
    Member.objects.filter(known_as="Ben").update(pin_hash="")

    assert by_typing(game, 1, "BEN").typed_name == "BEN"


def test_the_last_typed_signature_locks_the_sheet_and_the_name_is_in_the_code() -> None:
    game = with_guest()
    by_pin(game, 0)

    by_typing(game, 1)

    game.refresh_from_db()
    assert game.is_signed
    assert game.verification_code == verification_code(recorded_game(game))
    Signature.objects.filter(method="typed").update(typed_name="ZED")
    assert verification_code(recorded_game(game)) != game.verification_code


def test_the_database_keeps_a_typed_name_only_on_a_typed_signature() -> None:
    game = with_guest()
    sign_all(game)
    drawn = Signature.objects.get(method="drawing")

    with pytest.raises(IntegrityError):
        Signature.objects.filter(pk=drawn.pk).update(typed_name="Zed")
