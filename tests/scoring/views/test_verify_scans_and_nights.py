"""The verify page's words for two uploads it cannot check as a sheet: a scan or a photo (no text
layer to read), and a club night whose sheets are not all verified (counted in the headline)."""

from __future__ import annotations

from io import BytesIO
from itertools import count

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import translation
from PIL import Image, ImageDraw
from pypdf import PdfReader, PdfWriter

from scoring.models import Game
from scoring.presentation.sheet_check import night_headline
from scoring.sheet_checks.check import check_sheet_pdf
from tests.scoring.services.helpers import fill_game, new_game, sign_all
from tests.scoring.services.real_sheets import club_night_of, sheet_of

pytestmark = pytest.mark.django_db

VERIFY = "/verify/"
SCAN = (
    "This PDF has no text layer: it looks like a scan or a photo of a sheet. Upload the PDF the "
    "app printed, or type the verification code printed on the sheet."
)


def scanned_sheet(pages: int = 1) -> bytes:
    """An image-only PDF, as a scanner or a phone makes one: a picture of a sheet's words (its
    code among them), and not a character of text."""
    images = []
    for _page in range(pages):
        image = Image.new("RGB", (842, 595), "white")
        ImageDraw.Draw(image).text((40, 40), "Verification code: K7Q2-M3XD-4T  Game #1", "black")
        images.append(image)
    out = BytesIO()
    images[0].save(out, "PDF", save_all=True, append_images=images[1:], resolution=72)
    return out.getvalue()


def joined(*pdfs: bytes) -> bytes:
    writer = PdfWriter()
    for data in pdfs:
        writer.append(PdfReader(BytesIO(data)))
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def upload(client: Client, data: bytes, name: str = "sheet.pdf") -> tuple[int, str]:
    response = client.post(VERIFY, {"sheet": SimpleUploadedFile(name, data, "application/pdf")})
    return response.status_code, response.content.decode()


# A signed sheet's code hashes what was recorded, to the second, and no key: two games with the
# same players and dice signed within one second would share a code, which the database refuses.
# Each sheet of a test's club night has an opponent of its own, as a real night does.
_opponents = count(1)


def finished(*, signed: bool, ruleset: str = "balut") -> Game:
    game = new_game(ruleset, ("Ann", f"Ben {next(_opponents)}"))
    fill_game(game)
    if signed:
        sign_all(game)
    game.refresh_from_db()
    return game


def headline(html: str) -> str:
    start = html.index('id="check-heading"')
    return html[html.index(">", start) + 1 : html.index("</h2>", start)].strip()


@pytest.mark.parametrize("pages", [1, 3])
def test_a_scanned_sheet_is_told_it_has_no_text_layer(pages: int) -> None:
    data = scanned_sheet(pages)
    assert not any(page.extract_text().strip() for page in PdfReader(BytesIO(data)).pages)

    check = check_sheet_pdf(data)

    assert check.problems == (SCAN,)
    assert not check.accepted and check.sheets == ()


def test_the_verify_page_tells_the_uploader_of_a_scan_to_upload_the_printed_pdf(
    client: Client,
) -> None:
    status, html = upload(client, scanned_sheet(), "scan.pdf")

    assert status == 422
    assert 'data-verdict="refused"' in html
    assert "This PDF has no text layer: it looks like a scan or a photo of a sheet." in html
    assert "No game number" not in html and "No verification code" not in html


@pytest.mark.parametrize(
    ("language", "words"),
    [("da", "Denne PDF har intet tekstlag"), ("de", "Dieses PDF hat keine Textebene")],
)
def test_the_scan_message_is_translated(language: str, words: str) -> None:
    with translation.override(language):
        (problem,) = check_sheet_pdf(scanned_sheet()).problems

    assert problem.startswith(words)


def test_a_scanned_page_among_printed_ones_is_named() -> None:
    game = finished(signed=True)

    check = check_sheet_pdf(joined(sheet_of(game), scanned_sheet()))

    assert "Page 2 has no text layer: it looks like a scan or a photo of a page." in check.problems
    assert [sheet.accepted for sheet in check.sheets] == [True]


def test_a_club_night_headline_counts_the_sheets_verified_and_those_not_signed(
    client: Client,
) -> None:
    games = [finished(signed=True), *(finished(signed=False) for _ in range(2))]
    games.append(finished(signed=True, ruleset="bar"))

    status, html = upload(client, club_night_of(games), "club-night.pdf")

    assert status == 422
    assert headline(html) == "✗ 2 of 4 sheets verified; 2 not signed"
    assert '<caption class="caption-top">2 of 4 sheets verified; 2 not signed</caption>' in html
    assert html.count('data-sheet-verdict="accepted"') == 2


def test_a_club_night_headline_counts_a_sheet_that_does_not_match_apart() -> None:
    games = [finished(signed=True), finished(signed=False), finished(signed=True)]
    data = club_night_of(games)
    Game.objects.filter(pk=games[2].pk).update(verification_code="K7Q2M3XD4T")

    check = check_sheet_pdf(data)

    assert night_headline(check) == "1 of 3 sheets verified; 1 not signed; 1 does not match"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("da", "✗ 1 af 3 skemaer verificeret; 2 ikke skrevet under"),
        ("de", "✗ 1 von 3 Blättern geprüft; 2 nicht unterschrieben"),
    ],
)
def test_the_club_night_headline_is_translated(
    client: Client, language: str, expected: str
) -> None:
    games = [finished(signed=True), finished(signed=False), finished(signed=False)]
    data = club_night_of(games)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    status, html = upload(client, data, "club-night.pdf")

    assert status == 422
    assert headline(html) == expected
