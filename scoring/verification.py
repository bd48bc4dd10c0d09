"""The verification code of a signed sheet: a short digest of the game exactly as recorded.

Pure: `RecordedGame` is plain data (scoring.selectors.recorded_game reads it from the database),
serialised as canonical JSON (sorted keys, no spaces) and hashed with SHA-256. Format 2, which
every new code uses, holds only what any backup, restore or move to another database keeps:
no primary keys (players by seat, turns by number, corrections and signatures ordered by their
content, a correction's author by user name), and timestamps in UTC to the whole second (Django's
serialisers keep milliseconds, not microseconds). Format 1, the codes printed before, hashed
ids and microseconds; a game remembers its code's format, so those stay checkable as long as
the rows are kept exactly (which `manage.py backup`/`restore` do).

The code is the first 10 base32 characters of the digest (A-Z and 2-7: no 0/1/8 to misread),
grouped for reading aloud: "K7Q2-M3XD-4T". Anything recorded changing (a box,
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
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import rules

# The exact strings the PDF prints, in the sheet's language, for the PDF check
# (scoring.sheet_checks.text) to find again in whichever language the sheet was printed.
VERIFICATION_LABEL = gettext_noop("Verification code: %(code)s")
GAME_LABEL = gettext_noop("Game #%(game)d")
FIGURES_LABEL = gettext_noop("Figures: seat %(seat)d, %(name)s: total score %(score)d")
FIGURES_POINTS = gettext_noop(", points %(points)d")
# The score table's rows as the PDF renderer labels them; read too, when they can be read.
TOTAL_SCORE_LABEL = gettext_noop("Total score")
POINTS_LABEL = gettext_noop("Points")

CODE_LENGTH = 10
# Bumped if the serialisation ever changes, so an old code can never match a new layout.
FORMAT = 2
LEGACY_FORMAT = 1
FORMATS = (LEGACY_FORMAT, FORMAT)
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
    corrected_by_name: str = ""
    """The author's user name: format 2 names the author by it instead of the user's id."""


@dataclass(frozen=True)
class RecordedSignature:
    seat: int
    method: str
    signed_at: datetime
    drawing_sha256: str
    """The digest of the drawing, or of a typed signature's name; empty for a PIN signature."""
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


def canonical_json(game: RecordedGame, version: int = FORMAT) -> bytes:
    """The game as one canonical JSON document: the same game always gives the same bytes."""
    if version == LEGACY_FORMAT:
        document = _legacy_document(game)
    elif version == FORMAT:
        document = _document(game)
    else:
        raise ValueError(f"unknown verification format {version}")
    return _dumps(document)


def _dumps(document: object) -> bytes:
    return json.dumps(
        _plain(document), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")


def _second(moment: datetime | None) -> str | None:
    """A timestamp as every copy of the database keeps it: UTC, to the second."""
    if moment is None:
        return None
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def _document(game: RecordedGame) -> dict[str, object]:
    corrections = sorted(
        (
            (
                correction.id,
                {
                    "turn": correction.turn,
                    "before": correction.before,
                    "after": correction.after,
                    "reason": correction.reason,
                    "corrected_by": correction.corrected_by_name,
                    "corrected_at": _second(correction.corrected_at),
                },
            )
            for correction in game.corrections
        ),
        # Two corrections alike in every field cannot exist (the second would change nothing),
        # so ordering by content is total.
        key=lambda pair: (pair[1]["corrected_at"], _dumps(pair[1])),
    )
    position = {correction_id: index for index, (correction_id, _) in enumerate(corrections)}
    signatures = sorted(
        (
            {
                "seat": signature.seat,
                "method": signature.method,
                "signed_at": _second(signature.signed_at),
                "drawing_sha256": signature.drawing_sha256,
                "voided_at": _second(signature.voided_at),
                "voided_by_correction": (
                    None
                    if signature.voided_by_correction is None
                    else position.get(signature.voided_by_correction, -1)
                ),
            }
            for signature in game.signatures
        ),
        key=_dumps,
    )
    return {
        "format": FORMAT,
        "game": {"ruleset": game.ruleset, "options": game.options, "friendly": game.friendly},
        "players": [
            {
                "seat": player.seat,
                "name": player.name,
                "member": player.member is not None,
                "guess": player.guess,
            }
            for player in sorted(game.players, key=lambda p: p.seat)
        ],
        "turns": [
            {
                "number": turn.number,
                "seat": turn.seat,
                "record": turn.record,
                "box": turn.box,
                "score": turn.score,
                "recorded_at": _second(turn.recorded_at),
            }
            for turn in sorted(game.turns, key=lambda t: t.number)
        ],
        "corrections": [entry for _, entry in corrections],
        "signatures": signatures,
    }


def _legacy_document(game: RecordedGame) -> dict[str, object]:
    """Format 1, kept byte for byte: codes printed under it must keep verifying."""
    return {
        "format": LEGACY_FORMAT,
        "game": {
            "id": game.id,
            "ruleset": game.ruleset,
            "options": game.options,
            "friendly": game.friendly,
        },
        "players": [_shallow(player) for player in sorted(game.players, key=lambda p: p.seat)],
        "turns": [_shallow(turn) for turn in sorted(game.turns, key=lambda t: t.number)],
        "corrections": [_legacy_correction(correction) for correction in game.corrections],
        "signatures": [_shallow(signature) for signature in game.signatures],
    }


def _legacy_correction(correction: RecordedCorrection) -> dict[str, object]:
    fields_ = _shallow(correction)
    del fields_["corrected_by_name"]
    return fields_


def digest(game: RecordedGame, version: int = FORMAT) -> bytes:
    return hashlib.sha256(canonical_json(game, version)).digest()


def verification_code(game: RecordedGame, version: int = FORMAT) -> str:
    """The code of the game as recorded, e.g. "K7Q2-M3XD-4T", under digest format `version`."""
    return format_code(base64.b32encode(digest(game, version)).decode("ascii")[:CODE_LENGTH])


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
    return _(VERIFICATION_LABEL) % {"code": code}


def game_line(game_id: int) -> str:
    return _(GAME_LABEL) % {"game": game_id}


def figure_lines(result: rules.GameResult) -> list[str]:
    """One line per player, in seating order, for the PDF to print and the check to read:
    "Figures: seat 1, Ann: total score 605, points 26" (points only in games that score them),
    in the language active (the sheet's).
    """
    lines = []
    for player in result.players:
        line = _(FIGURES_LABEL) % {
            "seat": player.seat + 1,
            "name": player.name,
            "score": player.score,
        }
        if player.total_points is not None:
            line += _(FIGURES_POINTS) % {"points": player.total_points}
        lines.append(line)
    return lines
