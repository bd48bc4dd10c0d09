"""The register's record (rule 13 of the 1978 rules): "the highest score achieved to date
displayed in the Bar" is the highest line of the register, not any game's total.

A game that beats it is not the record yet: its players sign, then the secretary ratifies its
claim. Until then the board and the register page show it as what it is, "168 Dee, awaiting
ratification". Only the games the club keeps a register for (the bounds of its house rules)
have a register record; whether a total is a candidate is the engine's word
(rules.RegisterBounds.kind).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from django.db.models import F, IntegerField, Value
from django.utils import timezone

from clubs.models import Club
from league.club_record import Mark, register_marks
from league.models import ClaimStatus, PlayerResultRow, RecordKind, RegisterClaim
from league.selectors import house_rules
from scoring import rules

# How many of a game's best totals above its record are looked at for one still waiting: more
# than a club ever has waiting at once, and read down the (ruleset, score) index.
CANDIDATES = 10


class WaitingFor(enum.StrEnum):
    SIGNATURES = "signatures"  # not every player has signed (or, imported, been attested)
    RATIFICATION = "ratification"  # its claim waits for the secretary's word


@dataclass(frozen=True)
class Awaiting:
    """A total that would be the record, and what it still waits for."""

    mark: Mark
    waiting_for: WaitingFor


@dataclass(frozen=True)
class RegisterRecord:
    """A game's register record, highest and lowest, and what would beat them once decided."""

    ruleset: str
    highest: Mark | None
    lowest: Mark | None
    new_high: Awaiting | None = None
    new_low: Awaiting | None = None

    @property
    def title(self) -> str:
        return rules.RULESET_TITLES[self.ruleset]


def _beats(score: int, kind: str, record: Mark | None) -> bool:
    if record is None:
        return True
    return score > record.score if kind == RecordKind.HIGH else score < record.score


def _candidates(club: Club, records: dict[tuple[str, str], Mark | None]) -> list[dict[str, object]]:
    """The best kept totals above (below) each record, a few of each, in one UNION ALL."""
    parts = []
    for (ruleset, kind), record in records.items():
        high = kind == RecordKind.HIGH
        # The club's own games only: another club's total is never this register's.
        rows = PlayerResultRow.objects.filter(club=club, ruleset=ruleset)
        if record is not None:
            rows = (
                rows.filter(score__gt=record.score) if high else rows.filter(score__lt=record.score)
            )
        order = [F("score").desc() if high else F("score").asc(), F("started_at").asc()]
        best = rows.order_by(*order).values("pk")[:CANDIDATES]
        parts.append(
            PlayerResultRow.objects.filter(club=club, pk__in=best)
            .annotate(high=Value(1 if high else 0, output_field=IntegerField()))
            .values(
                "ruleset",
                "score",
                "player_id",
                "player__name",
                "member_id",
                "finished_at",
                "started_at",
                "game_id",
                "high",
            )
            .order_by()
        )
    if not parts:
        return []
    return list(parts[0].union(*parts[1:], all=True)) if len(parts) > 1 else list(parts[0])


Claims = dict[tuple[object, object, object], object]


def _awaiting(
    kind: str, bounds: rules.RegisterBounds, rows: list[dict[str, object]], claims: Claims
) -> Awaiting | None:
    high = kind == RecordKind.HIGH
    ordered = sorted(
        rows,
        key=lambda row: (-row["score"] if high else row["score"], row["started_at"]),  # type: ignore[operator]
    )
    for row in ordered:
        score = row["score"]
        assert isinstance(score, int)
        if bounds.kind(score) != kind:
            continue  # not a candidate for the register at all: the engine's bounds say so
        status = claims.get((row["game_id"], row["player_id"], kind))
        if status in (ClaimStatus.REJECTED, ClaimStatus.RATIFIED):
            continue  # decided: not the record, or already a line of the register
        finished = row["finished_at"]
        assert hasattr(finished, "tzinfo")
        mark = Mark(
            ruleset=str(row["ruleset"]),
            kind=kind,
            score=score,
            name=str(row["player__name"]),
            member_id=row["member_id"],  # type: ignore[arg-type]
            day=timezone.localdate(finished),  # type: ignore[arg-type]
            game_id=row["game_id"],  # type: ignore[arg-type]
        )
        waiting = (
            WaitingFor.RATIFICATION if status == ClaimStatus.PENDING else WaitingFor.SIGNATURES
        )
        return Awaiting(mark, waiting)
    return None


def register_records(club: Club) -> list[RegisterRecord]:
    """Each game the club keeps a register for, in the engine's order: its register's highest
    and lowest line, and a better total still waiting, if any. Five queries."""
    bounds = house_rules(club).register_bounds
    kept = [info.key for info in rules.RULESETS if info.key in bounds]
    if not kept:
        return []
    lines: dict[tuple[str, str], Mark | None] = {
        (ruleset, kind): None for ruleset in kept for kind in (RecordKind.HIGH, RecordKind.LOW)
    }
    for kind in (RecordKind.HIGH, RecordKind.LOW):
        for mark in register_marks(club, None, kind):
            if mark.ruleset in kept:
                lines[(mark.ruleset, kind)] = mark
    rows = _candidates(club, lines)
    claims: Claims = {}
    if rows:
        decided = RegisterClaim.objects.filter(game_id__in={row["game_id"] for row in rows})
        for claim in decided.values("game_id", "player_id", "kind", "status"):
            claims[(claim["game_id"], claim["player_id"], claim["kind"])] = claim["status"]
    found = []
    for ruleset in kept:
        waiting = {}
        for kind in (RecordKind.HIGH, RecordKind.LOW):
            mine = [
                row
                for row in rows
                if row["ruleset"] == ruleset and bool(row["high"]) == (kind == RecordKind.HIGH)
            ]
            waiting[kind] = _awaiting(kind, bounds[ruleset], mine, claims)
        found.append(
            RegisterRecord(
                ruleset=ruleset,
                highest=lines[(ruleset, RecordKind.HIGH)],
                lowest=lines[(ruleset, RecordKind.LOW)],
                new_high=waiting[RecordKind.HIGH],
                new_low=waiting[RecordKind.LOW],
            )
        )
    return found
