"""What an uploaded PDF's text says: each page's text read with pypdf, and the lines of
scoring.verification (code, game, figures) and the score table's total rows found in it.
Nothing here looks at the database; scoring.sheet_checks.check compares what is found with the game.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from io import BytesIO

from django.utils.translation import gettext as _
from pypdf import PdfReader

from scoring.verification import (
    FIGURES_LABEL,
    GAME_LABEL,
    POINTS_LABEL,
    TOTAL_SCORE_LABEL,
    VERIFICATION_LABEL,
    normalise_code,
)

# A game's sheet is a page or two and a club night a few dozen; each page is drawn twice to be
# compared (about 0.1 s a page), so a longer file is refused: check a long night in parts.
MAX_PAGES = 60
_CODE = re.compile(
    re.escape(VERIFICATION_LABEL) + r"\s*([A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{2})(?!\w)"
)
_GAME = re.compile(re.escape(GAME_LABEL) + r"(\d{1,12})(?!\d)")
_FIGURES = re.compile(
    re.escape(FIGURES_LABEL)
    + r" seat (\d{1,2}), (.+?): total score (-?\d{1,7})(?:, points (-?\d{1,7}))?(?!\d)"
)
# The footer every page of a printed sheet carries: "… game #12 · page 1 of 2 · sheet 3 of 9".
FOOTER = re.compile(
    r"game #(\d{1,12})\W+page (\d{1,4}) of (\d{1,4})(?:\W+sheet (\d{1,4}) of (\d{1,4}))?"
)
_NUMBER = re.compile(r"[+-]?\d{1,7}")


class Unreadable(Exception):
    """The upload is not a PDF whose text can be read."""


@dataclass(frozen=True)
class Figures:
    score: int | None = None
    points: int | None = None


@dataclass
class Printed:
    """What the PDF's text says: codes, game numbers, and figures by seat (0-based)."""

    codes: set[str] = field(default_factory=set)
    unreadable_codes: set[str] = field(default_factory=set)
    games: set[int] = field(default_factory=set)
    lines: dict[int, set[Figures]] = field(default_factory=lambda: defaultdict(set))
    table_scores: list[list[int]] = field(default_factory=list)
    table_points: list[list[int]] = field(default_factory=list)


def pdf_pages_text(data: bytes) -> list[str]:
    """Each page's text; Unreadable, with the reason, for anything that is not such a PDF."""
    if b"%PDF-" not in data[:1024]:
        raise Unreadable(_("This file is not a PDF."))
    try:
        reader = PdfReader(BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise Unreadable(_("This PDF is password-protected: upload the sheet as printed."))
        if len(reader.pages) > MAX_PAGES:
            raise Unreadable(
                _("This PDF has %(pages)d pages: at most %(most)d are checked at once.")
                % {"pages": len(reader.pages), "most": MAX_PAGES}
            )
        return [page.extract_text() or "" for page in reader.pages]
    except Unreadable:
        raise
    # pypdf reports a damaged file with many kinds of error; to the uploader they are one.
    except Exception as error:
        raise Unreadable(_("This PDF is damaged and its text cannot be read.")) from error


def pdf_text(data: bytes) -> str:
    return "\n".join(pdf_pages_text(data))


def text_lines(text: str) -> list[str]:
    """The text's lines with their spacing evened out, as extraction spaces words unevenly."""
    return [" ".join(line.split()) for line in text.splitlines()]


def printed_games(lines: list[str]) -> set[int]:
    return {int(number) for line in lines for number in _GAME.findall(line)}


def read_printed(lines: list[str], players: int) -> Printed:
    """Search the lines for the verification lines; `players` is how many figures a table row
    has."""
    printed = Printed(games=printed_games(lines))
    for line in lines:
        for found in _CODE.findall(line):
            code = normalise_code(found)
            (printed.codes if code else printed.unreadable_codes).add(code or found)
        for seat, _name, score, points in _FIGURES.findall(line):
            figures = Figures(int(score), int(points) if points else None)
            printed.lines[int(seat) - 1].add(figures)
    for index, line in enumerate(lines):
        row = _table_row(lines, index, players)
        if row is not None and line == TOTAL_SCORE_LABEL:
            printed.table_scores.append(row)
        elif row is not None and line == POINTS_LABEL:
            printed.table_points.append(row)
    return printed


def _table_row(lines: list[str], index: int, players: int) -> list[int] | None:
    """The `players` whole numbers after line `index`, if exactly that many follow it."""
    after = lines[index + 1 : index + 2 + players]
    figures = after[:players]
    if len(figures) < players or not all(_NUMBER.fullmatch(line) for line in figures):
        return None
    if len(after) > players and _NUMBER.fullmatch(after[players]):
        return None
    return [int(line) for line in figures]
