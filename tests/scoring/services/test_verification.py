"""The verification code: a stable digest of the game as recorded, and the PDF check."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.test import RequestFactory

from scoring.models import Correction, Game, Signature, Turn
from scoring.selectors import load_game, recorded_game
from scoring.sheet_checks.check import SheetCheck, check_sheet_pdf
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
from tests.scoring.services.helpers import fill_game, new_game, play, secretary, sign_all
from tests.scoring.services.sheet_pdfs import render, sheet_pdf, sheet_text

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


# Checking a PDF's text ----------------------------------------------------------------------
# These PDFs are made for the test (tests.scoring.services.sheet_pdfs), not drawn as the server
# draws a sheet, so only their text is checked; tests/scoring/services/test_sheet_pictures.py
# checks real sheets whole, pictures included.


def text_check(data: bytes) -> SheetCheck:
    return check_sheet_pdf(data, compare_pictures=False)


def signed(ruleset: str = "balut") -> Game:
    game = new_game(ruleset)
    fill_game(game)
    sign_all(game)
    return game


def plus(line: str, what: str, by: int) -> str:
    return re.sub(rf"{what} (-?\d+)", lambda m: f"{what} {int(m[1]) + by}", line)


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar", "barbut4"])
def test_the_pdf_of_a_signed_game_as_recorded_is_accepted(ruleset: str) -> None:
    game = new_game(ruleset)
    if ruleset == "barbut4":
        win = {"dice": [1, 1, 1, 1], "keep": [1, 1, 1, 1]}
        for _ in range(7):
            play(game, {"player": "Ann", "throws": [win]})
            play(game, {"player": "Ben", "throws": [{"dice": [2, 3, 4, 6], "keep": []}]})
        play(game, {"player": "Ann", "throws": [win]})
    else:
        fill_game(game)
    sign_all(game)

    check = text_check(sheet_pdf(game))

    assert check.problems == ()
    assert check.accepted and check.game == game and check.code == game.verification_code


@pytest.mark.django_db
def test_a_figure_altered_on_a_figures_line_is_refused() -> None:
    game = signed()
    text = sheet_text(game)
    recorded_score = load_game(game).result().players[0].score
    assert text.lines[2].startswith("Figures: seat 1, Ann")
    text.lines[2] = plus(text.lines[2], "total score", 10)

    check = text_check(render(text))

    assert check.problems == (
        f"Ann's total score: {recorded_score} as recorded, but {recorded_score + 10} on the PDF.",
    )


@pytest.mark.django_db
def test_a_figure_altered_in_the_score_table_alone_is_refused() -> None:
    game = signed()
    text = sheet_text(game)
    row = text.table[2]
    assert row[0] == "Points"
    row[2] = str(int(row[2]) + 1)

    check = text_check(render(text))

    assert check.problems == (
        f"Ben's points: {int(row[2]) - 1} as recorded, but {row[2]} on the PDF.",
    )


@pytest.mark.django_db
def test_a_pdf_with_another_code_or_with_none_is_refused() -> None:
    game = signed()
    text = sheet_text(game)
    text.lines[1] = "Verification code: AAAA-BBBB-CC"
    assert text_check(render(text)).problems == (
        f"The code on this PDF (AAAA-BBBB-CC) is not the code game #{game.pk} was signed with: "
        "the PDF was altered, or printed before a correction.",
    )

    del text.lines[1]
    (problem,) = text_check(render(text)).problems
    assert problem.startswith("No verification code is printed on this PDF")


@pytest.mark.django_db
def test_the_pdf_of_a_game_changed_in_the_database_after_signing_is_refused() -> None:
    game = signed("bar")
    pdf = sheet_pdf(game)
    Turn.objects.filter(game=game, number=0).update(score=99)

    (problem,) = text_check(pdf).problems

    assert problem == (
        f"Game #{game.pk} as recorded no longer matches the code it was signed with: "
        "it has been changed since it was signed."
    )


@pytest.mark.django_db
def test_the_pdf_of_a_game_not_signed_by_everyone_is_refused() -> None:
    game = new_game("bar")
    fill_game(game)
    text = sheet_text(game)
    text.lines.insert(1, "Verification code: AAAA-BBBB-CC")

    (problem,) = text_check(render(text)).problems

    assert problem.startswith(f"Game #{game.pk} is not signed by every player")


@pytest.mark.django_db
def test_a_pdf_missing_a_players_figures_is_refused() -> None:
    game = signed("bar")
    text = sheet_text(game)
    text.lines = [line for line in text.lines if "seat 2," not in line]

    assert text_check(render(text)).problems == ("The PDF gives no figures for Ben.",)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"Hello, I am a text file", "This file is not a PDF."),
        (b"%PDF-1.4\n garbage that is no PDF at all", "This PDF is damaged"),
    ],
)
def test_a_file_that_is_not_a_readable_pdf_is_refused(data: bytes, problem: str) -> None:
    (found,) = text_check(data).problems

    assert found.startswith(problem)


@pytest.mark.django_db
def test_a_pdf_without_a_game_or_with_several_or_an_unknown_one_is_refused() -> None:
    game = signed("bar")
    text = sheet_text(game)

    text.lines[0] = "A sheet"
    assert text_check(render(text)).problems == (
        "No game number (Game #…) is printed on this PDF.",
    )
    text.lines[0] = f"Game #{game.pk} and Game #{game.pk + 1}"
    assert text_check(render(text)).problems == (
        "No game number (Game #…) is printed on this PDF.",
    )
    text.lines[0] = "Game #999999"
    assert text_check(render(text)).problems == ("There is no game #999999.",)
