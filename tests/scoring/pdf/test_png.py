"""A sheet rendered to PNG with poppler's pdftoppm, as a printer would see it."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from scoring.pdf import game_sheet_pdf

from .helpers import import_record, loaded, random_record

pytestmark = pytest.mark.django_db


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_an_eight_player_jackpot_sheet_renders_to_a_page_sized_png(tmp_path: Path) -> None:
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        pytest.fail("pdftoppm is missing: run `make browsers` (poppler-utils)", pytrace=False)
    sheet = loaded(import_record(random_record("jackpot", 8, 1978)))
    source = tmp_path / "sheet.pdf"
    source.write_bytes(game_sheet_pdf(sheet))
    subprocess.run([pdftoppm, "-png", "-r", "60", str(source), str(tmp_path / "sheet")], check=True)
    pages = sorted(tmp_path.glob("sheet*.png"))
    assert len(pages) == 1, pages
    width, height = png_size(pages[0])
    # A4 landscape at 60 dpi: 842 x 595 points is 702 x 496 pixels (give or take rounding).
    assert abs(width - 702) <= 2 and abs(height - 496) <= 2
    # A page with a filled table on it, not an empty one: PNG compresses blank pages to little.
    assert pages[0].stat().st_size > 40_000
