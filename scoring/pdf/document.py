"""Sheets into one PDF: each sheet starts a page; every page carries a footer naming its sheet,
its page number within the sheet, and the block kept for the verification code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import IO, Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageBreak, PageTemplate, Spacer

from scoring.presentation.sheets import ScoreSheet

from . import parts, styles
from .barbut import barbut_table
from .collector import collect_young, collector_paused
from .five_dice import five_dice_table
from .info import SheetInfo, Verification

SHEET_ATTRIBUTE = "_balutclub_sheet"
# The footer's page count; the PDF check (scoring.sheet_checks.text) reads it back.
PAGE_OF = gettext_noop("page %(page)d of %(pages)d")
SHEET_OF = gettext_noop("sheet %(sheet)d of %(sheets)d")


@dataclass(frozen=True)
class PrintedSheet:
    """One sheet to print: the presenter's sheet and what its header and foot say."""

    sheet: ScoreSheet
    info: SheetInfo


class SheetMarker(Flowable):
    """Takes no room; tells the canvas which sheet the pages from here on belong to."""

    def __init__(self, number: int, info: SheetInfo) -> None:
        super().__init__()
        self.number = number
        self.info = info
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        setattr(self.canv, SHEET_ATTRIBUTE, (self.number, self.info))


class SheetCanvas(Canvas):
    """Holds every page back until the end, so each footer can say "page 2 of 3"."""

    def __init__(self, *args: Any, numbering: tuple[int, int] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []
        # A lone sheet drawn as sheet n of N of a club night, to compare with that night's
        # pages (scoring.sheet_checks.pictures).
        self._numbering = numbering

    def showPage(self) -> None:  # noqa: N802 (reportlab's name)
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        sheets = [page.get(SHEET_ATTRIBUTE) for page in self._pages]
        counts = Counter(sheet[0] for sheet in sheets if sheet)
        seen: Counter[int] = Counter()
        total_sheets = len(counts)
        for page, sheet in zip(self._pages, sheets, strict=True):
            self.__dict__.update(page)
            if sheet is not None:
                number, info = sheet
                seen[number] += 1
                shown, shown_total = self._numbering or (number, total_sheets)
                draw_footer(self, info, shown, shown_total, seen[number], counts[number])
            super().showPage()
        self._pages = []
        super().save()


def draw_footer(
    canvas: Canvas, info: SheetInfo, number: int, sheets: int, page: int, pages: int
) -> None:
    with translation.override(info.language):
        _draw_footer(canvas, info, number, sheets, page, pages)


def _draw_footer(
    canvas: Canvas, info: SheetInfo, number: int, sheets: int, page: int, pages: int
) -> None:
    canvas.saveState()
    top = styles.MARGIN + styles.FOOTER_HEIGHT - 14
    canvas.setStrokeColor(styles.GRID)
    canvas.setLineWidth(0.5)
    canvas.line(styles.MARGIN, top, styles.PAGE_WIDTH - styles.MARGIN, top)
    canvas.setFillColor(styles.INK)
    canvas.setFont(styles.FONT, 8)
    text = f"{info.club} \u00b7 {info.footer_label} \u00b7 " + _(PAGE_OF) % {
        "page": page,
        "pages": pages,
    }
    if sheets > 1:
        text += " \u00b7 " + _(SHEET_OF) % {"sheet": number, "sheets": sheets}
    canvas.drawString(styles.MARGIN, top - 12, text)
    if info.verification is not None:
        draw_verification(canvas, info.verification)
    elif not info.blank:
        draw_verification_slot(canvas)
    canvas.restoreState()
    if info.void:
        draw_void_mark(canvas)


def draw_void_mark(canvas: Canvas) -> None:
    """VOID across the page, over the figures: a void game's sheet counts nowhere, and a club
    night's bundle must not be read as if it did."""
    canvas.saveState()
    canvas.setFillColor(styles.STRUCK)
    canvas.setFillAlpha(0.35)
    canvas.translate(styles.PAGE_WIDTH / 2, styles.PAGE_HEIGHT / 2)
    canvas.rotate(30)
    canvas.setFont(styles.FONT_BOLD, 120)
    canvas.drawCentredString(0, -40, _("VOID"))
    canvas.restoreState()


def draw_verification_slot(canvas: Canvas) -> None:
    """The block kept free for the sheet's verification code and QR code (signing fills it)."""
    canvas.saveState()
    canvas.setStrokeColor(styles.FAINT)
    canvas.setDash(2, 2)
    canvas.setLineWidth(0.5)
    canvas.rect(
        styles.VERIFICATION_X,
        styles.VERIFICATION_Y,
        styles.VERIFICATION_WIDTH,
        styles.VERIFICATION_HEIGHT,
    )
    canvas.setFillColor(styles.FAINT)
    canvas.setFont(styles.FONT, 6.5)
    canvas.drawString(
        styles.VERIFICATION_X + 4,
        styles.VERIFICATION_Y + styles.VERIFICATION_HEIGHT - 8,
        _("Verification"),
    )
    canvas.restoreState()


def draw_verification(canvas: Canvas, verified: Verification) -> None:
    """The signed sheet's code, game number and a QR code of its verify page, in the slot."""
    canvas.saveState()
    size = styles.VERIFICATION_HEIGHT + 6
    x, y = styles.VERIFICATION_X, styles.VERIFICATION_Y
    picture = parts.qr_code(verified.url)
    canvas.drawImage(ImageReader(picture), x + styles.VERIFICATION_WIDTH - size, y, size, size)
    canvas.setFillColor(styles.INK)
    canvas.setFont(styles.FONT_BOLD, 9)
    canvas.drawString(x, y + size - 12, verified.code_line)
    canvas.setFont(styles.FONT, 8)
    canvas.drawString(x, y + size - 24, verified.game_line)
    canvas.setFont(styles.FONT, 6)
    canvas.drawString(x, y + size - 34, _("Scan or visit the verify page to check it."))
    canvas.restoreState()


def sheet_story(number: int, printed: PrintedSheet) -> list[Flowable]:
    """The sheet's flowables, worded in its own language (their text is fixed once made)."""
    with translation.override(printed.info.language):
        return _sheet_story(number, printed)


def _sheet_story(number: int, printed: PrintedSheet) -> list[Flowable]:
    sheet, info = printed.sheet, printed.info
    # A signed player's cell of the Signature row says so; the signatures follow the table.
    signed = frozenset(line.player for line in info.signatures if info.layout.signed_cells)
    table = (
        five_dice_table(
            sheet,
            blank=info.blank,
            signed=signed,
            named=info.named,
            total_heading=info.layout.total_heading(),
        )
        if sheet.five_dice
        else barbut_table(sheet, blank=info.blank, signed=signed, named=info.named)
    )
    story: list[Flowable] = [SheetMarker(number, info), parts.header(info), Spacer(0, 8), table]
    story += [Spacer(0, 5), *parts.result_notes(sheet.result, blank=info.blank, layout=info.layout)]
    story += parts.signatures(info)
    story += parts.verification_lines(info)
    story += parts.corrections(info)
    return story


SheetSource = PrintedSheet | Callable[[], PrintedSheet]


class PendingSheet(Flowable):
    """A sheet not laid out yet: it becomes its flowables only when the build reaches it, so
    a club night holds one sheet's tables at a time, not a hundred."""

    def __init__(self, number: int, source: SheetSource) -> None:
        super().__init__()
        self.number = number
        self.source = source

    def story(self) -> list[Flowable]:
        # The previous sheet's cycles, freed before this one's are made.
        collect_young()
        printed = self.source if isinstance(self.source, PrintedSheet) else self.source()
        return sheet_story(self.number, printed)


class SheetDocument(BaseDocTemplate):
    def filterFlowables(self, flowables: list[Flowable]) -> None:  # noqa: N802 (reportlab's)
        while flowables and isinstance(flowables[0], PendingSheet):
            flowables[0:1] = flowables[0].story()


def render(
    sheets: Iterable[SheetSource],
    out: IO[bytes],
    *,
    title: str,
    author: str,
    numbering: tuple[int, int] | None = None,
    language: str | None = None,
) -> int:
    """Write the sheets as one PDF to `out`; the number of sheets written. A sheet may be given
    as a function that makes it, called only when the sheet's turn to be laid out comes.
    `numbering` (sheet n of N) overrides what the footers count, for a lone sheet.
    `language` is the document's (its /Lang, for readers and screen readers); each sheet is
    worded in its own (SheetInfo.language)."""
    document = SheetDocument(
        out,
        pagesize=(styles.PAGE_WIDTH, styles.PAGE_HEIGHT),
        leftMargin=styles.MARGIN,
        rightMargin=styles.MARGIN,
        topMargin=styles.MARGIN,
        bottomMargin=styles.MARGIN + styles.FOOTER_HEIGHT,
        title=title,
        author=author,
        creator="BalutClub",
        subject="Balut score sheets",
        lang=language,
    )
    frame = Frame(
        styles.MARGIN,
        styles.MARGIN + styles.FOOTER_HEIGHT,
        styles.FRAME_WIDTH,
        styles.FRAME_HEIGHT,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="sheet",
    )
    document.addPageTemplates([PageTemplate(id="sheet", frames=[frame])])
    story: list[Flowable] = []
    count = 0
    for source in sheets:
        if count:
            story.append(PageBreak())
        count += 1
        story.append(PendingSheet(count, source))
    if not count:
        raise ValueError("no sheets to print")
    with collector_paused():
        document.build(story, canvasmaker=partial(SheetCanvas, numbering=numbering))
    return count
