"""A fully signed sheet's PDF: signatures with their dates, the code, the QR code, and the
verify page accepting the very PDF the app printed."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Game, Member, SignatureMethod
from scoring.selectors import load_game
from scoring.services.signing import sign_sheet
from scoring.verification import code_line, figure_lines, game_line
from tests.scoring.services.helpers import drawing, fill_game, new_game, scorer_of, sign_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(member_client: Client) -> Client:
    """These pages are for signed-in members (scoring.access.privacy): the tests read them as
    one."""
    return member_client


def printed(client: Client, game: Game) -> bytes:
    response = client.get(reverse("scoring:game_sheet_pdf", args=[game.pk]))
    assert response.status_code == 200
    return response.content


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def images_on(pdf: bytes) -> int:
    return sum(len(page.images) for page in PdfReader(BytesIO(pdf)).pages)


def signed_game(ruleset: str, method: str = SignatureMethod.DRAWING) -> Game:
    """Every player signed; the first, who has no PIN, by a drawing (or their name typed) the
    scorer witnesses."""
    game = new_game(ruleset)
    fill_game(game)
    first = game.players.select_related("member").order_by("seat").first()
    assert first is not None and first.member is not None
    Member.objects.filter(pk=first.member.pk).update(pin_hash="")
    first = game.players.select_related("member").get(seat=first.seat)
    typed = method == SignatureMethod.TYPED
    sign_sheet(
        game=game,
        player=first,
        method=method,
        by=scorer_of(game),
        drawing=None if typed else drawing(),
        typed_name=first.name if typed else None,
        witnessed=typed,
    )
    sign_all(game)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar"])
def test_the_printed_pdf_of_a_signed_sheet_is_accepted_by_the_verify_page(
    client: Client, ruleset: str
) -> None:
    game = signed_game(ruleset)
    pdf = printed(client, game)

    response = client.post(
        "/verify/", {"sheet": SimpleUploadedFile("s.pdf", pdf, "application/pdf")}
    )

    assert response.status_code == 200
    assert 'data-verdict="accepted"' in response.content.decode()


def test_a_signed_sheet_prints_its_code_game_figures_and_every_signature_with_its_date(
    client: Client,
) -> None:
    game = signed_game("balut")
    text = text_of(printed(client, game))

    assert code_line(game.verification_code) in text
    assert game_line(game.pk) in text
    for line in figure_lines(load_game(game).result()):
        assert line in text
    assert "Signed" in text
    for signature in game.signatures.filter(voided_at__isnull=True).select_related("player"):
        assert signature.player.name in text
    assert "signed with PIN" in text
    signed = game.signatures.filter(voided_at__isnull=True).count()
    assert text.count("signed, see below") == signed, "the Signature row points below"


def test_a_signed_sheet_carries_a_qr_code_and_the_drawn_signature_as_images(
    client: Client,
) -> None:
    unsigned = new_game("balut")
    fill_game(unsigned)
    before = images_on(printed(client, unsigned))

    game = signed_game("balut")

    assert images_on(printed(client, game)) >= before + 2


def test_an_unsigned_sheet_prints_no_code(client: Client) -> None:
    game = new_game("balut")
    fill_game(game)

    text = text_of(printed(client, game))
    assert "Verification code:" not in text
    assert "signed, see below" not in text


def test_a_typed_signature_prints_as_the_typed_name_and_the_sheet_still_verifies(
    client: Client,
) -> None:
    game = signed_game("balut", SignatureMethod.TYPED)
    pdf = printed(client, game)

    first = game.players.order_by("seat").first()
    assert first is not None
    assert f"typed: {first.name}" in text_of(pdf)
    response = client.post(
        "/verify/", {"sheet": SimpleUploadedFile("s.pdf", pdf, "application/pdf")}
    )
    assert 'data-verdict="accepted"' in response.content.decode()
