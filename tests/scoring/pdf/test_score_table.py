"""The score table's cells start from the sheet's defaults, set once as a class's, as reportlab's
whole-table style commands would set them cell by cell."""

from __future__ import annotations

from reportlab.platypus import Table, TableStyle

from scoring.pdf import styles
from scoring.pdf.score_table import ScoreTable, sheet_cell_styles

ATTRIBUTES = (
    "fontname",
    "fontsize",
    "leading",
    "alignment",
    "valign",
    "leftPadding",
    "rightPadding",
    "topPadding",
    "bottomPadding",
    "color",
)


def empty() -> list[list[str]]:
    """A table's data of three rows and four columns, every cell empty."""
    return [[""] * 4 for _ in range(3)]


def styled_by_commands(commands: list[tuple[object, ...]]) -> Table:
    data = empty()
    table = Table(data)
    table.setStyle(TableStyle(commands))
    return table


def whole_table(size: float) -> list[tuple[object, ...]]:
    return [
        ("FONT", (0, 0), (-1, -1), styles.FONT, size),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]


def cells(table: Table) -> list[list[tuple[object, ...]]]:
    return [
        [tuple(getattr(cell, name) for name in ATTRIBUTES) for cell in row]
        for row in table._cellStyles
    ]


def test_every_cell_starts_as_the_whole_table_commands_would_set_it() -> None:
    expected = styled_by_commands(whole_table(7.5))
    table = ScoreTable(empty(), cellStyles=sheet_cell_styles(empty(), size=7.5))

    assert cells(table) == cells(expected)


def test_the_label_column_takes_its_own_font_alignment_and_padding() -> None:
    expected = styled_by_commands(
        [
            *whole_table(9),
            ("FONT", (0, 0), (0, -1), styles.FONT_BOLD, 9),
            ("ALIGN", (0, 0), (0, -1), "LEFT"),
            ("LEFTPADDING", (0, 0), (0, -1), 4),
        ],
    )
    table = ScoreTable(
        empty(),
        cellStyles=sheet_cell_styles(
            empty(),
            size=9,
            first_column={"fontname": styles.FONT_BOLD, "alignment": "LEFT", "leftPadding": 4},
        ),
    )

    assert cells(table) == cells(expected)
    assert cells(table)[1][0][:4] == (styles.FONT_BOLD, 9, 9 * 1.2, "LEFT")


def test_a_command_on_one_cell_changes_that_cell_alone() -> None:
    table = ScoreTable(empty(), cellStyles=sheet_cell_styles(empty(), size=8))
    table.setStyle(TableStyle([("FONT", (2, 1), (2, 1), styles.FONT_BOLD, 11)]))

    changed = [
        (row, column)
        for row, styles_of_row in enumerate(cells(table))
        for column, style in enumerate(styles_of_row)
        if style[0] == styles.FONT_BOLD
    ]
    assert changed == [(1, 2)]
    assert table._cellStyles[0][0].fontsize == 8
