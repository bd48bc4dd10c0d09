"""Every released layout of the printed sheet, by number, and the one new sheets print with.

A game keeps the layout its sheet was signed under (Game.sheet_layout): printing it again, and
the verify page redrawing it, use that layout, so a sheet signed before an upgrade still
verifies after it. Unsigned sheets and blank ones print with CURRENT. How to release a change
to what a signed sheet shows: docs/architecture.md, "Sheet layouts".
"""

from __future__ import annotations

from scoring.models import Game

from . import v1, v2
from .base import Layout

RELEASED: dict[int, Layout] = {layout.version: layout for layout in (v1.LAYOUT, v2.LAYOUT)}
CURRENT = 2


def layout(version: int | None) -> Layout:
    """Layout `version`; None (a sheet not signed yet) is CURRENT's."""
    return RELEASED[CURRENT if version is None else version]


def current() -> Layout:
    return RELEASED[CURRENT]


def of_game(game: Game) -> Layout:
    """The layout `game`'s sheet prints with: a signed game's own, else the current one."""
    return layout(game.sheet_layout if game.is_signed else None)


def redrawn_as(version: int | None) -> list[Layout]:
    """The layouts a signed sheet of layout `version` may have been printed with, likeliest
    first: its own, then the later ones (before layouts were kept, printing a signed game again
    after an upgrade drew it in the new release's layout)."""
    own = CURRENT if version is None else version
    return [RELEASED[own], *(RELEASED[v] for v in sorted(RELEASED) if v > own)]


__all__ = ["CURRENT", "RELEASED", "Layout", "current", "layout", "redrawn_as"]
