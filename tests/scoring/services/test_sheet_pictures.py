"""Uploaded sheets checked whole: their text and what their pages show, against what the
server draws for each game. A drawing over a genuine page is refused though its text is genuine.
"""

from __future__ import annotations

from io import BytesIO

import pypdfium2
import pytest
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen.canvas import Canvas

from scoring.models import Game, Member
from scoring.selectors import load_game
from scoring.services.games import Seat, start_game
from scoring.sheet_checks.check import check_sheet_pdf
from scoring.sheet_checks.drawing import Budget, OutOfTime, draw_page, opened
from scoring.sheet_checks.pictures import compared_text
from tests.factories import the_club
from tests.scoring.services.helpers import fill_game, member, new_game, sign_all
from tests.scoring.services.real_sheets import (
    club_night_of,
    hidden_text,
    sheet_of,
    total_score_position,
    white_box_forgery,
)

pytestmark = pytest.mark.django_db


def signed(ruleset: str = "balut", players: tuple[str, ...] = ("Ann", "Ben")) -> Game:
    game = new_game(ruleset, players)
    fill_game(game)
    sign_all(game)
    return game


def with_a_guest() -> Game:
    """Ann (a member) and Gus, a guest who signs with a drawing that the sheet prints."""
    ann = Member.objects.filter(known_as="Ann").first() or member("Ann")
    game = start_game(
        in_club=the_club(),
        ruleset="bar",
        seats=[Seat(member=ann), Seat(guest_name="Gus")],
        scorer=ann,
        created_by=ann.user,
    )
    fill_game(game)
    sign_all(game)
    return game


def test_a_genuine_sheet_verifies_with_its_pages_compared() -> None:
    game = with_a_guest()
    assert game.signatures.filter(method="drawing").exists()

    check = check_sheet_pdf(sheet_of(game))

    assert check.problems == ()
    assert check.accepted and check.game == game and check.code == game.verification_code
    (sheet,) = check.sheets
    assert sheet.pictures_compared and sheet.pages == (1,)


def test_the_sheet_verifies_whichever_site_printed_its_qr_code() -> None:
    game = signed()

    for site in ("http://127.0.0.1:8000/", "https://a-much-longer-club-address.example.org/"):
        assert check_sheet_pdf(sheet_of(game, site_url=site)).problems == ()


def test_a_club_night_verifies_sheet_by_sheet() -> None:
    games = [signed("balut"), with_a_guest(), signed("jackpot", ("Ann", "Ben", "Cai"))]
    night = club_night_of(games)
    assert len(PdfReader(BytesIO(night)).pages) >= 3

    check = check_sheet_pdf(night)

    assert check.problems == ()
    assert [sheet.game for sheet in check.sheets] == games
    assert all(sheet.accepted and sheet.pictures_compared for sheet in check.sheets)
    assert check.verified_sheets == 3
    assert [sheet.code for sheet in check.sheets] == [g.verification_code for g in games]


def test_an_unsigned_sheet_in_a_club_night_is_named_and_the_others_still_verify() -> None:
    first = signed()
    unsigned = new_game("bar", ("Ann", "Ben"))
    fill_game(unsigned)
    last = signed("bar")

    check = check_sheet_pdf(club_night_of([first, unsigned, last]))

    assert not check.accepted
    assert [sheet.accepted for sheet in check.sheets] == [True, False, True]
    (problem,) = check.problems
    assert problem.startswith(f"Sheet 2 (game #{unsigned.pk}): No verification code")


def test_a_white_box_with_a_forged_figure_drawn_over_a_genuine_sheet_is_refused() -> None:
    game = signed()
    genuine = sheet_of(game)
    score = load_game(game).result().players[0].score
    forged = white_box_forgery(genuine, str(score + 100))
    assert total_score_position(forged)[2] == str(score), "the text layer is still genuine"
    assert check_sheet_pdf(forged, compare_pictures=False).accepted, "text alone is fooled"

    check = check_sheet_pdf(forged)

    assert not check.accepted
    (problem,) = check.problems
    assert problem.startswith("Page 1 does not show what the server draws for this game:")
    assert "Something was drawn over the sheet" in problem


