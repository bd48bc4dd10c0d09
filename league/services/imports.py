"""Imported games in the audit log: who brought which file in, when, and which game it made.

Called from the hook (league.services.books) inside the import's own transaction, so a game
and its line of the log are stored together or not at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from league.models import AuditAction
from league.services import audit
from scoring.models import Game
from scoring.transactions import require_transaction


def log_import(*, game: Game, players: Sequence[str]) -> None:
    """One line for an imported game: its source (the file), its kind, day and players."""
    require_transaction("log_import", within="the import's transaction")
    audit.record(
        by=game.created_by,
        action=AuditAction.GAME_IMPORTED,
        target=game,
        after={
            "source": game.source,
            "ruleset": game.ruleset,
            "played": game.started_at,
            "players": list(players),
        },
    )
