"""The sheet once signed: the last signature locks it and opens the register's claims in one
transaction; a correction voids the signatures; the database holds one active signature each."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring import club
from scoring.access.permissions import can_correct
from scoring.models import Game, GameStatus, Signature, Turn
from scoring.selectors import recorded_game
from scoring.services.corrections import correct_turn
from scoring.verification import verification_code
from tests.scoring.services.helpers import (
    new_game,
    play,
    scorer_of,
    secretary,
    sign_all,
)
from tests.scoring.services.signing_helpers import (
    by_pin,
    finished,
    fix_first_turn,
    seat,
)

pytestmark = pytest.mark.django_db


def test_the_last_signature_locks_the_sheet_stores_its_code_and_opens_claims() -> None:
    game = finished()
    books = club.books()
    with mock.patch.object(books, "sheet_signed", wraps=books.sheet_signed) as open_claims:
        by_pin(game, 0)
        game.refresh_from_db()
        assert not game.is_signed
        open_claims.assert_not_called()

        by_pin(game, 1)

        game.refresh_from_db()
        open_claims.assert_called_once()
        assert open_claims.call_args.kwargs["game"].pk == game.pk
    assert game.is_signed
    assert game.verification_code == verification_code(recorded_game(game))
    assert not can_correct(scorer_of(game), game)
    assert can_correct(secretary(), game)


def test_claims_fail_and_no_signature_or_code_is_kept() -> None:
    game = finished()
    by_pin(game, 0)

    with (
        mock.patch("league.services.books.open_claims", side_effect=RuntimeError("register down")),
        pytest.raises(club.BookingFailed, match="signature was not kept"),
    ):
        by_pin(game, 1)

    game.refresh_from_db()
    assert not game.is_signed
    assert Signature.objects.count() == 1


def test_a_signed_sheet_is_locked_against_its_scorer_and_nothing_changes() -> None:
    game = finished()
    sign_all(game)
    turns = list(Turn.objects.filter(game=game).values_list("record", "score"))

    with pytest.raises(PermissionDenied, match="only the secretary can correct it now"):
        fix_first_turn(game, scorer_of(game))

    assert list(Turn.objects.filter(game=game).values_list("record", "score")) == turns
    assert Signature.objects.filter(voided_at__isnull=True).count() == 2


def test_the_secretarys_correction_voids_every_signature_and_the_players_sign_again() -> None:
    game = finished()
    first = sign_all(game)
    old_code = game.verification_code

    correction = fix_first_turn(game, secretary())

    game.refresh_from_db()
    assert game.verification_code == "" and not game.is_signed
    assert game.status == GameStatus.FINISHED
    voided = Signature.objects.filter(pk__in=[s.pk for s in first])
    assert voided.count() == 2, "nothing is deleted"
    assert all(s.voided_at == correction.corrected_at for s in voided)
    assert all(s.voided_by_correction == correction for s in voided)
    assert can_correct(scorer_of(game), game), "unlocked again until everyone signs"

    sign_all(game)

    assert Signature.objects.count() == 4
    assert Signature.objects.filter(voided_at__isnull=True).count() == 2
    assert game.is_signed and game.verification_code != old_code
    assert game.verification_code == verification_code(recorded_game(game))


def test_a_scorers_correction_before_everyone_signed_voids_the_signatures_so_far() -> None:
    game = finished()
    ann = by_pin(game, 0)

    correction = fix_first_turn(game, scorer_of(game))

    ann.refresh_from_db()
    assert ann.voided_by_correction == correction
    assert by_pin(game, 0).is_active


def test_a_correction_that_reopens_the_game_voids_and_clears_the_code() -> None:
    game = new_game("barbut4")
    win = {"dice": [1, 1, 1, 1], "keep": [1, 1, 1, 1]}
    for _ in range(7):
        play(game, {"player": "Ann", "throws": [win]})
        play(game, {"player": "Ben", "throws": [{"dice": [2, 3, 4, 6], "keep": []}]})
    play(game, {"player": "Ann", "throws": [win]})
    sign_all(game)
    assert game.is_signed

    correct_turn(
        game=game,
        number=14,
        turn_record={"throws": [{"dice": [2, 3, 4, 6], "keep": []}]},
        reason="Ann bust",
        corrected_by=secretary(),
    )

    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS and game.verification_code == ""
    assert not Signature.objects.filter(voided_at__isnull=True).exists()


def test_the_database_holds_one_active_signature_per_player() -> None:
    game = finished()
    by_pin(game, 0)

    with pytest.raises(IntegrityError), transaction.atomic():
        Signature.objects.create(game=game, player=seat(game, 0), method="pin")


@pytest.mark.parametrize(
    ("fields", "constraint"),
    [
        # Both checks forbid an unknown method; which one the database names first differs
        # between SQLite and PostgreSQL.
        ({"method": "stamp"}, "signature_method_known|signature_drawing_exactly_when_drawn"),
        ({"method": "drawing", "image": ""}, "signature_drawing_exactly_when_drawn"),
        ({"method": "pin", "image": "data:image/png;base64,AA"}, "drawing_exactly_when_drawn"),
        ({"method": "pin", "voided_at": timezone.now()}, "signature_voided_by_a_correction"),
    ],
)
def test_the_database_refuses_a_signature_that_breaks_its_checks(
    fields: dict[str, object], constraint: str
) -> None:
    game = finished()

    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        Signature.objects.create(game=game, player=seat(game, 0), **fields)


def test_the_database_refuses_a_code_on_a_game_in_progress() -> None:
    game = new_game("bar")

    with pytest.raises(IntegrityError, match="game_code_only_when_finished"), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(verification_code="AAAA-BBBB-CC")
