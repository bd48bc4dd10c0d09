"""The verification code of a signed sheet: a short digest of the game exactly as recorded.

Pure: `RecordedGame` is plain data (scoring.selectors.recorded_game reads it from the database),
serialised as canonical JSON (sorted keys, no spaces, UTC timestamps to the microsecond) and
hashed with SHA-256. The code is the first 10 base32 characters of the digest (A-Z and 2-7: no
0/1/8 to misread), grouped for reading aloud: "K7Q2-M3XD-4T". Anything recorded changing (a box,
a correction, a signature) changes the code; the verify page recomputes it every time.

The printed sheet carries the code, the game's number and each player's figures on lines built
by `code_line`, `game_line` and `figure_lines` below, which the PDF check reads back.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime

from django.http import HttpRequest
from django.urls import reverse

from scoring import rules

# The exact strings the PDF prints, for the PDF check (scoring.sheet_check) to find again.
VERIFICATION_LABEL = "Verification code:"
GAME_LABEL = "Game #"
FIGURES_LABEL = "Figures:"
# The score table's rows as the PDF renderer labels them; read too, when they can be read.
TOTAL_SCORE_LABEL = "Total score"
POINTS_LABEL = "Points"

CODE_LENGTH = 10
# Bumped if the serialisation ever changes, so an old code can never match a new layout.
FORMAT = 1
_BASE32 = re.compile(rf"[A-Z2-7]{{{CODE_LENGTH}}}")
# What people type for letters base32 leaves out: a zero for O, a one for I, an eight for B.
_LOOKALIKES = str.maketrans({"0": "O", "1": "I", "8": "B"})


@dataclass(frozen=True)
class RecordedPlayer:
    seat: int
    name: str
    member: int | None
    guess: int | None


@dataclass(frozen=True)
class RecordedTurn:
    number: int
    seat: int
    record: object
    box: str
    score: int
    recorded_at: datetime


@dataclass(frozen=True)
class RecordedCorrection:
    id: int
    turn: int
    before: object
    after: object
    reason: str
    corrected_by: int
    corrected_at: datetime


@dataclass(frozen=True)
class RecordedSignature:
    seat: int
    method: str
    signed_at: datetime
    drawing_sha256: str
    """Empty for a PIN signature."""
    voided_at: datetime | None
    voided_by_correction: int | None


@dataclass(frozen=True)
class RecordedGame:
    id: int
    ruleset: str
    options: object
    friendly: bool
    players: Sequence[RecordedPlayer]
    turns: Sequence[RecordedTurn]
    corrections: Sequence[RecordedCorrection]
    signatures: Sequence[RecordedSignature]


def drawing_sha256(image: str) -> str:
    return hashlib.sha256(image.encode("utf-8")).hexdigest() if image else ""


def _plain(value: object) -> object:
    """Timestamps in UTC to the microsecond, so SQLite and PostgreSQL serialise alike."""
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat(timespec="microseconds")
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _shallow(
    recorded: RecordedPlayer | RecordedTurn | RecordedCorrection | RecordedSignature,
) -> dict[str, object]:
    """A record's fields by name. `_plain` copies whatever they hold, so unlike `asdict` this
    copies nothing (a game's turn records, deep-copied, were most of the cost of a code)."""
    return {field.name: getattr(recorded, field.name) for field in fields(recorded)}


def canonical_json(game: RecordedGame) -> bytes:
    """The game as one canonical JSON document: the same game always gives the same bytes."""
    document = {
        "format": FORMAT,
        "game": {
            "id": game.id,
            "ruleset": game.ruleset,
            "options": game.options,
            "friendly": game.friendly,
        },
        "players": [_shallow(player) for player in sorted(game.players, key=lambda p: p.seat)],
        "turns": [_shallow(turn) for turn in sorted(game.turns, key=lambda t: t.number)],
        "corrections": [_shallow(correction) for correction in game.corrections],
        "signatures": [_shallow(signature) for signature in game.signatures],
    }
    return json.dumps(
        _plain(document), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")


def digest(game: RecordedGame) -> bytes:
    return hashlib.sha256(canonical_json(game)).digest()


def verification_code(game: RecordedGame) -> str:
    """The code of the game as recorded, e.g. "K7Q2-M3XD-4T"."""
    return format_code(base64.b32encode(digest(game)).decode("ascii")[:CODE_LENGTH])


def format_code(raw: str) -> str:
    return f"{raw[:4]}-{raw[4:8]}-{raw[8:]}"


def normalise_code(text: str) -> str | None:
    """The code as typed ("k7q2 m3xd 4t", "K7Q2M3XD4T") in its printed form; None if it is not
    one."""
    raw = re.sub(r"[\s\-–—.]", "", text).upper().translate(_LOOKALIKES)
    return format_code(raw) if _BASE32.fullmatch(raw) else None


def verification_url(request_or_base: HttpRequest | str, code: str) -> str:
    """The verify page of `code` as an absolute URL: the QR code on the PDF encodes this.

    `request_or_base` is the request being answered, or the site's base URL
    ("https://balut.example.org").
    """
    path = reverse("scoring:verify", args=[code])
    if isinstance(request_or_base, str):
        return request_or_base.rstrip("/") + path
    return request_or_base.build_absolute_uri(path)


def code_line(code: str) -> str:
    return f"{VERIFICATION_LABEL} {code}"


def game_line(game_id: int) -> str:
    return f"{GAME_LABEL}{game_id}"


def figure_lines(result: rules.GameResult) -> list[str]:
    """One line per player, in seating order, for the PDF to print and the check to read:
    "Figures: seat 1, Ann: total score 605, points 26" (points only in games that score them).
    """
    lines = []
    for player in result.players:
        line = f"{FIGURES_LABEL} seat {player.seat + 1}, {player.name}: total score {player.score}"
        if player.total_points is not None:
            line += f", points {player.total_points}"
        lines.append(line)
    return lines
