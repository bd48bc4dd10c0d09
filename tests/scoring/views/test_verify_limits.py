"""Uploads to the verify page cannot take the server down: pages no score sheet is are refused
by their size before they are drawn, a check stops at its time budget, nothing is left on disk,
each client gets a few uploads, and the server runs one check at a time."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, RectangleObject
from pytest_django.fixtures import Settings

from scoring.models import Game
from scoring.sheet_checks import limits
from scoring.sheet_checks.check import SheetCheck, check_sheet_pdf
from scoring.sheet_checks.text import MAX_PAGES
from tests.scoring.services.helpers import fill_game, new_game, sign_all
from tests.scoring.services.real_sheets import sheet_of

pytestmark = pytest.mark.django_db

VERIFY = "/verify/"


def signed() -> Game:
    game = new_game("balut")
    fill_game(game)
    sign_all(game)
    return game


def with_boxes(data: bytes, side: float, copies: int = 1) -> bytes:
    """The PDF's pages `copies` times over, every box of each made `side` points square: the
    text is the genuine sheet's, drawn at 100 dpi each page would be `side`² / 52 pixels."""
    reader = PdfReader(BytesIO(data))
    writer = PdfWriter()
    for _copy in range(copies):
        for page in reader.pages:
            added = writer.add_page(page)
            for box in ("/MediaBox", "/CropBox", "/TrimBox", "/BleedBox", "/ArtBox"):
                added[NameObject(box)] = RectangleObject([0, 0, side, side])
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def upload(client: Client, data: bytes, address: str = "127.0.0.1") -> tuple[int, str]:
    sheet = SimpleUploadedFile("sheet.pdf", data, "application/pdf")
    response = client.post(VERIFY, {"sheet": sheet}, REMOTE_ADDR=address)
    return response.status_code, response.content.decode()


