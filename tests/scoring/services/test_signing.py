"""sign_sheet: players sign a finished sheet, a member with a PIN by it, a guest by a drawing the
scorer or the secretary witnesses; the last signature locks it; a correction voids."""

from __future__ import annotations

import base64
from io import BytesIO
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from PIL import Image

from scoring import club
from scoring.access.permissions import can_correct
from scoring.models import Correction, Game, GamePlayer, GameStatus, Member, Signature, Turn
from scoring.selectors import recorded_game
from scoring.services.corrections import correct_turn
from scoring.services.games import Seat, start_game
from scoring.services.signing import sign_sheet
from scoring.verification import verification_code
from tests.scoring.services.helpers import (
    drawing,
    fill_game,
    member,
    new_game,
    play,
    png_bytes,
    scorer_of,
    secretary,
    sign_all,
)

pytestmark = pytest.mark.django_db


def finished(ruleset: str = "bar", players: tuple[str, ...] = ("Ann", "Ben")) -> Game:
    game = new_game(ruleset, players)
    fill_game(game)
    game.refresh_from_db()
    assert game.is_finished
    return game


def with_guest() -> Game:
    ann = member("Ann")
    game = start_game(
        ruleset="bar",
        seats=[Seat(member=ann), Seat(guest_name="Zed")],
        scorer=ann,
        created_by=ann.user,
    )
    fill_game(game)
    game.refresh_from_db()
    return game


def seat(game: Game, number: int) -> GamePlayer:
    return GamePlayer.objects.select_related("member").get(game=game, seat=number)


def by_pin(game: Game, number: int, *, on: User | None = None) -> Signature:
    """The player's PIN proven (the view checks it); on the device of `on`, else their own."""
    player = seat(game, number)
    # A guest has no PIN to prove: the scorer's user stands in, and the service refuses it.
    user = player.member.user if player.member is not None else scorer_of(game)
    return sign_sheet(game=game, player=player, method="pin", by=on or user, signer=user)


def by_drawing(
    game: Game, number: int, image: str | None = None, *, witness: User | None = None
) -> Signature:
    return sign_sheet(
        game=game,
        player=seat(game, number),
        method="drawing",
        by=witness or scorer_of(game),
        drawing=image or drawing(),
    )


def fix_first_turn(game: Game, by: object) -> Correction:
    return correct_turn(
        game=game,
        number=0,
        turn_record={"box": "fours", "dice": [4, 4, 4, 4, 2]},
        reason="Checked the paper",
        corrected_by=by,  # type: ignore[arg-type]
    )


def test_a_member_signs_with_their_pin() -> None:
    game = finished()

    signature = by_pin(game, 0)

    kept = Signature.objects.get()
    assert kept == signature
    assert (kept.player.name, kept.method, kept.image, kept.voided_at) == ("Ann", "pin", "", None)
    assert kept.witness == seat(game, 0).member.user  # type: ignore[union-attr]
    game.refresh_from_db()
    assert not game.is_signed and game.verification_code == ""


def test_a_pin_signature_on_the_scorers_tablet_keeps_the_scorer_as_witness() -> None:
    game = finished()

    signature = by_pin(game, 1, on=scorer_of(game))

    assert (signature.player.name, signature.witness) == ("Ben", scorer_of(game))


def test_a_member_with_a_pin_is_not_signed_for_without_it() -> None:
    game = finished()
    ann, ben = seat(game, 0), seat(game, 1)
    assert ben.member is not None

    with pytest.raises(ValidationError, match="Type Ann's PIN to sign"):
        sign_sheet(game=game, player=ann, method="pin", by=scorer_of(game))
    with pytest.raises(ValidationError, match="Type Ann's PIN to sign"):
        sign_sheet(game=game, player=ann, method="pin", by=ben.member.user, signer=ben.member.user)
    with pytest.raises(ValidationError, match="Ann has a PIN: a member with a PIN signs with it"):
        by_drawing(game, 0)

    assert not Signature.objects.exists()


def test_a_drawing_is_witnessed_by_the_scorer_or_the_secretary_and_no_one_else() -> None:
    game = with_guest()
    stranger = member("Cy").user

    with pytest.raises(ValidationError, match="scorer or the secretary is signed in"):
        by_drawing(game, 1, witness=stranger)
    assert not Signature.objects.exists()

    boss = secretary()
    assert by_drawing(game, 1, witness=boss).witness == boss


def test_a_member_without_a_pin_signs_by_drawing() -> None:
    game = finished()
    Member.objects.filter(known_as="Ben").update(pin_hash="")

    signature = by_drawing(game, 1)

    assert (signature.method, signature.witness) == ("drawing", scorer_of(game))


