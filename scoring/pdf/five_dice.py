"""The score table of a five-dice game (balut, jackpot, bar), laid out like the paper sheet.

Categories are rows; each player has a column of boxes (four in balut and jackpot, one in bar),
then the category total and the category points. In jackpot each category's jackpot box has a
row of its own under the category, with its bonus in the points column. Under the categories:
the total score, score points, guess points, points, place, and a line for each signature.

Every figure comes from the `ScoreSheet` and the engine's result it carries; a blank sheet is
the same table with nothing written in.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from reportlab.platypus import TableStyle

from scoring import rules
from scoring.box_names import box_name
from scoring.presentation.sheets import Cell, ScoreSheet, SheetColumn, SheetRow

from . import styles
from .score_table import ScoreTable, sheet_cell_styles
from .styles import TableMetrics

LABEL_WIDTH = 78.0
MAX_PLAYER_WIDTH = 170.0
# Bar has one box per player: its columns need no more room than a name.
MAX_BAR_PLAYER_WIDTH = 120.0
TOTAL_WEIGHT = 1.3
POINTS_WEIGHT = 1.05
SIGNATURE_HEIGHT = 30.0

Style = list[tuple[object, ...]]


@dataclass(frozen=True)
class Columns:
    """Where a player's subcolumns sit: boxes, then the total (if any), then points (if any)."""

    boxes: int
    has_total: bool
    has_points: bool

    @property
    def per_player(self) -> int:
        return self.boxes + int(self.has_total) + int(self.has_points)

    def first(self, seat: int) -> int:
        return 1 + seat * self.per_player

    def last(self, seat: int) -> int:
        return self.first(seat) + self.per_player - 1

    def total(self, seat: int) -> int:
        return self.first(seat) + self.boxes

    def points(self, seat: int) -> int:
        return self.last(seat)

    def weights(self) -> list[float]:
        return (
            [1.0] * self.boxes
            + ([TOTAL_WEIGHT] if self.has_total else [])
            + ([POINTS_WEIGHT] if self.has_points else [])
        )


def columns_of(sheet: ScoreSheet) -> Columns:
    boxes = max(len(row.columns[0].cells) for row in sheet.rows if not row.jackpot)
    return Columns(boxes=boxes, has_total=boxes > 1, has_points=sheet.scores_points)


def ordered_rows(sheet: ScoreSheet) -> list[SheetRow]:
    """Each category followed by its jackpot row, as the paper jackpot sheet has them."""
    jackpots = {rules.category_of(row.key): row for row in sheet.rows if row.jackpot}
    ordered = []
    for row in sheet.rows:
        if row.jackpot:
            continue
        ordered.append(row)
        if row.key in jackpots:
            ordered.append(jackpots.pop(row.key))
    return ordered + list(jackpots.values())


def figure(value: int | None) -> str:
    return "" if value is None else str(value)


def signed(value: int | None) -> str:
    """A jackpot bonus with its sign: "+4", "-6"; 0 as plain "0"."""
    if value is None:
        return ""
    return f"{value:+d}" if value else "0"


def signed_cell() -> str:
    """A signed player's cell of the Signature row: the signatures are printed below the table."""
    return pgettext("signature cell", "signed, see below")


# A jackpot cell's note as printed beside its score ("scratch" shows only as a faint zero).
NOTES = {"claimed": gettext_noop("claimed"), "struck": gettext_noop("struck"), "scratch": ""}


def jackpot_text(cell: Cell) -> str:
    if cell.score is None:
        return ""
    note = NOTES.get(cell.note, cell.note)
    return f"{cell.score} {_(note) if note else ''}".strip()


def summary_labels(sheet: ScoreSheet) -> list[str]:
    labels = [_("Total score")]
    if sheet.scores_points:
        labels += [_("Score points"), _("Guess points"), _("Points")]
    return [*labels, _("Place") if sheet.result.complete else _("Place so far")]


