"""The club's record: the highest and the lowest total of each game, wherever it was set.

One answer for the register, the records page and the TV board: the totals kept of every
finished game that counts (league.services.results; a void game has none) and the register's
lines that stand (ratified claims and historic paper records, removed ones left out). A tie
goes to whoever set the figure first. Three queries however long the club's history.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import F, IntegerField, OuterRef, QuerySet, Subquery, Value
from django.db.models.expressions import OrderBy
from django.utils import timezone

from clubs.models import Club
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


def _first_order(kind: str, higher_first: bool) -> list[OrderBy]:
    """The best total first; level ones in the order they were set."""
    return [F("score").desc() if higher_first else F("score").asc(), *_SOONEST[kind]]


_SOONEST = {
    "row": [F("started_at").asc(), F("game_id").asc(), F("player_id").asc()],
    "entry": [F("date").asc(), F("id").asc()],
}


def _rows(club: Club, ruleset: str | None) -> list[Mark]:
    """Each game's highest and lowest kept total: a LIMIT 1 read down the (ruleset, score)
    indexes each, all in one UNION ALL, so its cost does not grow with the club's history."""
    kinds = (ruleset,) if ruleset is not None else tuple(rules.RULESET_TITLES)

    parts = []
    for kind in kinds:
        for high in (True, False):
            score = F("score").desc() if high else F("score").asc()
            first = PlayerResultRow.objects.filter(club=club, ruleset=kind).order_by(
                score, *_SOONEST["row"]
            )
            parts.append(
                PlayerResultRow.objects.filter(club=club, pk__in=first.values("pk")[:1])
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
    union = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    found: list[dict[str, Any]] = list(union)
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


def register_marks(club: Club, ruleset: str | None, kind: str) -> list[Mark]:
    """The club's register line of each game (only `ruleset`'s, given one) that stands highest
    (or lowest): a LIMIT 1 read at the head of the standing lines' partial index for each game,
    all in one UNION ALL, so the lines below are never read and its cost does not grow with
    the register (a window over every line did)."""
    rulesets = (ruleset,) if ruleset is not None else tuple(rules.RULESET_TITLES)

    parts = [
        RegisterEntry.objects.filter(club=club, pk__in=_head(club, each, kind))
        .values(*_ENTRY_FIELDS)
        .order_by()
        for each in rulesets
    ]
    found = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    return [_entry_mark(entry, kind) for entry in found]


def _head(club: Any, ruleset: str, kind: str) -> QuerySet[RegisterEntry, Any]:
    """The id of the club's standing register line of `ruleset` that is highest (or lowest):
    the head of the standing lines' partial index, a LIMIT 1 read. `club` is the club's id,
    or an OuterRef to it."""
    return (
        RegisterEntry.objects.filter(
            club=club,
            ruleset=ruleset,
            kind=kind,
            removed_at__isnull=True,
            withdrawn_at__isnull=True,
        )
        .order_by(*_first_order("entry", kind == RecordKind.HIGH))
        .values("pk")[:1]
    )


def clubs_register_marks(
    clubs: Iterable[Club], rulesets: Iterable[str] = rules.RULESET_TITLES
) -> list[tuple[int, Mark]]:
    """Each club's register line of each game (of `rulesets`) that stands highest, and the one
    that stands lowest, with the club's id: two queries however many clubs and however long
    their registers (the federation's register compares them). The first names, for every
    club, game and kind, the line at the head of the standing lines' partial index (a LIMIT 1
    read each, so the lines below are never read); the second reads those lines."""
    ids = [club.pk for club in clubs]
    heads = {
        f"{kind}_{ruleset}": Subquery(_head(OuterRef("pk"), ruleset, kind))
        for kind in (RecordKind.HIGH, RecordKind.LOW)
        for ruleset in sorted(rulesets)
    }
    if not heads or not ids:
        return []
    found = Club.objects.filter(pk__in=ids).annotate(**heads).values_list(*heads).order_by()
    chosen = {pk for row in found for pk in row if pk is not None}
    if not chosen:
        return []
    return _marks(RegisterEntry.objects.filter(club__in=ids, pk__in=chosen))


# What a register line's Mark is made of.
_ENTRY_FIELDS = (
    "id",
    "club_id",
    "ruleset",
    "score",
    "player_name",
    "member_id",
    "date",
    "game_id",
    "scan",
)


def _entry_mark(entry: Mapping[str, Any], kind: str) -> Mark:
    return Mark(
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


def _marks(entries: QuerySet[RegisterEntry]) -> list[tuple[int, Mark]]:
    found = entries.values(*_ENTRY_FIELDS, "kind")
    return [(int(entry["club_id"]), _entry_mark(entry, entry["kind"])) for entry in found]


def _better(mark: Mark, than: Mark | None) -> bool:
    if than is None:
        return True
    if mark.score != than.score:
        return mark.score > than.score if mark.kind == RecordKind.HIGH else mark.score < than.score
    # Level: the first to set it keeps it; the game's own line before its register copy.
    return (mark.day, mark.entry_id is not None) < (than.day, than.entry_id is not None)


def club_extremes(club: Club, ruleset: str | None = None) -> list[Extremes]:
    """Each game's highest and lowest total (only `ruleset`'s, given one), highest first."""
    best: dict[tuple[str, str], Mark] = {}
    marks = [
        *_rows(club, ruleset),
        *register_marks(club, ruleset, RecordKind.HIGH),
        *register_marks(club, ruleset, RecordKind.LOW),
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