def test_a_player_signs_with_a_drawing_kept_as_a_clean_png() -> None:
    game = with_guest()

    signature = by_drawing(game, 1)

    assert signature.method == "drawing"
    assert signature.image.startswith("data:image/png;base64,")
    png = base64.b64decode(signature.image.removeprefix("data:image/png;base64,"))
    with Image.open(BytesIO(png)) as image:
        assert (image.format, image.size, image.mode) == ("PNG", (400, 150), "RGBA")


def test_a_guest_signs_by_drawing_but_not_by_pin() -> None:
    game = with_guest()

    with pytest.raises(ValidationError, match="Zed is a guest: a guest signs by drawing"):
        by_pin(game, 1)
    assert not Signature.objects.exists()

    assert by_drawing(game, 1).player.name == "Zed"


def test_signing_a_game_not_over_is_refused_and_nothing_is_written() -> None:
    game = new_game("bar")
    fill_game(game, leave=1)

    with pytest.raises(ValidationError, match="The game is not over yet"):
        by_pin(game, 0)
    with pytest.raises(ValidationError, match="The game is not over yet"):
        by_drawing(game, 1)

    assert not Signature.objects.exists()


def test_a_player_of_another_game_cannot_sign() -> None:
    game = finished()
    other = finished(players=("Cy", "Dee"))

    with pytest.raises(ValidationError, match=f"Cy is not a player in game #{game.pk}"):
        by_pin_of_other = seat(other, 0)
        assert by_pin_of_other.member is not None
        user = by_pin_of_other.member.user
        sign_sheet(game=game, player=by_pin_of_other, method="pin", by=user, signer=user)

    assert not Signature.objects.exists()


def test_a_player_cannot_sign_twice() -> None:
    game = finished()
    by_pin(game, 0)

    with pytest.raises(ValidationError, match="Ann has already signed this sheet"):
        by_drawing(game, 0)
    with pytest.raises(ValidationError, match="Ann has already signed this sheet"):
        by_pin(game, 0)

    assert Signature.objects.count() == 1


def test_a_missing_pin_and_a_member_without_a_pin_are_refused_clearly() -> None:
    game = finished()
    with pytest.raises(ValidationError, match="Type Ann's PIN to sign"):
        sign_sheet(game=game, player=seat(game, 0), method="pin", by=scorer_of(game))
    Member.objects.filter(known_as="Ben").update(pin_hash="")
    with pytest.raises(ValidationError, match="Ben has no PIN: sign by drawing"):
        by_pin(game, 1)
    assert not Signature.objects.exists()


def test_an_unknown_way_of_signing_is_refused() -> None:
    game = finished()

    with pytest.raises(ValidationError, match="Unknown way of signing 'stamp'"):
        sign_sheet(game=game, player=seat(game, 0), method="stamp", by=scorer_of(game))

    assert not Signature.objects.exists()


def png_url(data: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(data).decode("ascii")


def jpeg() -> bytes:
    out = BytesIO()
    Image.new("RGB", (400, 150), "white").save(out, format="JPEG")
    return out.getvalue()


@pytest.mark.parametrize(
    ("image", "message"),
    [
        ("", "Draw the signature on the pad first"),
        ("data:image/jpeg;base64,AAAA", "did not arrive as a PNG image"),
        ("data:image/png;base64,not base64!", "arrived damaged"),
        (png_url(b"GIF89a" + b"\0" * 40), "is not a PNG image"),
        ("data:image/png;base64," + base64.b64encode(jpeg()).decode(), "is not a PNG image"),
        (png_url(png_bytes()[:60]), "not a readable PNG image"),
        (png_url(png_bytes(20, 150)), "is 20×150 pixels"),
        (png_url(png_bytes(5000, 150)), "is 5000×150 pixels"),
        (png_url(png_bytes(ink=False)), "The signature pad is empty"),
        ("data:image/png;base64," + "A" * 800_000, "The drawing is too large"),
    ],
    ids=[
        "empty",
        "jpeg-url",
        "not-base64",
        "gif",
        "jpeg-bytes",
        "truncated",
        "too-narrow",
        "too-wide",
        "blank",
        "too-long",
    ],
)
def test_a_bad_drawing_is_refused_with_a_clear_message(image: str, message: str) -> None:
    game = with_guest()

    with pytest.raises(ValidationError, match=message):
        sign_sheet(
            game=game, player=seat(game, 1), method="drawing", by=scorer_of(game), drawing=image
        )

    assert not Signature.objects.exists()


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
