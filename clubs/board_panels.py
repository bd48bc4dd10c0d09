"""Panels the apps above add to the club's TV board, without the board importing them.

The board (stats.board) shows what the club's games and books say. An app with something to
show on it that evening (teams: tonight's team match) registers here, in its AppConfig.ready(),
a function of the club that answers with a rendered HTML fragment, or "" when it has nothing
tonight. The board draws each panel inside its own cached fragment, so a panel is drawn again
whenever the board's fingerprint moves (a turn, a finished game), not on every poll.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.safestring import SafeString

from clubs.models import Club

BoardPanel = Callable[[Club], SafeString]

_panels: list[BoardPanel] = []


def provide_board_panel(panel: BoardPanel) -> None:
    """Show what `panel(club)` renders on the club's board from now on (once, however often
    it is registered: ready() may run twice in tests)."""
    if panel not in _panels:
        _panels.append(panel)


def board_panels(club: Club) -> list[SafeString]:
    """The fragments the registered panels have for the club tonight, in the order registered."""
    return [html for panel in _panels if (html := panel(club))]
