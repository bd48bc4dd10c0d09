"""What an uploaded PDF's text says: each page's text read with pypdf, and the lines of
scoring.verification (code, game, figures) and the score table's total rows found in it.
Nothing here looks at the database; scoring.sheet_checks.check compares what is found with the game.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from dataclasses import dataclass, field
from io import BytesIO

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from pypdf import PageObject, PdfReader

from scoring.pdf.document import PAGE_OF, SHEET_OF
from scoring.pdf.info import GAME_NUMBER
from scoring.sheet_checks.drawing import Budget, OutOfTime
from scoring.sheet_checks.weight import MAX_CONTENT_BYTES, MAX_IMAGE_PIXELS, page_weight
from scoring.verification import (
    FIGURES_LABEL,
    FIGURES_POINTS,
    GAME_LABEL,
    POINTS_LABEL,
    TOTAL_SCORE_LABEL,
    VERIFICATION_LABEL,
    normalise_code,
)

# A game's sheet is a page or two and a club night a few dozen; each page is drawn twice to be
# compared (about 0.1 s a page), so a longer file is refused: check a long night in parts.
MAX_PAGES = 60
_PLACEHOLDER = re.compile(r"%\((\w+)\)[ds]")
_CODE = r"[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{2}"
_NUMBER = re.compile(r"[+-]?\d{1,7}")
_WHOLE = r"-?\d{1,12}"


def _pattern(template: str, **groups: str) -> str:
    """A printed line's template ("Game #%(game)d") as a regular expression, each placeholder a
    named group of `groups` (whole numbers unless given); spaces match any spacing."""
    pieces = _PLACEHOLDER.split(template)
    out = []
    for index, piece in enumerate(pieces):
        if index % 2:
            out.append(f"(?P<{piece}>{groups.get(piece, _WHOLE)})")
        else:
            out.append(re.escape(piece).replace("\\ ", " ").replace(" ", r"\s*"))
    return "".join(out)


@dataclass(frozen=True)
class Wording:
    """How a sheet printed in `language` words the lines the check reads back."""

    language: str
    code: re.Pattern[str]
    game: re.Pattern[str]
    figures: re.Pattern[str]
    footer: re.Pattern[str]
    """Every page's footer: "… game #12 · page 1 of 2 · sheet 3 of 9"."""
    total_score: str
    points: str


@functools.cache
def wording(language: str) -> Wording:
    with translation.override(language):
        return Wording(
            language=language,
            code=re.compile(_pattern(_(VERIFICATION_LABEL), code=f"({_CODE})") + r"(?!\w)"),
            game=re.compile(_pattern(_(GAME_LABEL)) + r"(?!\d)"),
            figures=re.compile(
                _pattern(_(FIGURES_LABEL), name=".+?")
                + f"(?:{_pattern(_(FIGURES_POINTS))})?"
                + r"(?!\d)"
            ),
            footer=re.compile(
                _pattern(_(GAME_NUMBER))
                + r"\W+"
                + _pattern(_(PAGE_OF))
                + rf"(?:\W+{_pattern(_(SHEET_OF))})?"
            ),
            total_score=_(TOTAL_SCORE_LABEL),
            points=_(POINTS_LABEL),
        )


def wordings() -> list[Wording]:
    """Every language a sheet may be printed in, English first: the sheets printed before
    sheets had a language are English, and stay checkable."""
    codes = dict.fromkeys(["en", *(code for code, _name in settings.LANGUAGES)])
    return [wording(code) for code in codes]


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


def pdf_pages_text(data: bytes, *, budget: Budget | None = None) -> list[str]:
    """Each page's text; Unreadable, with the reason, for anything that is not such a PDF;
    OutOfTime if `budget` is spent before the last page is read."""
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
        pages = []
        for number, page in enumerate(reader.pages, start=1):
            if budget is not None:
                budget.check()
            _refuse_heavy(number, page)
            pages.append(page.extract_text() or "")
        return pages
    except (Unreadable, OutOfTime):
        raise
    # pypdf reports a damaged file with many kinds of error; to the uploader they are one.
    except Exception as error:
        raise Unreadable(_("This PDF is damaged and its text cannot be read.")) from error


def _refuse_heavy(number: int, page: PageObject) -> None:
    """Unreadable if the page holds far more to read or draw than any score sheet."""
    content_bytes, pixels = page_weight(page)
    if content_bytes > MAX_CONTENT_BYTES:
        raise Unreadable(
            _(
                "Page %(page)d holds %(size)d KB of drawing instructions, far more than any "
                "score sheet: it is not one, and is not read."
            )
            % {"page": number, "size": content_bytes // 1024}
        )
    if pixels > MAX_IMAGE_PIXELS:
        raise Unreadable(
            _(
                "Page %(page)d holds images of more than %(most)d megapixels, far more than any "
                "score sheet: it is not one, and is not drawn."
            )
            % {"page": number, "most": MAX_IMAGE_PIXELS // 1_000_000}
        )


def pdf_text(data: bytes) -> str:
    return "\n".join(pdf_pages_text(data))


def text_lines(text: str) -> list[str]:
    """The text's lines with their spacing evened out, as extraction spaces words unevenly."""
    return [" ".join(line.split()) for line in text.splitlines()]


def printed_games(lines: list[str]) -> set[int]:
    return {
        int(found["game"])
        for words in wordings()
        for line in lines
        for found in words.game.finditer(line)
    }


def footer(text: str) -> tuple[re.Match[str], str] | None:
    """The first page footer in `text`, and the language it is worded in."""
    for words in wordings():
        found = words.footer.search(text)
        if found is not None:
            return found, words.language
    return None


def language_of(lines: list[str]) -> str:
    """The language a sheet's verification lines are printed in (English if none is found)."""
    for words in wordings():
        if any(words.code.search(line) or words.game.search(line) for line in lines):
            return words.language
    return "en"


def read_printed(lines: list[str], players: int) -> Printed:
    """Search the lines for the verification lines; `players` is how many figures a table row
    has."""
    printed = Printed(games=printed_games(lines))
    for words in wordings():
        for line in lines:
            for found in words.code.finditer(line):
                raw = found["code"]
                code = normalise_code(raw)
                (printed.codes if code else printed.unreadable_codes).add(code or raw)
            for found in words.figures.finditer(line):
                points = found.groupdict().get("points")
                figures = Figures(int(found["score"]), int(points) if points else None)
                printed.lines[int(found["seat"]) - 1].add(figures)
        for index, line in enumerate(lines):
            row = _table_row(lines, index, players)
            if row is not None and line == words.total_score:
                printed.table_scores.append(row)
            elif row is not None and line == words.points:
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
