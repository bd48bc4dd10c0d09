"""CSV and Excel downloads of a table, as filtered and sorted on the page (every page of it).

Cells keep their type: a number is a number and a date a date (in the club's time zone: a
spreadsheet has none), so the file sorts and sums as the club expects. Anything else is the
text the page shows. A figure the page rounds ("24,3") is rounded alike: the file holds what
the reader saw, not 24.2817. A CSV starts with a byte-order mark, without which Excel reads
UTF-8 as its own code page ("Ã¦" for "æ", "Â±" for "±"). The file is named in the reader's
language ("balutclub-drikkeregnskab-2026-11-27.csv").
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from collections.abc import Iterator
from decimal import Decimal

import django_tables2 as tables
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.encoding import force_str
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from openpyxl import Workbook

FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
# A cell starting with one of these is read as a formula by spreadsheet programs: a player
# named "=HYPERLINK(...)" must stay text.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
DATE_FORMAT = "yyyy-mm-dd"
DATETIME_FORMAT = "yyyy-mm-dd hh:mm"

Cell = str | int | float | Decimal | datetime.date | datetime.datetime | None


def wanted_format(request: HttpRequest) -> str | None:
    export = request.GET.get("export", "")
    return export if export in FORMATS else None


# A figure as a page shows it, in any language: "-5,5", "−2.7", "1.234,56", "24".
_SHOWN_FIGURE = re.compile(r"^[−+-]?[\d.,\u00a0 ]*?(?:[.,](\d+))?$")


def _typed(raw: object, shown: object) -> Cell:
    """The cell's value: the record's own number or date, else the text the page shows."""
    text = force_str(shown if shown is not None else "")
    if isinstance(raw, datetime.datetime):
        return timezone.localtime(raw).replace(tzinfo=None, microsecond=0)
    if isinstance(raw, datetime.date):
        return raw
    if isinstance(raw, float | Decimal):
        return _as_shown(raw, text)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    return "" if text == "—" else text


def _as_shown(raw: float | Decimal, text: str) -> float | Decimal:
    """`raw` to as many decimals as the page shows it with (none shown: a whole number)."""
    shown = _SHOWN_FIGURE.match(text.strip())
    if shown is None or not any(character.isdigit() for character in text):
        return raw
    places = len(shown.group(1) or "")
    return round(raw, places) if isinstance(raw, Decimal) else round(raw, places)


def table_rows(table: tables.Table) -> Iterator[list[Cell]]:
    """The header, then each row: the columns a download holds (hidden ones too)."""
    columns = [
        column for column in table.columns.iterall() if not column.column.exclude_from_export
    ]
    yield [force_str(column.header) for column in columns]
    for row in table.rows:
        cells: list[Cell] = []
        for column in columns:
            try:
                raw = column.accessor.resolve(row.record)
            except (AttributeError, KeyError, TypeError, ValueError, IndexError):
                raw = None
            cells.append(_typed(raw, row.get_cell_value(column.name)))
        yield cells


def _csv(rows: Iterator[list[Cell]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([_csv_cell(cell) for cell in row])
    return out.getvalue().encode("utf-8-sig")


def _csv_cell(cell: Cell) -> object:
    if isinstance(cell, datetime.datetime):
        return cell.strftime("%Y-%m-%d %H:%M")
    if isinstance(cell, datetime.date):
        return cell.isoformat()
    if isinstance(cell, str) and cell.startswith(_FORMULA_START):
        return "'" + cell
    return cell


def _xlsx(rows: Iterator[list[Cell]], title: str) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    # Excel refuses a sheet title with any of []:*?/\ or over 31 characters.
    sheet.title = re.sub(r"[\[\]:*?/\\]", "-", title)[:31] or "-"
    for number, row in enumerate(rows, start=1):
        for column, value in enumerate(row, start=1):
            cell = sheet.cell(row=number, column=column, value=value)
            if isinstance(value, datetime.datetime):
                cell.number_format = DATETIME_FORMAT
            elif isinstance(value, datetime.date):
                cell.number_format = DATE_FORMAT
            elif isinstance(value, str):
                # Text, even when it looks like a formula: never evaluated when opened.
                cell.data_type = "s"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def export_response(table: tables.Table, *, export: str, name: str) -> HttpResponse:
    """`name` in the reader's words ("Drikkeregnskab", "Stilling Forår 2026 Bar-Balut"): the
    sheet's title and, made a slug, the file's name."""
    rows = table_rows(table)
    content = _csv(rows) if export == "csv" else _xlsx(rows, name)
    response = HttpResponse(content, content_type=FORMATS[export])
    slug = slugify(name, allow_unicode=True) or "table"
    filename = f"balutclub-{slug}-{timezone.localdate().isoformat()}.{export}"
    response["Content-Disposition"] = content_disposition_header(True, filename) or "attachment"
    return response
