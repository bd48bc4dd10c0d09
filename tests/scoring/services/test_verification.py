"""The verification code: a stable digest of the game as recorded, and the PDF check."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.test import RequestFactory

from scoring.models import Correction, Signature, Turn
from scoring.selectors import load_game, recorded_game
from scoring.verification import (
    FORMAT,
    LEGACY_FORMAT,
    RecordedCorrection,
    RecordedGame,
    RecordedPlayer,
    RecordedSignature,
    RecordedTurn,
    canonical_json,
    figure_lines,
    normalise_code,
    verification_code,
    verification_url,
)
from tests.scoring.services.helpers import fill_game, new_game, secretary, sign_all

AT = datetime(2026, 11, 21, 21, 30, 5, 123456, tzinfo=UTC)
CODE = re.compile(r"^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{2}$")


def recorded(**changes: object) -> RecordedGame:
    game = RecordedGame(
        id=7,
        ruleset="balut",
        options={"guess_points": 3},
        friendly=False,
        players=[RecordedPlayer(0, "Ann", 1, 4), RecordedPlayer(1, "Zed", None, None)],
        turns=[
            RecordedTurn(
                0, 0, {"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}, "fours", 12, AT
            ),
            RecordedTurn(
                1, 1, {"player": "Zed", "box": "sixes", "dice": [6, 6, 6, 1, 2]}, "sixes", 18, AT
            ),
        ],
        corrections=[
            RecordedCorrection(3, 0, {"box": "fives"}, {"box": "fours"}, "Misread", 5, AT)
        ],
        signatures=[
            RecordedSignature(0, "pin", AT, "", None, None),
            RecordedSignature(1, "drawing", AT, "ab" * 32, None, None),
        ],
    )
    return dataclasses.replace(game, **changes)  # type: ignore[arg-type]


def changed_turn(**changes: object) -> RecordedGame:
    base = recorded()
    turn = dataclasses.replace(base.turns[0], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(base, turns=[turn, base.turns[1]])


def changed_correction(**changes: object) -> RecordedGame:
    base = recorded()
    return dataclasses.replace(
        base,
        corrections=[dataclasses.replace(base.corrections[0], **changes)],  # type: ignore[arg-type]
    )


def changed_signature(**changes: object) -> RecordedGame:
    base = recorded()
    signature = dataclasses.replace(base.signatures[1], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(base, signatures=[base.signatures[0], signature])


def test_the_code_is_ten_base32_characters_grouped_for_reading_aloud() -> None:
    assert CODE.match(verification_code(recorded()))


def test_the_code_of_a_known_game_never_changes() -> None:
    # Codes are printed on signed sheets: the serialisation of each format may never drift.
    assert verification_code(recorded(), LEGACY_FORMAT) == "XKG4-JU4F-PQ"
    assert verification_code(recorded()) == verification_code(recorded(), FORMAT) == "UEBZ-D5QW-N7"


def test_what_a_backup_or_a_move_may_change_leaves_the_code_as_it_was() -> None:
    base = recorded()
    moved = dataclasses.replace(
        base,
        id=1234,
        players=[RecordedPlayer(0, "Ann", 98, 4), RecordedPlayer(1, "Zed", None, None)],
        turns=[
            dataclasses.replace(turn, recorded_at=turn.recorded_at.replace(microsecond=123000))
            for turn in reversed(base.turns)
        ],
        corrections=[dataclasses.replace(base.corrections[0], id=77, corrected_by=12)],
        signatures=[
            dataclasses.replace(signature, signed_at=AT.replace(microsecond=0))
            for signature in reversed(base.signatures)
        ],
    )

    assert verification_code(moved) == verification_code(base)
    # The codes issued before did hash ids and microseconds: the reason format 2 exists.
    assert verification_code(moved, LEGACY_FORMAT) != verification_code(base, LEGACY_FORMAT)


def test_the_same_game_always_gives_the_same_code_whatever_the_key_order_or_time_zone() -> None:
    again = changed_turn(
        record={"dice": [1, 2, 4, 4, 4], "box": "fours", "player": "Ann"},
        recorded_at=AT.astimezone(datetime.now().astimezone().tzinfo),
    )

    assert canonical_json(again) == canonical_json(recorded())
    assert verification_code(again) == verification_code(recorded())


@pytest.mark.parametrize(
    "altered",
    [
        changed_turn(record={"player": "Ann", "box": "fours", "dice": [1, 4, 4, 4, 4]}),
        changed_turn(box="fives"),
        changed_turn(score=16),
        changed_turn(recorded_at=AT + timedelta(seconds=1)),
        changed_correction(reason="Misread a die"),
        changed_correction(after={"box": "sixes"}),
        changed_correction(before={"box": "sixes"}),
        changed_correction(corrected_at=AT + timedelta(seconds=1)),
        changed_signature(method="pin", drawing_sha256=""),
        changed_signature(signed_at=AT + timedelta(seconds=1)),
        changed_signature(drawing_sha256="cd" * 32),
        changed_signature(voided_at=AT, voided_by_correction=3),
        recorded(signatures=recorded().signatures[:1]),
        recorded(corrections=[]),
        recorded(players=[RecordedPlayer(0, "Ann", 1, 5), RecordedPlayer(1, "Zed", None, None)]),
        changed_correction(corrected_by_name="someone-else"),
        recorded(players=[RecordedPlayer(0, "Ann", None, 4), RecordedPlayer(1, "Zed", None, None)]),
    ],
    ids=[
        "turn-dice",
        "turn-box",
        "turn-score",
        "turn-time",
        "correction-reason",
        "correction-after",
        "correction-before",
        "correction-time",
        "signature-method",
        "signature-time",
        "signature-drawing",
        "signature-voided",
        "signature-missing",
        "correction-missing",
        "player-guess",
        "correction-author",
        "player-membership",
    ],
)
def test_any_change_to_a_box_a_correction_or_a_signature_changes_the_code(
    altered: RecordedGame,
) -> None:
    assert verification_code(altered) != verification_code(recorded())


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("ABCD-EFGH-23", "ABCD-EFGH-23"),
        ("abcd efgh 23", "ABCD-EFGH-23"),
        ("ABCDEFGH23", "ABCD-EFGH-23"),
        (" 0B1D-EFGH-23 ", "OBID-EFGH-23"),
        ("A8CD-EFGH-23", "ABCD-EFGH-23"),
        ("ABCD-EFGH-2", None),
        ("ABCD-EFGH-239", None),
        ("ABCD-EFGH-29", None),
        ("", None),
    ],
)
def test_a_typed_code_is_read_as_people_type_it(typed: str, code: str | None) -> None:
    assert normalise_code(typed) == code


def test_the_verification_url_is_absolute_from_a_request_or_a_base() -> None:
    request = RequestFactory().get("/anything/", secure=True)

    assert verification_url(request, "ABCD-EFGH-23") == "https://testserver/verify/ABCD-EFGH-23/"
    assert (
        verification_url("http://balut.example.org/", "ABCD-EFGH-23")
        == "http://balut.example.org/verify/ABCD-EFGH-23/"
    )


# The code of real games ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_signed_games_code_is_its_recorded_state_read_again_and_again() -> None:
    game = new_game("balut")
    fill_game(game)
    sign_all(game)

    assert CODE.match(game.verification_code)
    assert verification_code(recorded_game(game)) == game.verification_code
    assert verification_code(recorded_game(game)) == game.verification_code


@pytest.mark.django_db
@pytest.mark.parametrize("what", ["turn-score", "turn-record", "correction", "signature"])
def test_a_change_made_in_the_database_after_signing_changes_the_code(what: str) -> None:
    game = new_game("bar")
    fill_game(game)
    Correction.objects.create(
        game=game,
        turn=Turn.objects.get(game=game, number=0),
        before={},
        after={},
        reason="Checked",
        corrected_by=secretary(),
    )
    sign_all(game)
    turn = Turn.objects.filter(game=game, number=1)

    if what == "turn-score":
        turn.update(score=99)
    elif what == "turn-record":
        turn.update(record={**turn.get().record, "dice": [6, 6, 6, 6, 6]})
    elif what == "correction":
        Correction.objects.filter(game=game).update(reason="Nothing to see")
    else:
        Signature.objects.filter(game=game, player__seat=1).update(method="drawing", image="x")

    assert verification_code(recorded_game(game)) != game.verification_code


@pytest.mark.django_db
def test_the_figure_lines_give_each_player_their_total_and_points_where_the_game_has_them() -> None:
    balut = new_game("balut")
    fill_game(balut)
    bar = new_game("bar", ("Cy", "Dee"))
    fill_game(bar)

    with_points = load_game(balut).result()
    without = load_game(bar).result()

    assert figure_lines(with_points) == [
        f"Figures: seat {p.seat + 1}, {p.name}: total score {p.score}, points {p.total_points}"
        for p in with_points.players
    ]
    assert figure_lines(without) == [
        f"Figures: seat {p.seat + 1}, {p.name}: total score {p.score}" for p in without.players
    ]
