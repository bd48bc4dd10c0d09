"""The club's record: the highest and the lowest total of each game, wherever it was set.

One answer for the register, the records page and the TV board: the totals kept of every
finished game that counts (league.services.results; a void game has none) and the register's
lines that stand (ratified claims and historic paper records, removed ones left out). A tie
goes to whoever set the figure first. Three queries however long the club's history.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import F, IntegerField, Value, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from league.models import PlayerResultRow, RecordKind, RegisterEntry
from scoring import rules
from scoring.box_names import game_title


@dataclass(frozen=True)
class Mark:
    """A highest or lowest total: who, when, and where to see it (a game, or a paper scan)."""

    ruleset: str
    kind: str
    score: int
    name: str
    member_id: int | None
    day: datetime.date
    game_id: int | None = None
    entry_id: int | None = None
    has_scan: bool = False

    @property
    def title(self) -> str:
        return game_title(self.ruleset)


@dataclass(frozen=True)
class Extremes:
    ruleset: str
    highest: Mark
    lowest: Mark | None

    @property
    def title(self) -> str:
        return game_title(self.ruleset)


def _first(kind: str, higher_first: bool) -> Window:
    score = F("score").desc() if higher_first else F("score").asc()
    return Window(RowNumber(), partition_by=[F("ruleset")], order_by=[score, *_SOONEST[kind]])


_SOONEST = {
    "row": [F("started_at").asc(), F("game_id").asc(), F("player_id").asc()],
    "entry": [F("date").asc(), F("id").asc()],
}


def _rows(ruleset: str | None) -> list[Mark]:
    """Each game's highest and lowest kept total: a LIMIT 1 read down the (ruleset, score)
    indexes each, all in one UNION ALL, so its cost does not grow with the club's history."""
    kinds = [ruleset] if ruleset is not None else list(rules.RULESET_TITLES)
    parts = []
    for kind in kinds:
        for high in (True, False):
            score = F("score").desc() if high else F("score").asc()
            first = PlayerResultRow.objects.filter(ruleset=kind).order_by(score, *_SOONEST["row"])
            parts.append(
                PlayerResultRow.objects.filter(pk__in=first.values("pk")[:1])
                .annotate(high=Value(1 if high else 0, output_field=IntegerField()))
                .values(
                    "pk",
                    "ruleset",
                    "score",
                    "player__name",
                    "member_id",
                    "finished_at",
                    "game_id",
                    "high",
                )
                .order_by()
            )
    found = list(parts[0].union(*parts[1:], all=True)) if len(parts) > 1 else list(parts[0])
    highest = {row["ruleset"]: row["pk"] for row in found if row["high"]}
    return [
        Mark(
            ruleset=row["ruleset"],
            kind=RecordKind.HIGH if row["high"] == 1 else RecordKind.LOW,
            score=row["score"],
            name=row["player__name"],
            member_id=row["member_id"],
            day=timezone.localdate(row["finished_at"]),
            game_id=row["game_id"],
        )
        for row in found
        # A lone game is its kind's highest, not its lowest too (as the register shows it).
        if row["high"] or highest.get(row["ruleset"]) != row["pk"]
    ]


def register_marks(ruleset: str | None, kind: str) -> list[Mark]:
    entries = RegisterEntry.objects.filter(
        kind=kind, removed_at__isnull=True, withdrawn_at__isnull=True
    )
    if ruleset is not None:
        entries = entries.filter(ruleset=ruleset)
    found = (
        entries.annotate(place=_first("entry", kind == RecordKind.HIGH))
        .filter(place=1)
        .values("id", "ruleset", "score", "player_name", "member_id", "date", "game_id", "scan")
    )
    return [
        Mark(
            ruleset=entry["ruleset"],
            kind=kind,
            score=entry["score"],
            name=entry["player_name"],
            member_id=entry["member_id"],
            day=entry["date"],
            game_id=entry["game_id"],
            entry_id=entry["id"],
            has_scan=bool(entry["scan"]),
        )
        for entry in found
    ]


def _better(mark: Mark, than: Mark | None) -> bool:
    if than is None:
        return True
    if mark.score != than.score:
        return mark.score > than.score if mark.kind == RecordKind.HIGH else mark.score < than.score
    # Level: the first to set it keeps it; the game's own line before its register copy.
    return (mark.day, mark.entry_id is not None) < (than.day, than.entry_id is not None)


def club_extremes(ruleset: str | None = None) -> list[Extremes]:
    """Each game's highest and lowest total (only `ruleset`'s, given one), highest first."""
    best: dict[tuple[str, str], Mark] = {}
    marks = [
        *_rows(ruleset),
        *register_marks(ruleset, RecordKind.HIGH),
        *register_marks(ruleset, RecordKind.LOW),
    ]
    for mark in marks:
        key = (mark.ruleset, mark.kind)
        if _better(mark, best.get(key)):
            best[key] = mark
    found = [
        Extremes(kind, best[(kind, RecordKind.HIGH)], best.get((kind, RecordKind.LOW)))
        for kind in rules.RULESET_TITLES
        if (kind, RecordKind.HIGH) in best
    ]
    return sorted(found, key=lambda extremes: -extremes.highest.score)