@pytest.fixture
def temp_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """The process's temporary folder, empty: whatever the check writes there shows."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    yield folder


@pytest.mark.parametrize(
    ("side", "copies", "millimetres"),
    [(6400, 1, 2258), (14400, 1, 5080), (6400, 3, 2258)],
    ids=["6400-pt-page", "14400-pt-page", "three-6400-pt-pages"],
)
def test_a_sheet_whose_pages_are_huge_when_drawn_is_refused_by_size_and_leaves_nothing_on_disk(
    client: Client,
    temp_folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    side: int,
    copies: int,
    millimetres: int,
) -> None:
    game = signed()
    drawn: list[int] = []
    monkeypatch.setattr(
        "scoring.sheet_checks.pictures.draw_page", lambda *args, **kwargs: drawn.append(1)
    )
    bomb = with_boxes(sheet_of(game), side, copies)
    assert len(bomb) < 200_000, "a small file"

    status, html = upload(client, bomb)

    assert status == 422
    assert 'data-verdict="refused"' in html
    if copies == 1:
        expected = f"Page 1 is {millimetres} × {millimetres} mm: not the size of the sheet"
    else:
        expected = f"This sheet has {copies} page(s) here, but the server draws game #{game.pk}"
    assert expected in html
    assert drawn == [], "no page was drawn"
    assert list(temp_folder.iterdir()) == []


def test_more_pages_than_one_check_takes_are_refused_before_any_is_drawn(
    client: Client, temp_folder: Path
) -> None:
    bomb = with_boxes(sheet_of(signed()), 6400, copies=MAX_PAGES + 1)

    status, html = upload(client, bomb)

    assert status == 422
    assert f"This PDF has {MAX_PAGES + 1} pages: at most {MAX_PAGES} are checked at once." in html
    assert list(temp_folder.iterdir()) == []


def test_a_genuine_sheet_leaves_nothing_on_disk(client: Client, temp_folder: Path) -> None:
    status, html = upload(client, sheet_of(signed()))

    assert status == 200 and 'data-verdict="accepted"' in html
    assert list(temp_folder.iterdir()) == []


def test_an_upload_over_djangos_memory_threshold_is_never_written_to_disk(
    client: Client, temp_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    padded = sheet_of(signed()) + b"\n%" + b"0" * (3 * 1024 * 1024)
    assert len(padded) > settings.FILE_UPLOAD_MAX_MEMORY_SIZE
    during: list[list[Path]] = []

    def check(data: bytes, **options: Any) -> SheetCheck:
        # What a worker killed in the middle of the check would leave behind.
        during.append(list(temp_folder.iterdir()))
        return check_sheet_pdf(data, **options)

    monkeypatch.setattr("scoring.views.verify.check_sheet_pdf", check)

    status, html = upload(client, padded)

    assert status == 200 and 'data-verdict="accepted"' in html
    assert during == [[]]
    assert list(temp_folder.iterdir()) == []


def test_a_check_past_its_time_budget_stops_with_a_clear_answer(
    client: Client, settings: Settings, temp_folder: Path
) -> None:
    game = signed()
    settings.VERIFY_SECONDS = 1e-9

    status, html = upload(client, sheet_of(game))

    assert status == 422
    assert 'data-verdict="refused"' in html
    assert (
        "Checking this PDF took longer than the 1 second this server gives one upload, so it was "
        "stopped and nothing was verified." in html
    )
    assert list(temp_folder.iterdir()) == []
    settings.VERIFY_SECONDS = 10
    assert upload(client, sheet_of(game))[0] == 200, "the next upload is checked as ever"


def test_the_budget_refusal_speaks_the_readers_language(client: Client, settings: Settings) -> None:
    settings.VERIFY_SECONDS = 5e-9
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"

    status, html = upload(client, sheet_of(signed()))

    assert status == 422
    assert "Die Prüfung dieses PDFs dauerte länger als die 1 Sekunde" in html


def test_a_client_past_its_uploads_gets_429_and_another_client_still_gets_through(
    client: Client, settings: Settings
) -> None:
    settings.VERIFY_UPLOADS_PER_CLIENT = "2/10m"
    assert upload(client, b"not a pdf")[0] == 422
    assert upload(client, b"not a pdf")[0] == 422

    response = client.post(VERIFY, {"sheet": SimpleUploadedFile("s.pdf", b"%PDF-1.7")})
    other = upload(Client(), b"not a pdf", address="192.0.2.7")

    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    html = response.content.decode()
    assert "This device has uploaded as many PDFs as the verify page takes" in html
    assert "Typing a sheet&#x27;s code works meanwhile." in html
    assert other[0] == 422 and "This file is not a PDF." in other[1]
    assert client.get(VERIFY, {"code": "AAAA-BBBB-CC"}).status_code == 302, "codes still work"


def test_the_throttle_answers_before_reading_a_large_body(
    client: Client, settings: Settings
) -> None:
    settings.VERIFY_UPLOADS_PER_CLIENT = "1/1h"
    upload(client, b"not a pdf")

    status, html = upload(client, b"%PDF-1.7\n" + b"0" * (6 * 1024 * 1024))

    assert status == 429
    assert "try again in" in html


def test_the_throttle_speaks_the_readers_language(client: Client, settings: Settings) -> None:
    settings.VERIFY_UPLOADS_PER_CLIENT = "1/1h"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "da"
    upload(client, b"not a pdf")

    status, html = upload(client, b"not a pdf")

    assert status == 429
    assert "Denne enhed har uploadet så mange PDF&#x27;er" in html


def test_while_the_server_checks_another_pdf_an_upload_gets_a_quick_429(
    client: Client, settings: Settings
) -> None:
    settings.VERIFY_CONCURRENT_CHECKS = 1
    game = signed()

    with limits.check_slot() as free:
        assert free
        status, html = upload(client, sheet_of(game))
        with limits.check_slot() as second:
            assert not second

    assert status == 429
    assert "The server is checking other uploaded PDFs right now: try again in a minute." in html
    assert upload(client, sheet_of(game))[0] == 200, "the slot is free again"


def test_a_slot_left_by_a_killed_worker_frees_itself(settings: Settings) -> None:
    settings.VERIFY_CONCURRENT_CHECKS = 1
    with limits.check_slot() as free:
        assert free
        # A worker killed here never gives the slot back; its entry outlives the budget only
        # by the margin.
        slot = caches["uploads"]
        key = "verify-check-slot-0"
        assert slot.get(key) is not None
        slot.touch(key, timeout=-1)
        with limits.check_slot() as again:
            assert again


def test_the_upload_limits_live_in_a_cache_every_worker_shares() -> None:
    assert settings.CACHES["uploads"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    assert settings.RATELIMIT_USE_CACHE == "uploads"
    assert settings.VERIFY_SECONDS < 30, "well inside gunicorn's worker timeout"
