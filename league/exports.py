"""Every CSV and Excel download of the app, one path (tablib): a table as filtered and sorted
on the page (every page of it, `export_response`), or rows an app lays out itself (a tournament's
results, `dataset_response`).

Cells keep their type: a number is a number and a date a date (in the club's time zone: a
spreadsheet has none), so the file sorts and sums as the club expects. Anything else is the
text the page shows. A figure the page rounds ("24,3") is rounded alike: the file holds what
the reader saw, not 24.2817. A CSV starts with a byte-order mark, without which Excel reads
UTF-8 as its own code page ("Ã¦" for "æ", "Â±" for "±"). The file is named in the reader's
language ("balutclub-drikkeregnskab-2026-11-27.csv").
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

import django_tables2 as tables
import tablib
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.encoding import force_str

from clubs.files import disposition

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


def dataset(rows: Iterable[Iterable[Cell]]) -> tablib.Dataset:
    """The header (the first row), then the rows, their cells as typed as `Cell` says."""
    lines = iter(rows)
    data = tablib.Dataset(headers=[force_str(header) for header in next(lines, [])])
    for line in lines:
        data.append(list(line))
    return data


def _csv(data: tablib.Dataset) -> bytes:
    shown = tablib.Dataset(headers=data.headers)
    for line in data:
        shown.append([_csv_cell(cell) for cell in line])
    return str(shown.export("csv")).encode("utf-8-sig")


def _csv_cell(cell: Cell) -> object:
    if isinstance(cell, datetime.datetime):
        return cell.strftime("%Y-%m-%d %H:%M")
    if isinstance(cell, datetime.date):
        return cell.isoformat()
    if isinstance(cell, str) and cell.startswith(_FORMULA_START):
        return "'" + cell
    return cell


_TablibXLSX: Any = tablib.formats.registry.get_format("xlsx")


class _TypedXLSX(_TablibXLSX):
    """tablib's Excel sheet (bold, frozen header), its cells kept as the page's: text that
    looks like a formula stays text, never evaluated when opened; dates read as dates."""

    title = "balutclub-xlsx"

    @classmethod
    def dset_sheet(cls, dataset: tablib.Dataset, ws: Any, **options: Any) -> None:
        super().dset_sheet(dataset, ws, **{**options, "escape": False})
        for line in ws.iter_rows():
            for cell in line:
                if isinstance(cell.value, datetime.datetime):
                    cell.number_format = DATETIME_FORMAT
                elif isinstance(cell.value, datetime.date):
                    cell.number_format = DATE_FORMAT
                elif isinstance(cell.value, str):
                    cell.data_type = "s"


tablib.formats.registry.register(_TypedXLSX.title, _TypedXLSX)


def _xlsx(data: tablib.Dataset, title: str) -> bytes:
    # tablib makes the title one Excel takes (none of []:*?/\, at most 31 characters).
    data.title = title or "-"
    exported = data.export(_TypedXLSX.title)
    return exported if isinstance(exported, bytes) else bytes(exported)


def file_of(data: tablib.Dataset, *, export: str, name: str) -> bytes:
    """The file's bytes: CSV with a byte-order mark, or an Excel sheet titled `name`."""
    return _csv(data) if export == "csv" else _xlsx(data, name)


def dataset_response(data: tablib.Dataset, *, export: str, name: str) -> HttpResponse:
    """`name` in the reader's words ("Drikkeregnskab", "Stilling Forår 2026 Bar-Balut"): the
    sheet's title and, made a slug, the file's name, dated in the club's time zone."""
    response = HttpResponse(file_of(data, export=export, name=name), content_type=FORMATS[export])
    words = f"BalutClub {name} {timezone.localdate().isoformat()}"
    response["Content-Disposition"] = disposition(words, export, attachment=True)
    return response


def export_response(table: tables.Table, *, export: str, name: str) -> HttpResponse:
    """The table as the page shows it (league.exports.dataset_response)."""
    return dataset_response(dataset(table_rows(table)), export=export, name=name)
