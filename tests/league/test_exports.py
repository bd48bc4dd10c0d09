"""One export path (league.exports, tablib) writes every CSV and Excel download: a CSV with a
byte-order mark, an Excel sheet whose cells keep their type and whose text never turns into a
formula, under a name in the reader's words."""

from __future__ import annotations

import csv
import datetime
import io

from django.utils import translation
from openpyxl import load_workbook

from league.exports import Cell, dataset, dataset_response

ROWS: list[list[Cell]] = [
    ["Player", "Played", "Average"],
    ["=HYPERLINK(1)", datetime.datetime(2026, 3, 6, 20, 15), 24.3],
    ["Åse", datetime.date(2026, 3, 7), -5.5],
]


def test_a_csv_starts_with_a_byte_order_mark_and_a_formula_is_quoted_as_text() -> None:
    response = dataset_response(dataset(ROWS), export="csv", name="Stilling")

    assert response.content.startswith("\ufeff".encode())
    assert response["Content-Type"].startswith("text/csv")
    table = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert table == [
        ["Player", "Played", "Average"],
        ["'=HYPERLINK(1)", "2026-03-06 20:15", "24.3"],
        ["Åse", "2026-03-07", "-5.5"],
    ]


def test_an_excel_sheet_keeps_numbers_dates_and_formula_looking_text_as_they_are() -> None:
    response = dataset_response(dataset(ROWS), export="xlsx", name="Stilling: forår [1]")

    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet is not None
    assert sheet.title == "Stilling- forår -1-"
    name, played, average = sheet[2]
    assert name.value == "=HYPERLINK(1)" and name.data_type == "s"
    assert played.value == datetime.datetime(2026, 3, 6, 20, 15)
    assert played.number_format == "yyyy-mm-dd hh:mm"
    assert average.value == 24.3
    assert sheet.cell(row=3, column=2).number_format == "yyyy-mm-dd"


def test_the_file_is_named_in_the_readers_words_and_dated() -> None:
    with translation.override("da"):
        response = dataset_response(dataset(ROWS), export="csv", name="Drikkeregnskab")

    assert 'filename="balutclub-drikkeregnskab-' in response["Content-Disposition"]
    assert response["Content-Disposition"].endswith('.csv"')
