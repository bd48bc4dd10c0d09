"""Score sheet PDFs for the verification tests, built with reportlab as the renderer does.

They carry what the real sheet prints for verification (scoring.verification's lines) and a
score table with "Total score" and "Points" rows, so a test can alter any one of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from io import BytesIO

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

from scoring.models import Game
from scoring.selectors import load_game
from scoring.verification import (
    POINTS_LABEL,
    TOTAL_SCORE_LABEL,
    code_line,
    figure_lines,
    game_line,
)


@dataclass
class SheetText:
    """What the PDF will say: lines of text, and the score table's rows (label, then a cell
    per player)."""

    lines: list[str] = field(default_factory=list)
    table: list[list[str]] = field(default_factory=list)


def sheet_text(game: Game) -> SheetText:
    """The sheet of `game` as recorded, with its stored verification code."""
    result = load_game(game).result()
    table = [["Player", *(p.name for p in result.players)]]
    table.append([TOTAL_SCORE_LABEL, *(str(p.score) for p in result.players)])
    if all(p.total_points is not None for p in result.players):
        table.append([POINTS_LABEL, *(str(p.total_points) for p in result.players)])
    table.append(["Place", *(str(p.rank) for p in result.players)])
    lines = [game_line(game.pk)]
    if game.verification_code:
        lines.append(code_line(game.verification_code))
    return SheetText(lines=lines + figure_lines(result), table=table)


def render(text: SheetText) -> bytes:
    out = BytesIO()
    style = getSampleStyleSheet()["Normal"]
    story: list[object] = [Paragraph(text.lines[0], style)]
    if text.table:
        story.append(Table(text.table))
    story += [Paragraph(line, style) for line in text.lines[1:]]
    SimpleDocTemplate(out, pagesize=landscape(A4), title="Score sheet").build(story)
    return out.getvalue()


def sheet_pdf(game: Game) -> bytes:
    return render(sheet_text(game))
