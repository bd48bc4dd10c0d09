"""Recorded turns and their corrections in words, for the game page and the correction page.

Turn records are game-record JSON (docs/game-record.md) as the engine wrote them; nothing here
scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.utils.translation import gettext, ngettext

from scoring.box_names import box_name
from scoring.models import Correction, Turn
from scoring.selectors import LoadedGame


@dataclass(frozen=True)
class TurnLine:
    number: int
    """The turn's index in the game, from 0, as the correction URL and game records count."""
    player: str
    played: str
    score: int

    @property
    def ordinal(self) -> int:
        return self.number + 1


@dataclass(frozen=True)
class CorrectionLine:
    ordinal: int
    player: str
    who: str
    when: datetime
    before: str
    after: str
    reason: str


def turn_lines(loaded: LoadedGame) -> list[TurnLine]:
    """Every recorded turn, newest first: the one a scorer just mistyped is at hand."""
    return [turn_line(turn) for turn in reversed(loaded.turns)]


def turn_line(turn: Turn) -> TurnLine:
    return TurnLine(
        number=turn.number,
        player=str(turn.record.get("player", "")),
        played=describe(turn.record),
        score=turn.score,
    )


def correction_lines(corrections: Iterable[Correction]) -> list[CorrectionLine]:
    return [
        CorrectionLine(
            ordinal=correction.turn.number + 1,
            player=str(correction.after.get("player", "")),
            who=who(correction.corrected_by),
            when=correction.corrected_at,
            before=describe(correction.before),
            after=describe(correction.after),
            reason=correction.reason,
        )
        for correction in corrections
    ]


def who(user: User) -> str:
    member = getattr(user, "member", None)
    return member.known_as if member is not None else user.get_username()


def describe(record: Mapping[str, object]) -> str:
    """ "Fours · 4 4 4 1 2", "Choice · 23 on paper", or a Barbut turn's throws."""
    if "box" in record:
        return _five_dice(record)
    throws = record.get("throws")
    if not isinstance(throws, list):
        return ""
    return " · ".join(_barbut_throw(throw) for throw in throws if isinstance(throw, Mapping))


def _five_dice(record: Mapping[str, object]) -> str:
    parts = [box_name(str(record["box"]))]
    if isinstance(record.get("dice"), list):
        parts.append(_faces(record["dice"]))
    elif record.get("score") is not None:
        parts.append(gettext("%(score)s on paper") % {"score": record["score"]})
    if record.get("strike"):
        parts.append(gettext("struck"))
    throws = record.get("throws")
    if isinstance(throws, list) and throws:
        parts.append(
            ngettext("%(count)d throw logged", "%(count)d throws logged", len(throws))
            % {"count": len(throws)}
        )
    return " · ".join(parts)


def _barbut_throw(throw: Mapping[str, object]) -> str:
    kept = _faces(throw.get("keep"))
    kept_text = gettext("kept %(dice)s") % {"dice": kept} if kept else gettext("nothing kept")
    return f"{_faces(throw.get('dice'))} ({kept_text})"


def _faces(values: object) -> str:
    return " ".join(str(face) for face in values) if isinstance(values, list) else ""
