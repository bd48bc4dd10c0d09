"""check_sheet_pdf on PDFs made for the test: what their text carries (code, game, figures) is
checked against the game as recorded and signed."""

import re

import pytest

from scoring.models import Game, Turn
from scoring.selectors import load_game
from scoring.sheet_checks.check import SheetCheck, check_sheet_pdf
from tests.scoring.services.helpers import fill_game, new_game, play, sign_all
from tests.scoring.services.sheet_pdfs import render, sheet_pdf, sheet_text

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
