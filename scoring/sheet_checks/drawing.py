"""Drawing a PDF's pages in this process with PDFium (pypdfium2, pinned in requirements.lock),
within a time budget: nothing is written to disk and no other program runs.

A hostile upload is stopped before it costs much: a page's size is read before it is drawn, so
a page no score sheet is never drawn at all (the caller refuses it by its size); and pages are
drawn progressively, PDFium asking between drawing operators whether to stop, so a page of
millions of operators stops when the check's time is up instead of holding the worker until the
server kills it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pypdfium2 as pdfium
import pypdfium2.internal as pdfium_i
import pypdfium2.raw as pdfium_c
from django.utils.translation import gettext as _
from PIL import Image


class CannotDraw(Exception):
    """The pages of this PDF cannot be drawn: PDFium cannot open it, or failed on a page."""


class OutOfTime(Exception):
    """The check used up its time budget: it stops where it is."""


class Budget:
    """The time one upload's check may take, counted from its creation."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds

    @property
    def spent(self) -> bool:
        return time.monotonic() >= self.deadline

    def check(self) -> None:
        if self.spent:
            raise OutOfTime


def _damaged() -> CannotDraw:
    return CannotDraw(_("The pages of this PDF cannot be drawn: it is damaged."))


@contextmanager
def opened(data: bytes) -> Iterator[pdfium.PdfDocument]:
    """The PDF opened by PDFium from memory, closed on leaving (its memory given back)."""
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        raise _damaged() from error
    try:
        yield document
    finally:
        document.close()


def page_size(document: pdfium.PdfDocument, index: int) -> tuple[float, float]:
    """The page's width and height in points as PDFium would draw it (rotation applied)."""
    try:
        page = document[index]
    except (pdfium.PdfiumError, IndexError) as error:
        raise _damaged() from error
    try:
        return page.get_size()
    finally:
        page.close()


def draw_page(document: pdfium.PdfDocument, index: int, *, dpi: int, budget: Budget) -> Image.Image:
    """Page `index` (from 0) drawn in grey at `dpi`. The caller has checked its size: the
    bitmap is made for it. OutOfTime as soon as the budget is spent, even mid-page."""
    budget.check()
    try:
        page = document[index]
    except (pdfium.PdfiumError, IndexError) as error:
        raise _damaged() from error
    try:
        width, height = (max(1, round(side * dpi / 72)) for side in page.get_size())
        bitmap = pdfium.PdfBitmap.new_native(width, height, format=pdfium_c.FPDFBitmap_Gray)
        bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
        stopped = _render_progressively(bitmap, page, width, height, budget)
        if stopped:
            raise OutOfTime
        # A copy: the bitmap's buffer is PDFium's and goes with it.
        return bitmap.to_pil().copy()
    finally:
        page.close()


def _render_progressively(
    bitmap: pdfium.PdfBitmap, page: pdfium.PdfPage, width: int, height: int, budget: Budget
) -> bool:
    """Draw the page into `bitmap`, PDFium pausing to ask whether the budget is spent; True if
    it was, and the drawing stopped."""

    def need_to_pause(_pause: object) -> bool:
        return budget.spent

    pause = pdfium_c.IFSDK_PAUSE(version=1)
    pdfium_i.set_callback(pause, "NeedToPauseNow", need_to_pause)
    # Text drawn as grey levels like any other shape: the same on every machine.
    flags = pdfium_c.FPDF_GRAYSCALE | pdfium_c.FPDF_ANNOT
    try:
        status = pdfium_c.FPDF_RenderPageBitmap_Start(
            bitmap, page, 0, 0, width, height, 0, flags, pause
        )
        while status == pdfium_c.FPDF_RENDER_TOBECONTINUED:
            if budget.spent:
                return True
            status = pdfium_c.FPDF_RenderPage_Continue(page, pause)
        if status == pdfium_c.FPDF_RENDER_FAILED:
            raise _damaged()
        return False
    finally:
        pdfium_c.FPDF_RenderPage_Close(page)