def test_a_forgery_on_one_sheet_of_a_club_night_refuses_that_sheet_only() -> None:
    games = [signed(), signed("bar")]
    night = club_night_of(games)
    forged = white_box_forgery(night, "999", page=1)

    check = check_sheet_pdf(forged)

    assert [sheet.accepted for sheet in check.sheets] == [True, False]
    (problem,) = check.problems
    assert problem.startswith(f"Sheet 2 (game #{games[1].pk}): Page 2 does not show")


def test_figures_hidden_in_the_text_layer_alone_are_refused_as_before() -> None:
    game = signed()
    score = load_game(game).result().players[0].score
    line = f"Figures: seat 1, Ann: total score {score + 5}"

    check = check_sheet_pdf(hidden_text(sheet_of(game), line))

    assert check.problems == ("The PDF gives Ann different figures in different places.",)


def test_a_page_taken_out_of_a_two_sheet_night_leaves_the_sheet_refused() -> None:
    games = [signed(), signed("bar")]
    reader = PdfReader(BytesIO(club_night_of(games)))
    writer = PdfWriter()
    writer.add_page(reader.pages[0])
    writer.add_page(reader.pages[0])
    out = BytesIO()
    writer.write(out)

    check = check_sheet_pdf(out.getvalue())

    assert not check.accepted
    assert "This sheet has 2 page(s) here, but the server draws" in check.problems[0]


def test_the_check_says_what_it_compared() -> None:
    text = compared_text()

    assert "pixel by pixel" in text and "QR code" in text and "figures" in text


def test_a_genuine_page_scaled_to_another_paper_size_is_refused_with_its_size() -> None:
    game = signed()
    writer = PdfWriter(clone_from=PdfReader(BytesIO(sheet_of(game))))
    writer.pages[0].scale_to(612, 792)
    out = BytesIO()
    writer.write(out)

    check = check_sheet_pdf(out.getvalue())

    (problem,) = check.problems
    assert problem.startswith("Page 1 is 216 × 279 mm: not the size of the sheet")


def test_a_pdf_whose_pages_cannot_be_drawn_is_refused_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = signed()

    def refuse(data: bytes) -> None:
        raise pypdfium2.PdfiumError("Failed to load document (PDFium: Data format error).")

    monkeypatch.setattr("scoring.sheet_checks.drawing.pdfium.PdfDocument", refuse)

    check = check_sheet_pdf(sheet_of(game))

    assert check.problems == ("The pages of this PDF cannot be drawn: it is damaged.",)


def test_a_genuine_sheet_saved_again_by_another_program_still_verifies() -> None:
    game = with_a_guest()
    genuine = sheet_of(game)
    by_pypdf = BytesIO()
    PdfWriter(clone_from=PdfReader(BytesIO(genuine))).write(by_pypdf)
    by_pdfium = BytesIO()
    document = pypdfium2.PdfDocument(genuine)
    document.save(by_pdfium)
    document.close()

    for saved in (by_pypdf.getvalue(), by_pdfium.getvalue()):
        assert saved != genuine
        check = check_sheet_pdf(saved)
        assert check.problems == ()
        assert check.sheets[0].pictures_compared


class StopsAfter(Budget):
    """A budget spent after `asks` questions: how often drawing asked whether to stop."""

    def __init__(self, asks: int) -> None:
        super().__init__(60)
        self.asks = asks
        self.asked = 0

    @property
    def spent(self) -> bool:
        self.asked += 1
        return self.asked > self.asks


def test_a_page_of_very_many_drawings_stops_in_the_middle_when_the_budget_is_spent() -> None:
    out = BytesIO()
    canvas = Canvas(out, pagesize=(842, 595))
    for index in range(20_000):
        canvas.rect(index % 800, index % 560, 3, 3, stroke=1, fill=index % 2)
    canvas.save()
    budget = StopsAfter(asks=3)

    with opened(out.getvalue()) as document, pytest.raises(OutOfTime):
        draw_page(document, 0, dpi=100, budget=budget)

    # Once before the page, then PDFium between its drawings until told to stop.
    assert budget.asked > budget.asks + 1


def test_the_checks_budget_is_spent_in_the_middle_of_a_club_night() -> None:
    games = [signed(), signed("bar")]

    check = check_sheet_pdf(club_night_of(games), budget=StopsAfter(asks=6))

    (problem,) = check.problems
    assert problem.startswith("Checking this PDF took longer than the 60 seconds")
    assert check.sheets == ()
