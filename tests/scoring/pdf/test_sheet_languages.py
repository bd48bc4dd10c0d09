"""Sheets printed in Danish and German: the club's language, or the one chosen when printing;
and a sheet printed in either still passes the verify page, which redraws it in its language."""

from __future__ import annotations

from datetime import timedelta
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from league.services.settings import update_club_settings
from scoring import pdf
from scoring.models import Game
from scoring.selectors import game_corrections, game_signatures, games_started_between, load_game
from scoring.sheet_checks.check import check_sheet_pdf, split_sheets
from scoring.sheet_checks.text import pdf_pages_text
from tests.factories import the_club
from tests.scoring.pdf.test_signed_sheet import signed_game
from tests.scoring.services.helpers import fill_game, new_game, secretary

pytestmark = pytest.mark.django_db

# English words of a printed sheet (its msgids) that a Danish or German sheet must not show.
ENGLISH = (
    "Total score",
    "Place",
    "Signature",
    "Signed",
    "signed with PIN",
    "Verification code",
    "Figures:",
    "total score",
    "page 1 of",
    "game #",
    "Game #",
    "Scorer",
    "Started",
    "Friendly",
    "Rounds owed",
    "Corrections",
    "Score points",
    "Guess points",
    "Fours",
    "Sixes",
    "Full house",
    "Scan or visit",
    "finished",
)
WORDS = {
    "de": ("Gesamtsumme", "Unterschrift", "Prüfcode:", "Seite 1 von 1", "Schreiber", "Vierer"),
    "da": ("Samlet sum", "Underskrift", "Verifikationskode:", "side 1 af 1", "Skriver", "Firere"),
}
BLANK_WORDS = {
    "en": ("Place", "Signature", "blank sheet", "Scorer"),
    "de": ("Platz", "Unterschrift", "leeres Blatt", "Schreiber"),
    "da": ("Plads", "Underskrift", "tomt skema", "Skriver"),
}


def text_of(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(content)).pages)


def sheet_pdf(client: Client, game: Game, language: str = "") -> bytes:
    query = {"lang": language} if language else {}
    response = client.get(reverse("scoring:game_sheet_pdf", args=[game.pk]), query)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return response.content


def set_club_language(language: str) -> None:
    update_club_settings(
        in_club=the_club(),
        by=secretary("club-secretary"),
        club_name="",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={},
        default_options={},
        default_language=language,
    )


@pytest.mark.parametrize("language", ["de", "da"])
def test_a_signed_sheet_chosen_in_a_language_prints_its_words_and_no_english_ones(
    member_client: Client, language: str
) -> None:
    game = signed_game("balut")

    text = text_of(sheet_pdf(member_client, game, language))

    assert [word for word in WORDS[language] if word not in text] == []
    assert [word for word in ENGLISH if word in text] == []


def test_the_sheet_speaks_the_clubs_language_unless_another_is_chosen(
    member_client: Client,
) -> None:
    game = new_game("balut")
    fill_game(game)
    set_club_language("da")

    danish = text_of(sheet_pdf(member_client, game))
    english = text_of(sheet_pdf(member_client, game, "en"))

    assert "Samlet sum" in danish and "Total score" not in danish
    assert "Total score" in english and "Samlet sum" not in english


def test_an_unknown_language_asked_for_prints_the_clubs(member_client: Client) -> None:
    game = new_game("balut")
    fill_game(game)
    set_club_language("de")

    assert "Gesamtsumme" in text_of(sheet_pdf(member_client, game, "xx"))


@pytest.mark.parametrize("language", ["en", "da", "de"])
@pytest.mark.parametrize("ruleset", ["jackpot", "barbut4"])
def test_a_blank_sheet_prints_in_each_language(ruleset: str, language: str) -> None:
    response = Client().get(
        reverse("scoring:blank_sheet_pdf"), {"ruleset": ruleset, "players": "3", "lang": language}
    )

    assert response.status_code == 200
    text = text_of(response.content)
    assert [word for word in BLANK_WORDS[language] if word not in text] == []
    assert PdfReader(BytesIO(response.content)).root_object["/Lang"] == language


@pytest.mark.parametrize("language", ["de", "da"])
def test_a_sheet_printed_in_a_language_passes_the_verify_page(
    member_client: Client, language: str
) -> None:
    game = signed_game("jackpot")
    content = sheet_pdf(member_client, game, language)

    response = member_client.post(
        "/verify/", {"sheet": SimpleUploadedFile("s.pdf", content, "application/pdf")}
    )

    assert response.status_code == 200
    assert 'data-verdict="accepted"' in response.content.decode()


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_the_check_reads_the_language_a_sheet_is_printed_in_from_its_footer(
    language: str,
) -> None:
    game = signed_game("balut")
    content = pdf.game_sheet_pdf(
        load_game(game), game_corrections(game), signatures=game_signatures(game), language=language
    )

    (sheet,), problems = split_sheets(pdf_pages_text(content))

    assert problems == []
    assert (sheet.game, sheet.language) == (game.pk, language)


def test_an_english_sheet_printed_before_sheets_had_a_language_still_verifies() -> None:
    game = signed_game("bar")
    content = pdf.game_sheet_pdf(
        load_game(game), game_corrections(game), signatures=game_signatures(game)
    )

    check = check_sheet_pdf(content)

    assert "Verification code:" in text_of(content)
    assert check.accepted, check.problems
    assert check.sheets[0].pictures_compared


def test_a_danish_club_night_passes_the_check_sheet_by_sheet() -> None:
    games = [signed_game("balut"), signed_game("bar")]
    out = BytesIO()
    first = min(game.started_at for game in games)
    last = max(game.started_at for game in games)
    pdf.club_night_pdf(
        games_started_between(the_club(), first, last + timedelta(seconds=1)),
        out,
        date_from=first.date(),
        date_to=last.date(),
        language="da",
    )

    check = check_sheet_pdf(out.getvalue())

    assert "skema 2 af 2" in text_of(out.getvalue())
    assert check.accepted, check.problems
    assert check.verified_sheets == 2
