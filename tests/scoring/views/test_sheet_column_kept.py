"""A sheet row's player parts are drawn once per process for what they show and kept
(scoring.templatetags.play_pieces.sheet_column): whatever changes in a part, or in the reader's
language, is a new drawing at once."""

from __future__ import annotations

from django.utils import translation

from scoring.presentation.sheets import Cell, SheetColumn, SheetRow
from scoring.templatetags.play_pieces import sheet_column


def part(*scores: int | None, points: int | None = None, jackpot: bool = False) -> str:
    column = SheetColumn(
        cells=[Cell(score=score) for score in scores],
        total=sum(score or 0 for score in scores),
        points=points,
    )
    row = SheetRow(key="balut" if jackpot else "fours", label="", columns=[column], jackpot=jackpot)
    return sheet_column(row, column, 0, False)


def test_a_filled_box_is_drawn_with_its_score_right_after_the_part_drawn_without_it() -> None:
    empty = part(None, None, None, None)
    filled = part(12, None, None, None, points=0)

    assert "12" not in empty
    assert '<span class="cell ">12</span>' in filled and "= 12" in filled


def test_the_same_part_is_drawn_in_each_readers_language() -> None:
    with translation.override("en"):
        english = part(16, 20, None, None, points=1)
    with translation.override("de"):
        german = part(16, 20, None, None, points=1)

    assert 'title="Category total"' in english
    assert english != german and 'title="Category total"' not in german


def test_a_jackpots_bonus_is_for_now_until_the_game_is_complete() -> None:
    column = SheetColumn(cells=[Cell(score=0, note="struck")], total=0, points=-2)
    row = SheetRow(key="balut", label="", columns=[column], jackpot=True)

    running = sheet_column(row, column, 1, False)
    finished = sheet_column(row, column, 1, True)

    assert "-2 bonus for now" in running
    assert "-2 bonus" in finished and "for now" not in finished
    assert 'data-player-col="1"' in finished