def five_dice_table(
    sheet: ScoreSheet,
    *,
    blank: bool = False,
    signed: frozenset[str] = frozenset(),
    named: bool = False,
    total_heading: str = "",
) -> ScoreTable:
    """`total_heading`: the short heading of each player's total column, as the sheet's layout
    words it (scoring.pdf.layouts); blank, the current layout's."""
    cols = columns_of(sheet)
    players = len(sheet.players)
    rows = ordered_rows(sheet)
    labels = [box_name(row.key) for row in rows] + summary_labels(sheet) + [_("Signature")]
    weights = cols.weights()

    def fit(label: float) -> tuple[float, TableMetrics]:
        widest = MAX_PLAYER_WIDTH if cols.boxes > 1 else MAX_BAR_PLAYER_WIDTH
        unit = min(widest, (styles.FRAME_WIDTH - label) / players) / sum(weights)
        # A bar player has one box: give its figures the room of two.
        width = unit if cols.boxes > 1 else unit / 2
        metrics = styles.metrics_for(width, rows=len(labels) + 1, fixed_height=SIGNATURE_HEIGHT)
        return unit, metrics

    unit, metrics = fit(LABEL_WIDTH)
    label = styles.label_width(labels, metrics.font_size)
    unit, metrics = fit(label)
    widths = [label] + [unit * weight for _ in range(players) for weight in weights]

    builder = _Builder(sheet, cols, metrics, widths, blank, signed)
    builder.named = named
    builder.total_heading = total_heading or pgettext("sheet column, short", "Total")
    builder.head()
    for row in rows:
        builder.category(row)
    builder.foot()
    heights = [
        SIGNATURE_HEIGHT if index == builder.signature_row else metrics.row_height
        for index in range(len(builder.data))
    ]
    table = ScoreTable(
        builder.data,
        colWidths=widths,
        rowHeights=heights,
        repeatRows=2,
        hAlign="CENTER",
        cellStyles=sheet_cell_styles(
            builder.data,
            size=metrics.font_size,
            first_column={"fontname": styles.FONT_BOLD, "alignment": "LEFT", "leftPadding": 4},
        ),
    )
    table.setStyle(TableStyle(builder.style))
    return table


