"""Real score sheet PDFs, drawn as the server draws them, and forgeries made from them: a
white box with a forged figure merged over a page, and text hidden under the drawing."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from io import BytesIO

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen.canvas import Canvas

from scoring import pdf
from scoring.models import Game
from scoring.selectors import (
    game_corrections,
    game_signatures,
    games_started_between,
    load_game,
)
from tests.factories import the_club


def sheet_of(game: Game, site_url: str = "https://balut.example.org/") -> bytes:
    """The game's sheet as the sheet view serves it."""
    return pdf.game_sheet_pdf(
        load_game(game),
        game_corrections(game),
        signatures=game_signatures(game),
        site_url=site_url,
    )


def club_night_of(games: Sequence[Game]) -> bytes:
    """The club night PDF of `games` (oldest first), as the secretary prints it."""
    start = min(game.started_at for game in games)
    end = max(game.started_at for game in games) + timedelta(seconds=1)
    wanted = {game.pk for game in games}
    out = BytesIO()
    pdf.club_night_pdf(
        [game for game in games_started_between(the_club(), start, end) if game.pk in wanted],
        out,
        date_from=start.date(),
        date_to=end.date(),
    )
    return out.getvalue()


def total_score_position(data: bytes, page: int = 0) -> tuple[float, float, str]:
    """Where the first player's total score is drawn on the page (x, y in points), and what."""
    found: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            found.append((text.strip(), cm[4] + tm[4], cm[5] + tm[5]))

    PdfReader(BytesIO(data)).pages[page].extract_text(visitor_text=visit)
    label = next(item for item in found if item[0] == "Total score")
    score = next(item for item in found if abs(item[2] - label[2]) < 3 and item[1] > label[1] + 20)
    return score[1], score[2], score[0]


def merged(data: bytes, page: int, draw: object) -> bytes:
    """`data` with a page drawn by `draw(canvas)` merged over page `page`."""
    reader = PdfReader(BytesIO(data))
    box = reader.pages[page].mediabox
    overlay = BytesIO()
    canvas = Canvas(overlay, pagesize=(float(box.width), float(box.height)))
    draw(canvas)  # type: ignore[operator]
    canvas.save()
    writer = PdfWriter(clone_from=reader)
    writer.pages[page].merge_page(PdfReader(BytesIO(overlay.getvalue())).pages[0])
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def white_box_forgery(data: bytes, forged: str, page: int = 0) -> bytes:
    """A white box over the first player's total score and `forged` drawn in it: the text
    layer still holds the genuine figure underneath."""
    x, y, _shown = total_score_position(data, page)

    def draw(canvas: Canvas) -> None:
        canvas.setFillColorRGB(1, 1, 1)
        canvas.rect(x - 3, y - 3, 34, 14, stroke=0, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont("Helvetica-Bold", 9)
        canvas.drawString(x, y, forged)

    return merged(data, page, draw)


def hidden_text(data: bytes, line: str, page: int = 0) -> bytes:
    """`line` added to the page's text layer only, in invisible ink (PDF text mode 3)."""

    def draw(canvas: Canvas) -> None:
        text = canvas.beginText(40, 60)
        text.setTextRenderMode(3)
        text.setFont("Helvetica", 8)
        text.textLine(line)
        canvas.drawText(text)

    return merged(data, page, draw)
