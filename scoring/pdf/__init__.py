"""Score sheets as PDFs: a played game, a blank sheet to play on paper, a whole club night.

The renderer lays out the `ScoreSheet` presenter (scoring.presentation.sheets) with reportlab;
every figure on the page is one the rules engine computed. Layout: A4 landscape, the header, the
score table, the result notes, a signature line per player, the corrections, and a footer with page
numbers and a block kept free for the verification code that signing adds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from functools import partial, wraps
from io import BytesIO
from typing import IO, ParamSpec

from scoring import rules
from scoring.models import Game
from scoring.selectors import load_prefetched_game

from .collector import collector_paused
from .document import PrintedSheet
from .info import CorrectionLine, SheetInfo
from .sources import (
    blank_sheet,
    club_night_title,
    printed_game,
    sheet_title,
    write_pdf,
)

__all__ = [
    "CorrectionLine",
    "PrintedSheet",
    "SheetInfo",
    "blank_sheet",
    "blank_sheet_pdf",
    "club_night_pdf",
    "game_sheet_pdf",
    "printed_game",
    "write_pdf",
]

Printing = ParamSpec("Printing")


def _one_sheet_pdf(lay_out: Callable[Printing, PrintedSheet]) -> Callable[Printing, bytes]:
    """A PDF of the one sheet `lay_out` prints, titled after it; the same arguments."""

    @wraps(lay_out)
    def pdf(*args: Printing.args, **kwargs: Printing.kwargs) -> bytes:
        sheet = lay_out(*args, **kwargs)
        out = BytesIO()
        write_pdf(
            [sheet],
            out,
            title=sheet_title(sheet),
            club=sheet.info.club,
            language=sheet.info.language,
        )
        return out.getvalue()

    return pdf


game_sheet_pdf = _one_sheet_pdf(printed_game)
blank_sheet_pdf = _one_sheet_pdf(blank_sheet)


def club_night_pdf(
    games: Iterable[Game],
    out: IO[bytes],
    *,
    date_from: date,
    date_to: date,
    house_rules: rules.HouseRules | None = None,
    club: str = "",
    language: str | None = None,
) -> int:
    """Every game's sheet, in the order given, into `out`, in `language`; the number of sheets
    written. Each by the house rules it was played under unless `house_rules` says otherwise.

    `games` come from `scoring.selectors.games_started_between`, whose prefetches this reads.
    The collector is paused from the prefetch on (scoring.pdf.collector). Each game's
    prefetched rows are let go once its sheet is built, so the games are not for reading again.
    """
    with collector_paused():
        sheets = [partial(_printed_prefetched, game, house_rules, club, language) for game in games]
        title = club_night_title(date_from, date_to, club, language)
        return write_pdf(sheets, out, title=title, club=club, language=language)


def _printed_prefetched(
    game: Game, house_rules: rules.HouseRules | None, club: str, language: str | None
) -> PrintedSheet:
    printed = printed_game(
        load_prefetched_game(game),
        list(game.corrections.all()),
        signatures=list(game.signatures.all()),
        house_rules=house_rules,
        club=club,
        language=language,
    )
    # The game's prefetched rows point back at it (each turn's cached game), a reference cycle
    # only a full collection frees: a 100-sheet night left its 19,000 turns for the next one,
    # which then took a fifth of a night's time (issue 29). Let go here, the sheet drawn from
    # them, they are freed as the night goes.
    game._prefetched_objects_cache.clear()  # type: ignore[attr-defined]
    return printed
