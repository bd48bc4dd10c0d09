"""The parts of a sheet around its score table: the header, the result notes, the corrections."""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO
from typing import Any
from xml.sax.saxutils import escape

import qrcode
import qrcode.constants
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable, Image, Paragraph, Spacer, Table, TableStyle

from scoring import rules
from scoring.rules.results import GameResult

from . import styles
from .info import SheetInfo
from .layouts import Layout

WRITE_IN = "_" * 22
SHORT_WRITE_IN = "_" * 10
# When, turn, player, before, after, why (the rest of the width), by.
CORRECTION_WIDTHS = (80.0, 34.0, 60.0, 150.0, 150.0, 0.0, 70.0)
# Why a round is owed, by the engine's reason (rules.results.DRINK_REASONS words them in English).
DRINK_WORDS = {
    "last_place": gettext_noop("came last"),
    "balut_from_cup": gettext_noop("threw a Balut straight out of the cup"),
    "three_cocks": gettext_noop("threw three cocked throws in a row"),
}


def _fields(layout: Layout, *fields: tuple[str, str]) -> str:
    """Labelled values on one line, worded and spaced as `layout` does: since layout 2, a line
    too long for its column wraps between fields, never inside a long word such as
    "Freundschaftsspiel"."""
    return layout.field_gap.join(
        f"<b>{escape(label)}{layout.label_suffix}</b>&nbsp;{escape(value)}"
        for label, value in fields
    )


def header(info: SheetInfo) -> Table:
    """Club and game on the left; when, who scored, options and guesses on the right."""
    left = [
        Paragraph(escape(info.club), styles.CLUB),
        Paragraph(escape(info.heading), styles.TITLE),
    ]
    layout = info.layout
    if info.blank:
        lines = [
            _fields(
                layout,
                (_("Date"), WRITE_IN),
                (_("Time"), SHORT_WRITE_IN),
                (_("Scorer"), WRITE_IN),
                (_("Friendly"), _("yes / no")),
            ),
        ]
        if info.has_options:
            lines.append(_fields(layout, (_("Options"), WRITE_IN * 2)))
        if info.guesses:
            lines.append(_fields(layout, (_("Balut guesses"), WRITE_IN * 3)))
    else:
        friendly = _("yes (no round for last place)") if info.friendly else _("no")
        lines = [
            _fields(
                layout,
                (_("Started"), info.started),
                (_("Scorer"), info.scorer),
                (_("Friendly"), friendly),
            ),
        ]
        second = [(_("Game"), info.status)]
        if info.has_options:
            second.insert(0, (_("Options"), info.options))
        lines.append(_fields(layout, *second))
        if info.guesses:
            lines.append(_fields(layout, (_("Balut guesses"), info.guesses)))
    right = [Paragraph(line, styles.HEADER) for line in lines]
    table = Table(
        [[left, right]],
        colWidths=[styles.FRAME_WIDTH * 0.36, styles.FRAME_WIDTH * 0.64],
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("LINEBELOW", (0, 0), (-1, 0), 1.5, styles.INK),
            ]
        )
    )
    return table


def result_notes(result: GameResult, *, blank: bool, layout: Layout) -> list[Flowable]:
    """Baluts and guess winners, rounds owed and register candidates, in one short paragraph."""
    if blank:
        if result.baluts is None:
            return []
        text = _fields(
            layout,
            (_("Baluts"), SHORT_WRITE_IN),
            (_("Guess winners"), WRITE_IN),
            (_("Rounds owed"), WRITE_IN * 2),
        )
        return [Paragraph(text, styles.NOTE)]
    parts: list[tuple[str, str]] = []
    if result.baluts is not None:
        parts.append((_("Baluts"), str(result.baluts)))
        if result.complete:
            winners = ", ".join(result.guess_winners) or _("nobody guessed right")
            parts.append((_("Guess winners"), winners))
    # A game that never books a round says nothing of them, unless its record shows some.
    if result.drinks or rules.ruleset_info(result.ruleset).drinks != "never":
        owed = "; ".join(f"{d.player} ({_(DRINK_WORDS[d.reason])})" for d in result.drinks)
        parts.append((_("Rounds owed"), owed or (_("none") if result.complete else _("none yet"))))
    if result.register:
        entries = ", ".join(
            f"{c.player} {c.score} ({_register_kind(c.kind)})" for c in result.register
        )
        parts.append((_("For the register"), entries))
    if not parts:
        return []
    return [Paragraph(_fields(layout, *parts), styles.NOTE)]


def _register_kind(kind: str) -> str:
    if kind == "high":
        return pgettext("register entry", "high")
    return pgettext("register entry", "low")


