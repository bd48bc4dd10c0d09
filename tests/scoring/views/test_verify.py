"""The public verify page: a code typed or followed from the QR code, and PDFs uploaded."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring.forms.signing import MAX_PDF_BYTES
from scoring.models import Game, Turn
from scoring.selectors import load_game
from tests.scoring.services.helpers import fill_game, new_game, secretary, sign_all
from tests.scoring.services.real_sheets import club_night_of, sheet_of, white_box_forgery
from tests.scoring.services.sheet_pdfs import render, sheet_pdf, sheet_text

pytestmark = pytest.mark.django_db

VERIFY = "/verify/"


def signed(ruleset: str = "balut") -> Game:
    game = new_game(ruleset)
    fill_game(game)
    sign_all(game)
    return game


def page(game: Game) -> str:
    return reverse("scoring:verify", args=[game.verification_code])


def upload(client: Client, data: bytes, name: str = "sheet.pdf") -> tuple[int, str]:
    response = client.post(VERIFY, {"sheet": SimpleUploadedFile(name, data, "application/pdf")})
    return response.status_code, response.content.decode()


def test_the_urls_are_the_ones_the_qr_code_and_the_sheet_print() -> None:
    assert reverse("scoring:verify") == VERIFY
    assert reverse("scoring:verify", args=["ABCD-EFGH-23"]) == "/verify/ABCD-EFGH-23/"


def test_the_form_page_offers_a_code_box_and_an_upload(client: Client) -> None:
    response = client.get(VERIFY)

    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="code"' in html and 'type="file" name="sheet"' in html
    assert "at most 5 MB" in html


def test_a_signed_games_code_shows_the_game_as_recorded_and_that_it_matches(
    client: Client,
) -> None:
    game = signed()
    result = load_game(game).result()

    response = client.get(page(game))

    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-verdict="match"' in html and "The code matches" in html
    assert f"{game.verification_code} is the code of Standard Balut #{game.pk}" in html
    for player in result.players:
        assert f'data-total="{player.name}"><strong>{player.score}</strong>' in html
        assert f'<tr data-signature-row="{player.name}">' in html
    assert html.count("Signed</span> with PIN") == 2
    assert 'id="turns"' not in html, "read-only: no turn is offered for correction"


def test_a_typed_code_goes_to_its_page_however_it_was_typed(client: Client) -> None:
    game = signed()
    typed = game.verification_code.replace("-", " ").lower()

    response = client.get(VERIFY, {"code": typed})

    assert response.status_code == 302 and response["Location"] == page(game)
    lower = client.get(f"/verify/{game.verification_code.lower()}/")
    assert lower.status_code == 302 and lower["Location"] == page(game)


def test_something_that_is_not_a_code_is_refused_with_a_message(client: Client) -> None:
    typed = client.get(VERIFY, {"code": "hello"})
    in_path = client.get("/verify/not-a-code/")
    empty = client.get(VERIFY, {"code": ""})

    assert typed.status_code == 422
    assert "&#x27;hello&#x27; is not a verification code" in typed.content.decode()
    assert in_path.status_code == 404
    assert "is not a verification code" in in_path.content.decode()
    assert empty.status_code == 422
    assert "Type the code printed on the sheet." in empty.content.decode()


def test_a_code_no_signed_sheet_has_is_not_found_with_an_explanation(client: Client) -> None:
    response = client.get("/verify/AAAA-BBBB-CC/")

    assert response.status_code == 404
    html = response.content.decode()
    assert 'data-verdict="unknown"' in html
    assert "No signed sheet has the code AAAA-BBBB-CC." in html


def test_a_box_changed_in_the_database_after_signing_makes_the_page_say_it_does_not_match(
    client: Client,
) -> None:
    game = signed("bar")
    turn = Turn.objects.get(game=game, number=0)
    Turn.objects.filter(pk=turn.pk).update(score=turn.score + 5)

    response = client.get(page(game))

    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-verdict="mismatch"' in html and 'data-verdict="match"' not in html
    assert "The sheet does NOT match its code" in html


def test_a_record_changed_so_the_game_no_longer_replays_is_reported_not_a_500(
    client: Client,
) -> None:
    game = signed("bar")
    Turn.objects.filter(game=game, number=1).update(
        record={"player": "Ben", "box": "nonsense", "dice": [9, 9, 9, 9, 9]}
    )

    response = client.get(page(game))

    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-verdict="mismatch"' in html
    assert "no longer follows the rules of the game" in html


def test_a_code_voided_by_a_correction_no_longer_finds_the_game(client: Client) -> None:
    game = signed("bar")
    old = page(game)
    client.force_login(secretary())
    client.post(
        reverse("scoring:correct_turn", args=[game.pk, 0]),
        {"dice": "44442", "box": "fours", "reason": "Checked the paper"},
    )
    client.logout()

    assert client.get(old).status_code == 404


def test_the_pdf_of_the_signed_sheet_is_accepted(client: Client) -> None:
    game = signed()

    status, html = upload(client, sheet_of(game))

    assert status == 200
    assert 'data-verdict="accepted"' in html
    assert f"the code {game.verification_code} and every player" in html
    assert "its pages show what the server draws for it" in html
    assert f'href="http://testserver{page(game)}"' in html
    assert "compared pixel by pixel with the sheet this server draws" in html


def test_a_club_night_pdf_is_accepted_sheet_by_sheet(client: Client) -> None:
    games = [signed(), signed("bar"), signed("jackpot")]

    status, html = upload(client, club_night_of(games), "club-night.pdf")

    assert status == 200
    assert 'data-verdict="accepted"' in html
    assert "All 3 sheets match their games as recorded" in html
    assert html.count('data-sheet-verdict="accepted"') == 3
    for game in games:
        assert f'href="{page(game)}"' in html


def test_a_sheet_with_a_forged_figure_drawn_over_it_is_refused(client: Client) -> None:
    game = signed()
    score = load_game(game).result().players[0].score

    status, html = upload(client, white_box_forgery(sheet_of(game), str(score + 100)))

    assert status == 422
    assert 'data-verdict="refused"' in html and 'data-verdict="accepted"' not in html
    assert "Page 1 does not show what the server draws for this game" in html
    assert Game.objects.get(pk=game.pk).verification_code == game.verification_code


def test_a_pdf_with_an_altered_figure_is_refused_with_the_reason(client: Client) -> None:
    game = signed()
    text = sheet_text(game)
    row = text.table[1]
    assert row[0] == "Total score"
    recorded = row[1]
    row[1] = str(int(recorded) + 100)
    text.lines[2] = text.lines[2].replace(f"total score {recorded}", f"total score {row[1]}")

    status, html = upload(client, render(text))

    assert status == 422
    assert 'data-verdict="refused"' in html
    assert f"Ann&#x27;s total score: {recorded} as recorded, but {row[1]} on the PDF." in html
    assert 'data-verdict="accepted"' not in html


def test_a_pdf_with_an_altered_code_is_refused(client: Client) -> None:
    game = signed()
    text = sheet_text(game)
    text.lines[1] = "Verification code: AAAA-BBBB-CC"

    status, html = upload(client, render(text))

    assert status == 422
    assert "The code on this PDF (AAAA-BBBB-CC) is not the code" in html


def test_a_pdf_of_a_sheet_changed_in_the_database_since_is_refused(client: Client) -> None:
    game = signed("bar")
    pdf = sheet_pdf(game)
    Turn.objects.filter(game=game, number=2).update(score=77)

    status, html = upload(client, pdf)

    assert status == 422
    assert "it has been changed since it was signed" in html


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not a pdf at all", "This file is not a PDF."),
        (b"%PDF-1.7\n%%EOF broken", "This PDF is damaged and its text cannot be read."),
    ],
)
def test_a_file_that_is_not_a_readable_pdf_is_refused(
    client: Client, data: bytes, message: str
) -> None:
    status, html = upload(client, data)

    assert status == 422
    assert message in html


def test_a_pdf_without_a_code_is_refused(client: Client) -> None:
    game = new_game("bar")
    fill_game(game)

    status, html = upload(client, sheet_pdf(game))

    assert status == 422
    assert "No verification code is printed on this PDF" in html


def test_no_file_or_an_empty_one_is_refused(client: Client) -> None:
    nothing = client.post(VERIFY, {})
    empty = upload(client, b"")

    assert nothing.status_code == 422
    assert "Choose the PDF to check." in nothing.content.decode()
    assert empty[0] == 422 and "The file is empty" in empty[1]


def test_a_file_over_the_size_limit_is_refused_without_being_read(client: Client) -> None:
    big = b"%PDF-1.7\n" + b"0" * (MAX_PDF_BYTES + 100 * 1024)

    status, html = upload(client, big)

    assert status == 413
    assert "The file is too large: a score sheet PDF is at most 5 MB." in html


def test_a_file_just_over_the_limit_is_refused_by_the_upload_handler(client: Client) -> None:
    # Inside the request's slack for the multipart wrapping, so only the handler catches it.
    big = b"%PDF-1.7\n" + b"0" * (MAX_PDF_BYTES + 1024)

    status, html = upload(client, big)

    assert status == 413
    assert "The file is too large" in html


def test_an_upload_needs_the_pages_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    form = client.get(VERIFY).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert token is not None

    refused = client.post(VERIFY, {"sheet": SimpleUploadedFile("a.pdf", b"x")})
    answered = client.post(
        VERIFY,
        {"sheet": SimpleUploadedFile("a.pdf", b"x"), "csrfmiddlewaretoken": token[1]},
    )

    assert refused.status_code == 403
    assert answered.status_code == 422


def test_only_the_methods_each_page_takes_are_allowed(client: Client) -> None:
    game = signed("bar")

    assert client.put(VERIFY).status_code == 405
    assert client.delete(VERIFY).status_code == 405
    assert client.post(page(game)).status_code == 405


@pytest.mark.parametrize(
    ("language", "missing_code", "no_file"),
    [
        ("da", "Der er ingen verifikationskode på denne PDF", "Vælg den PDF, der skal"),
        ("de", "Auf diesem PDF steht kein Prüfcode", "Wählen Sie das PDF, das geprüft"),
    ],
)
def test_an_uploads_refusals_speak_the_readers_language(
    client: Client, language: str, missing_code: str, no_file: str
) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    game = new_game("bar")
    fill_game(game)

    status, html = upload(client, sheet_pdf(game))
    nothing = client.post(VERIFY, {})

    assert status == 422 and missing_code in html
    assert nothing.status_code == 422 and no_file in nothing.content.decode()
