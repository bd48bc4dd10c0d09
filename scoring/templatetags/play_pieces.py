"""Filters for the play area's pieces, which the full page and a turn's answer share."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from scoring.presentation.sheets import Cell, SheetColumn, SheetRow
from scoring.presentation.tablet import script_json

register = template.Library()

FIVE_DICE_PAD = "scoring/partials/five_dice_pad.html"
SHEET_COLUMN = "scoring/partials/sheet_column.html"


@register.filter
def json_payload(value: object) -> SafeString:
    """What `json_script` puts inside its <script> tag, escaped the same way: for a script tag
    written out in full, so that it can carry hx-swap-oob in a turn's answer."""
    return mark_safe(script_json(value))  # noqa: S308


@register.simple_tag
def five_dice_pad(boxes: list[dict[str, str]]) -> SafeString:
    """The five-dice pad for these open boxes (`preview.boxes`). It shows nothing of the game
    but the boxes and the reader's language, so it is drawn once per process for each set of
    boxes and language, then reused: every turn's answer carries the next player's pad."""
    return _pad(get_language(), tuple((box["key"], box["label"]) for box in boxes))


@lru_cache(maxsize=1024)
def _pad(language: str, boxes: tuple[tuple[str, str], ...]) -> SafeString:
    # The language is in the key and active while drawing: the labels and the pad's words.
    del language
    context = {"preview": {"boxes": [{"key": key, "label": label} for key, label in boxes]}}
    return mark_safe(get_template(FIVE_DICE_PAD).render(context))  # noqa: S308


@register.simple_tag
def sheet_column(row: SheetRow, column: SheetColumn, index: int, complete: bool) -> SafeString:
    """One player's part of a sheet row. A turn changes one player's part of the rows it moves,
    so the others' are drawn as they were: each drawing is kept per process by everything it
    shows (the cells, the total and points, the row's kind, the column, whether the game is
    complete, the language), never by the game, so none can be out of date."""
    cells = tuple((cell.score, cell.note) for cell in column.cells)
    # Only a jackpot row's part reads whether the game is complete (its bonus "for now"): the
    # other rows' parts drawn during the game serve the finishing turn's answer too.
    complete = complete and row.jackpot
    return _column(get_language(), index, row.jackpot, complete, cells, column.total, column.points)


@lru_cache(maxsize=4096)
def _column(
    language: str,
    index: int,
    jackpot: bool,
    complete: bool,
    cells: tuple[tuple[int | None, str], ...],
    total: int | None,
    points: int | None,
) -> SafeString:
    # The language is in the key and active while drawing: the words and the numbers' format.
    del language
    column = SheetColumn(
        cells=[Cell(score=score, note=note) for score, note in cells], total=total, points=points
    )
    context = {"column": column, "index": index, "jackpot_row": jackpot, "complete": complete}
    # Stripped: the template's leading comment lines leave their line breaks.
    return mark_safe(get_template(SHEET_COLUMN).render(context).strip())  # noqa: S308
