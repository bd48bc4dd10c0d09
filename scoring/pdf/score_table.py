"""The score sheets' tables: reportlab's Table, less the work of drawing nothing and of wrapping
every figure in a text object of its own.

reportlab draws every cell's text, an empty string too: a text object begun, positioned, given
no glyph and ended. A sixth of a club night's cells are empty (boxes not played, the blank
sheets' every figure); they are left undrawn, which looks the same on paper and on screen and
reads the same to the sheet check (scoring.sheet_checks), and saves their share of the drawing.

A cell of one line of text is most of a club night's drawing (some 40,000 of them): reportlab
builds a text object for each, measures the string and encodes it, though a sheet shows the
same few hundred strings ("0", "12", "Pts") again and again. `ScoreTable` writes the same PDF
operators reportlab writes (`BT 1 0 0 1 x y Tm (12) Tj T* ET`, byte for byte), with each
string's width and encoding worked out once per document and font. Anything else (several
lines, flowables, right or decimal alignment, bidirectional text) goes through reportlab.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen import textobject
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Table
from reportlab.platypus.tables import CellStyle

from . import styles

# The canvas attribute holding its strings' (width, operators); one document's fonts each.
_ENCODED = "_balutclub_encoded_cells"
_CENTRED = frozenset({"CENTER", "CENTRE"})
_VALIGNS = frozenset({"TOP", "MIDDLE", "BOTTOM"})


def _encoded(canvas: Canvas, text: str) -> tuple[float, str]:
    """`text`'s width in the canvas's current font and the operators that show it, as
    reportlab's drawString works them out (its substitution fonts, if any, included)."""
    cache: dict[tuple[str, float, float, str], tuple[float, str]] = canvas.__dict__.setdefault(
        _ENCODED, {}
    )
    key = (canvas._fontname, canvas._fontsize, canvas._leading, text)
    found = cache.get(key)
    if found is None:
        shaped, width = textobject.bidiShapedText(
            text, None, fontName=canvas._fontname, fontSize=canvas._fontsize, shaping=False
        )
        found = cache[key] = (width, canvas.beginText()._formatText(shaped))
    return found


def sheet_cell_styles(
    data: Sequence[Sequence[object]],
    *,
    size: float,
    first_column: Mapping[str, Any] | None = None,
) -> list[list[CellStyle]]:
    """The style each cell of the table of `data` starts with: the sheet's font at `size`,
    centred in the middle, narrow paddings; the first column (the labels) changed by
    `first_column`, in CellStyle's attribute names.

    The same as style commands over the whole table, which reportlab carries out cell by cell
    (a call per command and cell: 400,000 calls in a 100-sheet club night). Here they are a
    class's defaults, set once; the sheet's own commands then change single cells as before."""
    body = type(
        "SheetCell",
        (CellStyle,),
        {
            "fontname": styles.FONT,
            "fontsize": size,
            # As reportlab's FONT command sets it.
            "leading": size * 1.2,
            "alignment": "CENTER",
            "valign": "MIDDLE",
            "leftPadding": 1.5,
            "rightPadding": 1.5,
            "topPadding": 0,
            "bottomPadding": 1,
        },
    )
    label = type("SheetLabelCell", (body,), dict(first_column or {}))
    return [
        [(label if column == 0 else body)(repr((row, column))) for column in range(len(cells))]
        for row, cells in enumerate(data)
    ]


class ScoreTable(Table):
    """No cell of a score table carries a link (reportlab's href and destination styles), so
    an empty one has nothing to draw."""

    # reportlab's: the cell style last drawn with, whose colour and font the canvas has.
    _curcellstyle: Any

    def _drawCell(  # noqa: N802 (reportlab's name)
        self, cellval: Any, cellstyle: Any, pos: Any, size: Any
    ) -> None:
        if isinstance(cellval, str):
            if not cellval:
                return
            if self._plain(cellval, cellstyle):
                self._draw_line(cellval, cellstyle, pos, size)
                return
        super()._drawCell(cellval, cellstyle, pos, size)

    def _plain(self, text: str, style: Any) -> bool:
        """Whether reportlab would draw `text` as one plain line, as `_draw_line` does."""
        return (
            "\n" not in text
            and (style.alignment == "LEFT" or style.alignment in _CENTRED)
            and style.valign in _VALIGNS
            and not style.direction
            and not style.shaping
            and not style.href
            and not style.destination
            and self.canv.bottomup
        )

    def _draw_line(self, text: str, style: Any, pos: Any, size: Any) -> None:
        """reportlab's `Table._drawCell` and `Canvas.drawString`/`drawCentredString` for one line
        of text: the same colour and font changes, position and operators."""
        canvas = self.canv
        if self._curcellstyle is not style:
            current = self._curcellstyle
            if current is None or style.color != current.color:
                canvas.setFillColor(style.color)
            if (
                current is None
                or style.leading != current.leading
                or style.fontname != current.fontname
                or style.fontsize != current.fontsize
            ):
                canvas.setFont(style.fontname, style.fontsize, style.leading)
            self._curcellstyle = style
        (column, row), (width, height) = pos, size
        fontsize = style.fontsize
        if style.valign == "BOTTOM":
            y = row + style.bottomPadding + style.leading - fontsize
        elif style.valign == "TOP":
            y = row + height - style.topPadding - fontsize
        else:
            y = row + (style.bottomPadding + height - style.topPadding + style.leading) / 2.0
            y -= fontsize
        text_width, operators = _encoded(canvas, text)
        if style.alignment == "LEFT":
            x = column + style.leftPadding
        else:
            x = column + (width + style.leftPadding - style.rightPadding) * 0.5
            x -= 0.5 * text_width
        canvas._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {operators} T* ET")
