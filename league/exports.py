"""CSV and Excel downloads of a table, as filtered and sorted on the page (every page of it)."""

from __future__ import annotations

import django_tables2 as tables
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from tablib import Dataset

FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
# A cell starting with one of these is read as a formula by spreadsheet programs (and openpyxl
# writes it as one): a player named "=HYPERLINK(...)" must stay text.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def wanted_format(request: HttpRequest) -> str | None:
    export = request.GET.get("export", "")
    return export if export in FORMATS else None


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def export_response(table: tables.Table, *, export: str, name: str) -> HttpResponse:
    rows = table.as_values()
    dataset = Dataset(headers=next(rows), title=name.title())
    for row in rows:
        dataset.append([_cell(value) for value in row])
    response = HttpResponse(dataset.export(export), content_type=FORMATS[export])
    filename = f"balutclub-{name}-{timezone.localdate().isoformat()}.{export}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
