"""What an uploaded sheet's pages show, compared with what this server draws for the game.

A PDF's text layer can say one thing while its pages show another (a white box with forged
figures drawn over the genuine ones leaves the genuine text underneath), so reading the text is
not enough. Each uploaded page is drawn with poppler's pdftoppm, in grey at `DPI`, and compared
pixel by pixel with the same page of the sheet the server renders for that game from the
database now (its signature drawings included; the sheet's number within a club night and its
page count as the upload's footer gives them). Left out: the QR code's square, which encodes the
address of the site that printed the sheet. A pixel counts as different when its grey differs by
more than `GREY_TOLERANCE` of 255; a page is refused when more than `PIXEL_TOLERANCE` differ.
The same drawing operators drawn by the same renderer give the same pixels, so a genuine page
differs in none; the tolerance only forgives a stray anti-aliased pixel.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from django.utils.translation import gettext as _
from PIL import Image, ImageChops, ImageDraw
from pypdf import PdfWriter

from scoring import rules
from scoring.models import Game
from scoring.pdf import printed_game, styles, write_pdf
from scoring.selectors import game_corrections, game_signatures, load_game

DPI = 100
GREY_TOLERANCE = 96
PIXEL_TOLERANCE = 4
# Drawing a page is quick, but a hostile PDF could make poppler work for long: it is stopped.
RENDER_SECONDS = 30
MM_PER_INCH = 25.4


class CannotDraw(Exception):
    """The server cannot draw the pages (pdftoppm missing, or it failed on this file)."""


@dataclass(frozen=True)
class Reference:
    """The sheet the server draws for one uploaded sheet: which game, as sheet n of N."""

    game: Game
    numbering: tuple[int, int] | None
    language: str = "en"
    """The language the uploaded sheet is printed in: drawn in another, no page would match."""


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


def draw_pages(data: bytes, last_page: int) -> list[Image.Image]:
    """The PDF's pages 1..last_page drawn in grey at DPI; CannotDraw if that cannot be done."""
    program = shutil.which("pdftoppm")
    if program is None:
        raise CannotDraw(
            _(
                "This server cannot draw PDF pages (poppler's pdftoppm is not installed), so it "
                "cannot check what the pages show. Ask the club's administrator."
            )
        )
    with tempfile.TemporaryDirectory(prefix="balut-verify-") as folder:
        source = Path(folder) / "upload.pdf"
        source.write_bytes(data)
        try:
            subprocess.run(  # noqa: S603 (a fixed program on a file of our own)
                [
                    program,
                    "-gray",
                    "-r",
                    str(DPI),
                    "-l",
                    str(last_page),
                    str(source),
                    f"{folder}/p",
                ],
                check=True,
                capture_output=True,
                timeout=RENDER_SECONDS,
            )
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
            raise CannotDraw(_("The pages of this PDF cannot be drawn: it is damaged.")) from error
        # pdftoppm pads the page number to the width of the last one: sorting by it is enough.
        files = sorted(Path(folder).glob("p-*.pgm"), key=lambda f: int(f.stem.rsplit("-", 1)[1]))
        if len(files) < last_page:
            # A page poppler could not draw is left out: its place would be taken by the next.
            raise CannotDraw(_("The pages of this PDF cannot be drawn: it is damaged."))
        pages = []
        for file in files:
            with Image.open(file) as picture:
                pages.append(picture.convert("L"))
        return pages


def reference_pdf(
    references: Sequence[Reference], *, house_rules: rules.HouseRules | None, club: str
) -> tuple[bytes, list[int]]:
    """The server's own sheets for `references`, in order, in one PDF; and each one's pages."""
    writer = PdfWriter()
    counts = []
    for reference in references:
        game = reference.game
        loaded = load_game(game)
        printed = printed_game(
            loaded,
            game_corrections(game),
            signatures=game_signatures(game),
            house_rules=house_rules,
            club=club,
            language=reference.language,
        )
        out = BytesIO()
        write_pdf([printed], out, title="", club=club, numbering=reference.numbering)
        before = len(writer.pages)
        writer.append(BytesIO(out.getvalue()))
        counts.append(len(writer.pages) - before)
    combined = BytesIO()
    writer.write(combined)
    return combined.getvalue(), counts


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