class _Builder:
    """Rows of table data and the style commands that go with them."""

    def __init__(
        self,
        sheet: ScoreSheet,
        cols: Columns,
        metrics: TableMetrics,
        widths: list[float],
        blank: bool,
        signed: frozenset[str] = frozenset(),
    ):
        self.sheet = sheet
        self.signed = signed
        self.widths = widths
        self.cols = cols
        self.metrics = metrics
        self.blank = blank
        self.named = False
        self.total_heading = ""
        self.width = 1 + cols.per_player * len(sheet.players)
        self.data: list[list[str]] = []
        self.signature_row = -1
        # Every cell's font, alignment and paddings: sheet_cell_styles, given to the ScoreTable.
        self.style: Style = [
            ("GRID", (0, 0), (-1, -1), 0.4, styles.GRID),
            ("BOX", (0, 0), (-1, -1), 1.2, styles.INK),
        ]
        for seat in range(len(sheet.players)):
            self.style.append(
                ("LINEBEFORE", (cols.first(seat), 0), (cols.first(seat), -1), 1.2, styles.INK)
            )

    def _row(self) -> list[str]:
        self.data.append([""] * self.width)
        return self.data[-1]

    def head(self) -> None:
        names = self._row()
        subheads = self._row()
        cols, metrics = self.cols, self.metrics
        smaller: Style = []
        for seat, name in enumerate(self.sheet.players):
            first, last = cols.first(seat), cols.last(seat)
            if not self.blank or self.named:
                span = sum(self.widths[first : last + 1])
                names[first], size = styles.fit_name(name, metrics.name_size, span)
                if size != metrics.name_size:
                    smaller.append(("FONT", (first, 0), (first, 0), styles.FONT_BOLD, size))
            self.style.append(("SPAN", (first, 0), (last, 0)))
            for box in range(cols.boxes):
                subheads[first + box] = str(box + 1) if cols.boxes > 1 else _("Score")
            if cols.has_total:
                subheads[cols.total(seat)] = self.total_heading
            if cols.has_points:
                subheads[cols.points(seat)] = pgettext("points, short", "Pts")
        names[0] = _("Player")
        self.style += [
            ("FONT", (1, 0), (-1, 0), styles.FONT_BOLD, metrics.name_size),
            ("FONT", (1, 1), (-1, 1), styles.FONT, metrics.small),
            ("TEXTCOLOR", (1, 1), (-1, 1), styles.FAINT),
            ("BACKGROUND", (0, 0), (-1, 1), styles.HEADING_FILL),
            ("LINEBELOW", (0, 1), (-1, 1), 1.2, styles.INK),
            *smaller,
        ]

    def category(self, row: SheetRow) -> None:
        line = self._row()
        index = len(self.data) - 1
        line[0] = box_name(row.key)
        for seat, column in enumerate(row.columns):
            if row.jackpot:
                self._jackpot(line, index, seat, column)
            else:
                self._regular(line, index, seat, column)
        if row.jackpot:
            self.style += [
                ("BACKGROUND", (0, index), (-1, index), styles.JACKPOT_FILL),
                ("FONT", (0, index), (0, index), styles.FONT_ITALIC, self.metrics.font_size),
            ]

    def _regular(self, line: list[str], index: int, seat: int, column: SheetColumn) -> None:
        first = self.cols.first(seat)
        for offset, cell in enumerate(column.cells):
            if not self.blank:
                line[first + offset] = figure(cell.score)
            if cell.note == "scratch":
                self.style.append(
                    ("TEXTCOLOR", (first + offset, index), (first + offset, index), styles.FAINT)
                )
        if self.blank:
            return
        if self.cols.has_total:
            line[self.cols.total(seat)] = figure(column.total)
            where = (self.cols.total(seat), index)
            self.style += [("FONT", where, where, styles.FONT_BOLD, self.metrics.font_size)]
        if self.cols.has_points:
            line[self.cols.points(seat)] = figure(column.points)

    def _jackpot(self, line: list[str], index: int, seat: int, column: SheetColumn) -> None:
        first = self.cols.first(seat)
        span_end = self.cols.total(seat) if self.cols.has_total else first + self.cols.boxes - 1
        self.style.append(("SPAN", (first, index), (span_end, index)))
        cell = column.cells[0]
        if self.blank:
            return
        line[first] = jackpot_text(cell)
        colour = styles.CLAIMED if cell.note == "claimed" else styles.STRUCK
        self.style.append(("TEXTCOLOR", (first, index), (first, index), colour))
        if self.cols.has_points:
            line[self.cols.points(seat)] = signed(column.points)

    def foot(self) -> None:
        result = self.sheet.result
        self.style.append(("LINEABOVE", (0, len(self.data)), (-1, len(self.data)), 1.2, styles.INK))
        self._summary(_("Total score"), [figure(p.score) for p in result.players], bold=True)
        if self.sheet.scores_points:
            points = [p.points for p in result.players]
            self._summary(
                _("Score points"), [figure(None if p is None else p.score) for p in points]
            )
            self._summary(
                _("Guess points"), [figure(None if p is None else p.guess) for p in points]
            )
            self._summary(_("Points"), [figure(p.total_points) for p in result.players], bold=True)
        place = _("Place") if result.complete or self.blank else _("Place so far")
        self._summary(place, [figure(p.rank) for p in result.players], bold=True)
        self._summary(
            _("Signature"),
            [signed_cell() if name in self.signed else "" for name in self.sheet.players],
        )
        self.signature_row = len(self.data) - 1
        row = self.signature_row
        self.style += [
            ("VALIGN", (0, row), (0, row), "BOTTOM"),
            ("BOTTOMPADDING", (0, row), (0, row), 4),
            ("FONT", (0, row), (0, row), styles.FONT, self.metrics.font_size),
            # "signed, see below": small and faint, it points at the signatures under the table.
            ("FONT", (1, row), (-1, row), styles.FONT, self.metrics.small),
            ("TEXTCOLOR", (1, row), (-1, row), styles.FAINT),
        ]

    def _summary(self, label: str, values: list[str], *, bold: bool = False) -> None:
        line = self._row()
        index = len(self.data) - 1
        line[0] = label
        for seat, value in enumerate(values):
            first, last = self.cols.first(seat), self.cols.last(seat)
            line[first] = "" if self.blank else value
            self.style.append(("SPAN", (first, index), (last, index)))
        self.style.append(("BACKGROUND", (0, index), (-1, index), styles.FOOT_FILL))
        if bold:
            size = self.metrics.name_size
            self.style.append(("FONT", (1, index), (-1, index), styles.FONT_BOLD, size))
