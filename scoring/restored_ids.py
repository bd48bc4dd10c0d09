"""The ids a game's rows had on the server that printed its sheet, kept when a restore changed them.

`manage.py restore --club` gives a table's rows fresh ids when the server holds rows with theirs
(backups.club_restoring). A sheet printed before names its game by the old number ("Game #12"),
and a verification code of format 1 (scoring.verification) hashes the old ids of the game, its
players' members, its corrections and their authors. So the restore writes, on each game whose
ids it changed, the old ones (`Game.restored_ids`), and verification reads the game through
them: the code is recomputed from the ids it was issued under, and an uploaded sheet's number
finds its game. A game restored again keeps the ids of its first printing (`composed`).

Plain data, no Django: {"game": 12, "members": {"5012": 12, ...}, "corrections": {...},
"users": {...}}, the maps keyed by today's id as text (JSON keys are text), only changed ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GAME = "game"
MEMBERS = "members"
CORRECTIONS = "corrections"
USERS = "users"
KINDS = (MEMBERS, CORRECTIONS, USERS)


def original_game(kept: Mapping[str, Any], now: int) -> int:
    """The game's number as its sheet was first printed."""
    value = kept.get(GAME)
    return value if isinstance(value, int) else now


def original(kept: Mapping[str, Any], kind: str, now: int) -> int:
    """A member's, correction's or user's id as the game's first printing knew it."""
    mapping = kept.get(kind)
    value = mapping.get(str(now)) if isinstance(mapping, dict) else None
    return value if isinstance(value, int) else now


def composed(
    kept: Mapping[str, Any],
    *,
    game: tuple[int, int],
    moved: Mapping[str, Mapping[int, int]],
) -> dict[str, Any]:
    """`kept` after a restore that moved the game from `game[0]` to `game[1]` and each kind's
    rows by `moved[kind]` (old id: new id, only the game's own): still the first printing's."""
    before, after = game
    result: dict[str, Any] = {}
    first = original_game(kept, before)
    if first != after:
        result[GAME] = first
    for kind in KINDS:
        mapping = {}
        for old, new in moved.get(kind, {}).items():
            first_id = original(kept, kind, old)
            if first_id != new:
                mapping[str(new)] = first_id
        if mapping:
            result[kind] = mapping
    return result