def grid(
    rows: Sequence[Sequence[object]],
    widths: Sequence[float],
    *,
    style: Sequence[tuple[Any, ...]] = (),
    align: str = "LEFT",
) -> Table:
    """Rows under a shaded heading row (repeated on each page), ruled as every table of the
    printed sheets and cards; `style` adds to it."""
    table = Table([list(row) for row in rows], colWidths=list(widths), repeatRows=1, hAlign=align)
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.3, styles.GRID),
                ("BACKGROUND", (0, 0), (-1, 0), styles.HEADING_FILL),
                *style,
            ]
        )
    )
    return table


def qr_code(url: str) -> BytesIO:
    """A QR code of `url` as a PNG: a signed sheet's and a signed match card's verify page."""
    qr = qrcode.QRCode(border=1, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(url)
    qr.make(fit=True)
    picture = BytesIO()
    qr.make_image().save(picture)
    picture.seek(0)
    return picture


def corrections(info: SheetInfo) -> list[Flowable]:
    """The corrections made to the game, oldest first; on a blank sheet, room to note them."""
    if info.blank:
        return []
    if not info.corrections:
        return [Paragraph(_fields(info.layout, (_("Corrections"), _("none"))), styles.NOTE)]
    rows: list[list[object]] = [
        [
            Paragraph(f"<b>{escape(heading)}</b>", styles.CELL)
            for heading in (
                _("When"),
                _("Turn"),
                _("Player"),
                _("Before"),
                _("After"),
                _("Why"),
                _("By"),
            )
        ]
    ]
    for line in info.corrections:
        cells = (line.when, str(line.turn), line.player, line.before, line.after, line.why, line.by)
        rows.append([Paragraph(escape(cell), styles.CELL) for cell in cells])
    widths = list(CORRECTION_WIDTHS)
    widths[5] = styles.FRAME_WIDTH - sum(widths)
    table = grid(
        rows,
        widths,
        style=[
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ],
    )
    heading = Paragraph(
        escape(_("Corrections (%(count)d)") % {"count": len(info.corrections)}), styles.SECTION
    )
    return [Spacer(0, 4), heading, table]


SIGNATURE_IMAGE_HEIGHT = 24.0


def signatures(info: SheetInfo) -> list[Flowable]:
    """Each active signature beside the player's name with its date: the drawing, the typed
    name (slanted, marked as typed, so it never passes for a drawing), or "PIN"."""
    if info.blank or not info.signatures:
        return []
    width = styles.FRAME_WIDTH / max(len(info.signatures), 4)
    cells: list[list[object]] = []
    for line in info.signatures:
        mark: object = Paragraph(escape(_("signed with PIN")), styles.CELL)
        if line.typed_name:
            typed = _("typed: %(name)s") % {"name": line.typed_name}
            mark = Paragraph(
                f'<font name="{styles.FONT_ITALIC}">{escape(typed)}</font>', styles.CELL
            )
        elif line.drawing_png:
            reader = ImageReader(BytesIO(line.drawing_png))
            pixels_wide, pixels_high = reader.getSize()
            image_width = min(width - 6, SIGNATURE_IMAGE_HEIGHT * pixels_wide / pixels_high)
            mark = Image(
                BytesIO(line.drawing_png), width=image_width, height=SIGNATURE_IMAGE_HEIGHT
            )
        cells.append([Paragraph(f"<b>{escape(line.player)}</b>", styles.CELL), mark, line.when])
    table = Table(
        [[cell[0] for cell in cells], [cell[1] for cell in cells], [cell[2] for cell in cells]],
        colWidths=[width] * len(cells),
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 2), (-1, 2), styles.FONT, 7),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("BOX", (0, 0), (-1, -1), 0.4, styles.GRID),
                ("LINEAFTER", (0, 0), (-2, -1), 0.3, styles.GRID),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return [Spacer(0, 4), Paragraph(f"<b>{escape(_('Signed'))}</b>", styles.NOTE), table]


class PlainLines(Flowable):
    """Lines drawn exactly as given, never wrapped, in columns: the verify page's PDF check
    reads each one back whole."""

    def __init__(self, lines: Sequence[str], *, columns: int = 2, size: float = 7.0) -> None:
        super().__init__()
        self.lines = list(lines)
        self.columns = columns
        self.size = size
        self.leading = size + 1.5

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.column_width = available_width / self.columns
        rows = -(-len(self.lines) // self.columns)
        return available_width, rows * self.leading

    def draw(self) -> None:
        rows = -(-len(self.lines) // self.columns)
        self.canv.setFont(styles.FONT, self.size)
        for index, line in enumerate(self.lines):
            column, row = divmod(index, rows)
            y = (rows - row - 1) * self.leading + 1.5
            self.canv.drawString(column * self.column_width, y, line)


def verification_lines(info: SheetInfo) -> list[Flowable]:
    if info.verification is None:
        return []
    return [Spacer(0, 3), PlainLines(info.verification.figure_lines)]
