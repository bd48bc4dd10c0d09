"""A sheet drawn to a PNG with PDFium (pypdfium2, as the verify page draws pages), as a printer
would see it."""

from __future__ import annotations

import struct
from io import BytesIO

import pypdfium2
import pytest

from scoring.pdf import game_sheet_pdf

from .helpers import import_record, loaded, random_record

pytestmark = pytest.mark.django_db


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_an_eight_player_jackpot_sheet_renders_to_a_page_sized_png() -> None:
    sheet = loaded(import_record(random_record("jackpot", 8, 1978)))
    document = pypdfium2.PdfDocument(game_sheet_pdf(sheet))
    assert len(document) == 1
    png = BytesIO()
    document[0].render(scale=60 / 72).to_pil().save(png, format="PNG")
    document.close()

    width, height = png_size(png.getvalue())
    # A4 landscape at 60 dpi: 842 x 595 points is 702 x 496 pixels (give or take rounding).
    assert abs(width - 702) <= 2 and abs(height - 496) <= 2
    # A page with a filled table on it, not an empty one: PNG compresses blank pages to little.
    assert len(png.getvalue()) > 40_000
