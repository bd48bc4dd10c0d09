"""Panels the apps above scoring add to a finished game's page, each loaded by htmx from the
app's own URL.

Scoring never imports the apps above it (tests/test_architecture.py), yet the game page is
where a member looks for what the game did (e.g. each player's rating change). So an app
above names here, in its AppConfig.ready(), a URL that takes the game's id and answers with an
HTML fragment; the game page asks each when it is drawn. Scoring knows only URL names, not
what is behind them; the fragment's own view decides who may see it.
"""

from __future__ import annotations

from django.urls import reverse

from scoring.models import Game

_panels: list[str] = []
# Panels that say what the game is part of (a tournament's table): shown from the first turn
# to the end, a void included.
_always: list[str] = []


def add_game_panel(url_name: str, *, in_play: bool = False) -> None:
    """Show the fragment at `url_name` (reversed with the game's id) on finished games' pages,
    or on every game's page with `in_play`."""
    panels = _always if in_play else _panels
    if url_name not in panels:
        panels.append(url_name)


def game_panel_urls(game: Game) -> list[str]:
    """Where the page loads its panels from: none until the game is finished, or once void."""
    if not game.is_finished or game.is_void:
        return []
    return [reverse(name, args=[game.pk]) for name in _panels]


def game_note_urls(game: Game) -> list[str]:
    """The `in_play` panels: what the game is part of, on its page from start to end."""
    return [reverse(name, args=[game.pk]) for name in _always]
