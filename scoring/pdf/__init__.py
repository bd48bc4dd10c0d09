"""Score sheets as PDFs: a played game, a blank sheet to play on paper, a whole club night.

The renderer lays out the `ScoreSheet` presenter (scoring.sheets) with reportlab; every figure on
the page is one the rules engine computed. Layout: A4 landscape, the header, the score table,
the result notes, a signature line per player, the corrections, and a footer with page numbers
and a block kept free for the verification code that signing adds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from functools import partial
from io import BytesIO
from typing import IO

from scoring import rules
from scoring.models import Correction, Game, Signature
from scoring.selectors import LoadedGame, load_prefetched_game

from .document import PrintedSheet
from .info import CorrectionLine, SheetInfo
from .sources import (
    blank_sheet,
    club_night_title,
    printed_game,
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


def game_sheet_pdf(
    loaded: LoadedGame,
    corrections: Sequence[Correction] = (),
    *,
    signatures: Sequence[Signature] = (),
    site_url: str = "",
    house_rules: rules.HouseRules = rules.DEFAULT_HOUSE_RULES,
    club: str = "",
) -> bytes:
    """One game's score sheet; a fully signed one carries its verification code and QR code.

    `club`, here and below, is the club's name as the secretary saved it (blank: CLUB_NAME).
    """
    out = BytesIO()
    title = f"{rules.RULESET_TITLES[loaded.setup.ruleset]} #{loaded.game.pk}"
    sheet = printed_game(
        loaded,
        corrections,
        signatures=signatures,
        site_url=site_url,
        house_rules=house_rules,
        club=club,
    )
    write_pdf([sheet], out, title=title, club=club)
    return out.getvalue()


def blank_sheet_pdf(ruleset: str, players: int, *, club: str = "") -> bytes:
    """An empty sheet; RuleError for an unknown game or a player count outside 2 to 8."""
    out = BytesIO()
    title = f"{rules.RULESET_TITLES.get(ruleset, ruleset)}: blank sheet for {players}"
    write_pdf([blank_sheet(ruleset, players, club=club)], out, title=title, club=club)
    return out.getvalue()


def club_night_pdf(
    games: Iterable[Game],
    out: IO[bytes],
    *,
    date_from: date,
    date_to: date,
    house_rules: rules.HouseRules = rules.DEFAULT_HOUSE_RULES,
    club: str = "",
) -> int:
    """Every game's sheet, in the order given, into `out`; the number of sheets written.

    `games` come from `scoring.selectors.games_started_between`, whose prefetches this reads.
    """
    sheets = [partial(_printed_prefetched, game, house_rules, club) for game in games]
    return write_pdf(sheets, out, title=club_night_title(date_from, date_to, club), club=club)


def _printed_prefetched(game: Game, house_rules: rules.HouseRules, club: str) -> PrintedSheet:
    return printed_game(
        load_prefetched_game(game),
        list(game.corrections.all()),
        signatures=list(game.signatures.all()),
        house_rules=house_rules,
        club=club,
    )
