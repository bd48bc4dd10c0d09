"""A page that declares far more to read or draw than any score sheet is refused before it is
read or drawn: inflating instructions, and images whose few bytes inflate to gigabytes."""

from __future__ import annotations

import zlib
from io import BytesIO

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    PdfObject,
)

from scoring.sheet_checks.check import check_sheet_pdf
from scoring.sheet_checks.text import Unreadable, pdf_pages_text
from scoring.sheet_checks.weight import MAX_CONTENT_BYTES, page_weight
from tests.scoring.services.helpers import fill_game, new_game, sign_all
from tests.scoring.services.real_sheets import sheet_of

pytestmark = pytest.mark.django_db


def stream(data: bytes, **entries: PdfObject) -> DecodedStreamObject:
    made = DecodedStreamObject()
    made.set_data(data)
    for key, value in entries.items():
        made[NameObject(f"/{key}")] = value
    return made


def one_page(content: bytes, image: DecodedStreamObject | None = None) -> bytes:
    """A sheet-sized page of `content` (flate-compressed), drawing `image` as /Im0 if given."""
    writer = PdfWriter()
    page = writer.add_blank_page(842, 595)
    compressed = stream(zlib.compress(content, 9), Filter=NameObject("/FlateDecode"))
    page[NameObject("/Contents")] = writer._add_object(compressed)
    if image is not None:
        xobjects = DictionaryObject({NameObject("/Im0"): writer._add_object(image)})
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def refusal(data: bytes) -> str:
    with pytest.raises(Unreadable) as refused:
        pdf_pages_text(data)
    return str(refused.value)


def test_a_page_whose_instructions_inflate_far_past_a_sheets_is_refused_unread() -> None:
    content = b"0 0 m 1 1 l S\n" * (MAX_CONTENT_BYTES // 14 + 1000)
    data = one_page(content)
    assert len(data) < 100_000

    assert refusal(data) == (
        f"Page 1 holds {len(content) // 1024} KB of drawing instructions, far more than any "
        "score sheet: it is not one, and is not read."
    )


def test_an_image_that_would_inflate_to_gigabytes_when_drawn_is_refused_undrawn() -> None:
    # Declared 50000 x 50000 (2.5 GB drawn in grey); its data is never looked at.
    image = stream(
        b"\0" * 64,
        Type=NameObject("/XObject"),
        Subtype=NameObject("/Image"),
        Width=NumberObject(50_000),
        Height=NumberObject(50_000),
        ColorSpace=NameObject("/DeviceGray"),
        BitsPerComponent=NumberObject(8),
    )

    problem = refusal(one_page(b"q 842 0 0 595 0 0 cm /Im0 Do Q", image))

    assert problem.startswith("Page 1 holds images of more than 16 megapixels")


@pytest.mark.parametrize(
    "content",
    [
        b"q 842 0 0 595 0 0 cm BI /W 40000 /H 40000 /BPC 8 /CS /G /F /Fl ID xx EI Q",
        b"q BI /Width 9000 /Height 9000 /BitsPerComponent 8 ID xx EI Q",
        b"q BI /BPC 8 /CS /G ID xx EI Q",
    ],
    ids=["short-keys", "long-keys", "no-size"],
)
def test_an_inline_image_too_large_or_of_no_size_is_refused_undrawn(content: bytes) -> None:
    assert refusal(one_page(content)).startswith("Page 1 holds images of more than")


def test_a_genuine_sheet_weighs_far_below_the_limits() -> None:
    game = new_game("jackpot", ("Ann", "Ben", "Cai", "Dan", "Eva", "Fin", "Gus", "Hal"))
    fill_game(game)
    sign_all(game)
    data = sheet_of(game)

    for page in PdfReader(BytesIO(data)).pages:
        content_bytes, pixels = page_weight(page)
        assert content_bytes < MAX_CONTENT_BYTES / 10 and pixels < 2_000_000
    assert check_sheet_pdf(data).accepted


def test_a_heavy_page_gets_a_clear_refusal_from_the_whole_check() -> None:
    image = stream(
        b"",
        Subtype=NameObject("/Image"),
        Width=NumberObject(20_000),
        Height=ArrayObject([NumberObject(1)]),
    )

    check = check_sheet_pdf(one_page(b"/Im0 Do", image))

    (problem,) = check.problems
    assert problem.startswith("Page 1 holds images of more than 16 megapixels")
