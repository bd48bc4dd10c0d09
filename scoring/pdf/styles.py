"""Page geometry, fonts and colours of the printed sheets: one place to tune the look.

A4 landscape, so that eight players' columns of four boxes each stay legible. Only reportlab's
built-in fonts (Helvetica), so every figure is plain, extractable text.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

PAGE_WIDTH, PAGE_HEIGHT = landscape(A4)
MARGIN = 22.0
# Room under the frame for the page footer: the page line and the verification block.
FOOTER_HEIGHT = 50.0
FRAME_WIDTH = PAGE_WIDTH - 2 * MARGIN
FRAME_HEIGHT = PAGE_HEIGHT - 2 * MARGIN - FOOTER_HEIGHT

FONT = "Helvetica"
FONT_BOLD = "Helvetica-Bold"
FONT_ITALIC = "Helvetica-Oblique"

INK = colors.black
GRID = colors.HexColor("#555555")
FAINT = colors.HexColor("#6b6b6b")
HEADING_FILL = colors.HexColor("#e6e6e6")
JACKPOT_FILL = colors.HexColor("#f3efe0")
FOOT_FILL = colors.HexColor("#f2f2f2")
CLAIMED = colors.HexColor("#1d5e20")
STRUCK = colors.HexColor("#8a1c1c")

# The verification block at the foot of every page of a game's sheet: left empty here. Signing
# draws the sheet's verification code and QR code inside it (x, y from the page's bottom left).
VERIFICATION_WIDTH = 210.0
VERIFICATION_HEIGHT = 40.0
VERIFICATION_X = PAGE_WIDTH - MARGIN - VERIFICATION_WIDTH
VERIFICATION_Y = MARGIN - 8.0


@dataclass(frozen=True)
class TableMetrics:
    """Sizes of one sheet's table, scaled to how many columns it must fit."""

    font_size: float
    row_height: float

    @property
    def small(self) -> float:
        return max(6.5, self.font_size - 1.5)

    @property
    def name_size(self) -> float:
        return self.font_size + 1.5


# Height the score table may take: the frame less the header above it and the notes below.
TABLE_HEIGHT = FRAME_HEIGHT - 100.0


def metrics_for(
    column_width: float,
    *,
    rows: int,
    fixed_height: float = 0.0,
    largest: float = 11.0,
    smallest: float = 8.0,
) -> TableMetrics:
    """The largest font (up to `largest`) whose figures fit `column_width`, with rows as tall as
    writing on paper wants, as long as `rows` rows (and `fixed_height`) fit on one page."""
    row_height = min(largest * 2.0, (TABLE_HEIGHT - fixed_height) / rows)
    size = min(largest, column_width / 1.75, row_height / 1.6)
    size = max(smallest, size)
    return TableMetrics(font_size=round(size, 1), row_height=max(row_height, size * 1.5))


def label_width(labels: list[str], size: float, *, least: float = 50.0) -> float:
    """A first column wide enough for its longest label in bold."""
    widest = max(stringWidth(label, FONT_BOLD, size) for label in labels)
    return max(least, widest + 10.0)


def fit_name(name: str, size: float, width: float, *, smallest: float = 6.0) -> tuple[str, float]:
    """A player's name for a column `width` wide: in bold at `size`, smaller if it must be, and
    shortened with an ellipsis only if even `smallest` is too wide."""
    room = width - 4.0
    fitted = min(size, size * room / max(stringWidth(name, FONT_BOLD, size), 0.01))
    if fitted >= smallest:
        return name, math.floor(fitted * 10) / 10 if fitted < size else size
    while len(name) > 1 and stringWidth(name + "\u2026", FONT_BOLD, smallest) > room:
        name = name[:-1]
    return name + "\u2026", smallest


def paragraph_style(
    name: str, *, size: float = 9.0, bold: bool = False, leading: float | None = None
) -> ParagraphStyle:
    return ParagraphStyle(
        name,
        fontName=FONT_BOLD if bold else FONT,
        fontSize=size,
        leading=leading or size * 1.25,
        alignment=TA_LEFT,
        textColor=INK,
    )


TITLE = paragraph_style("title", size=16, bold=True, leading=19)
CLUB = paragraph_style("club", size=10, bold=True)
HEADER = paragraph_style("header", size=9.5, leading=12.5)
NOTE = paragraph_style("note", size=8.5, leading=11)
SECTION = paragraph_style("section", size=9.5, bold=True, leading=13)
CELL = paragraph_style("cell", size=7.5, leading=9)
