"""What an uploaded sheet's pages show, compared with what this server draws for the game.

A PDF's text layer can say one thing while its pages show another (a white box with forged
figures drawn over the genuine ones leaves the genuine text underneath), so reading the text is
not enough. Each uploaded page is drawn in this process with PDFium (scoring.sheet_checks.drawing),
in grey at `DPI`, and compared pixel by pixel with the same page of the sheet the server renders
for that game from the database now (its signature drawings included; the sheet's number within
a club night and its page count as the upload's footer gives them). A page whose size is not the
sheet's is refused by its size before it is drawn: however large its boxes, it costs nothing.
Left out: the QR code's square, which encodes the
address of the site that printed the sheet. A pixel counts as different when its grey differs by
more than `GREY_TOLERANCE` of 255; a page is refused when more than `PIXEL_TOLERANCE` differ.
The same drawing operators drawn by the same renderer give the same pixels, so a genuine page
differs in none; the tolerance only forgives a stray anti-aliased pixel.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

import pypdfium2 as pdfium
from django.utils.translation import gettext as _
from PIL import Image, ImageChops, ImageDraw

from scoring import rules
from scoring.models import Game
from scoring.pdf import printed_game, styles, write_pdf
from scoring.pdf.layouts import Layout
from scoring.selectors import game_corrections, game_signatures, load_game
from scoring.sheet_checks.drawing import Budget, draw_page, page_size

DPI = 100
GREY_TOLERANCE = 96
PIXEL_TOLERANCE = 4
MM_PER_INCH = 25.4
POINTS_PER_INCH = 72
# How far a page's side may be from the sheet's and still be drawn: less than a pixel at DPI.
SIZE_TOLERANCE_POINTS = 0.5


@dataclass(frozen=True)
class Reference:
    """The sheet the server draws for one uploaded sheet: which game, as sheet n of N."""

    game: Game
    numbering: tuple[int, int] | None
    language: str = "en"
    """The language the uploaded sheet is printed in: drawn in another, no page would match."""
    number: int | None = None
    """The game's number as the sheet prints it, if not its id (printed before a restore)."""


@dataclass(frozen=True)
class PageDifference:
    page: int
    """The uploaded page, counting from 1."""
    pixels: int
    left_mm: int
    top_mm: int
    width_mm: int
    height_mm: int
    other_size: bool = False
    """The page is not the sheet's size at all (the measures are then the page's)."""


def reference_pdf(
    reference: Reference,
    *,
    house_rules: rules.HouseRules | None,
    club: str,
    layout: Layout | None = None,
) -> bytes:
    """The server's own sheet for `reference`, as it prints it now: in `layout`, or the one
    the game was signed under."""
    game = reference.game
    printed = printed_game(
        load_game(game),
        game_corrections(game),
        signatures=game_signatures(game),
        house_rules=house_rules,
        club=club,
        language=reference.language,
        number=reference.number,
        layout=layout,
    )
    out = BytesIO()
    write_pdf([printed], out, title="", club=club, numbering=reference.numbering)
    return out.getvalue()


def compare_drawn(
    number: int,
    upload: pdfium.PdfDocument,
    drawn: pdfium.PdfDocument,
    drawn_index: int,
    *,
    budget: Budget,
) -> PageDifference | None:
    """Uploaded page `number` (from 1) against page `drawn_index` of the server's sheet: by
    size first, and only a page of the sheet's size is drawn and compared pixel by pixel."""
    shown_size = page_size(upload, number - 1)
    own_size = page_size(drawn, drawn_index)
    if any(abs(a - b) > SIZE_TOLERANCE_POINTS for a, b in zip(shown_size, own_size, strict=True)):
        width, height = (round(side * MM_PER_INCH / POINTS_PER_INCH) for side in shown_size)
        return PageDifference(number, 0, 0, 0, width, height, other_size=True)
    shown = draw_page(upload, number - 1, dpi=DPI, budget=budget)
    own = draw_page(drawn, drawn_index, dpi=DPI, budget=budget)
    return compare_page(number, shown, own)


def _blank_qr_square(picture: Image.Image) -> Image.Image:
    """The page with the QR code's square painted white (it holds the printing site's address)."""
    scale = DPI / 72
    size = styles.VERIFICATION_HEIGHT + 6
    left = styles.VERIFICATION_X + styles.VERIFICATION_WIDTH - size
    top = styles.PAGE_HEIGHT - styles.VERIFICATION_Y - size
    box = [
        int(left * scale) - 2,
        int(top * scale) - 2,
        int((left + size) * scale) + 2,
        int((top + size) * scale) + 2,
    ]
    blanked = picture.copy()
    ImageDraw.Draw(blanked).rectangle(box, fill=255)
    return blanked


def compare_page(number: int, shown: Image.Image, drawn: Image.Image) -> PageDifference | None:
    """None if the uploaded page shows what the server draws; else where and how much differs."""
    if shown.size != drawn.size:
        width, height = (round(side * MM_PER_INCH / DPI) for side in shown.size)
        return PageDifference(
            number, shown.size[0] * shown.size[1], 0, 0, width, height, other_size=True
        )
    difference = ImageChops.difference(_blank_qr_square(shown), _blank_qr_square(drawn))
    marked = difference.point(lambda grey: 255 if grey > GREY_TOLERANCE else 0)
    pixels = marked.histogram()[255]
    if pixels <= PIXEL_TOLERANCE:
        return None
    left, top, right, bottom = marked.getbbox() or (0, 0, 0, 0)
    mm = MM_PER_INCH / DPI
    return PageDifference(
        page=number,
        pixels=pixels,
        left_mm=round(left * mm),
        top_mm=round(top * mm),
        width_mm=max(1, round((right - left) * mm)),
        height_mm=max(1, round((bottom - top) * mm)),
    )


def describe(difference: PageDifference) -> str:
    if difference.other_size:
        return _(
            "Page %(page)d is %(width)d × %(height)d mm: not the size of the sheet the server "
            "draws for this game (A4 landscape)."
        ) % {"page": difference.page, "width": difference.width_mm, "height": difference.height_mm}
    return _(
        "Page %(page)d does not show what the server draws for this game: %(pixels)d pixels "
        "differ, in an area %(width)d × %(height)d mm starting %(left)d mm from the left and "
        "%(top)d mm from the top. Something was drawn over the sheet or it was altered."
    ) % {
        "page": difference.page,
        "pixels": difference.pixels,
        "width": difference.width_mm,
        "height": difference.height_mm,
        "left": difference.left_mm,
        "top": difference.top_mm,
    }


def compared_text() -> str:
    """What the check compared, in words, for the page to say."""
    return _(
        "Every page was drawn at %(dpi)d dpi and compared pixel by pixel with the sheet this "
        "server draws for the game from its database, signature drawings included; only the QR "
        "code's square is left out, as it holds the address of the site that printed the sheet. "
        "A page passes when at most %(pixels)d pixels differ in grey by more than %(grey)d of 255. "
        "The text of the page was read too: the verification code, the game number and every "
        "player's figures."
    ) % {"dpi": DPI, "pixels": PIXEL_TOLERANCE, "grey": GREY_TOLERANCE}
