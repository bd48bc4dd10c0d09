"""Figures kept across games: each member's winning runs and box tallies.

Both are worked out again from their sources (the kept result rows, the engine's stored box
scores) for the members of a game whenever its results are stored, never adjusted by a
difference: a game finished late, a correction, or a hand-repaired database all end with the
same figures as a rebuild from scratch.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter

from django.db import transaction
from django.db.models import Count, Q, Sum

from league.models import BoxTally, PlayerResultRow
from scoring import rules
from scoring.models import GameStatus, Ruleset, Turn

UPDATE_BATCH = 2000


@dataclass(frozen=True)
class RunRow:
    """One result row as the runs see it, in the member's start order within a kind."""

    pk: int
    member_id: int
    game_id: int
    won: bool
    winning_run: int
    run_started_id: int | None


@dataclass(frozen=True)
class Run:
    length: int
    started_game_id: int | None


def winning_runs(rows: Iterable[RunRow]) -> Iterator[tuple[RunRow, Run]]:
    """Each row with the run it ends: wins in a row of its member, counted from the member's
    first win since their last loss. Games the member did not play do not break a run."""
    for _, played in groupby(rows, key=attrgetter("member_id")):
        length, first = 0, None
        for row in played:
            if row.won:
                length += 1
                first = first if length > 1 else row.game_id
            else:
                length, first = 0, None
            yield row, Run(length, first)


def _run_rows(member_ids: Collection[int] | None, ruleset: str) -> Iterator[RunRow]:
    rows = PlayerResultRow.objects.filter(member__isnull=False, ruleset=ruleset)
    if member_ids is not None:
        rows = rows.filter(member_id__in=member_ids)
    ordered = rows.order_by("member_id", "started_at", "game_id").values_list(
        "pk", "member_id", "game_id", "won", "winning_run", "run_started_id"
    )
    return (RunRow(*row) for row in ordered.iterator(chunk_size=UPDATE_BATCH))


def _refresh_runs(member_ids: Collection[int] | None, ruleset: str | None) -> int:
    # One kind at a time: a member's last Balut game and first bar game are not in a row.
    kinds = [ruleset] if ruleset is not None else list(Ruleset.values)
    changed = [
        PlayerResultRow(pk=row.pk, winning_run=run.length, run_started_id=run.started_game_id)
        for kind in kinds
        for row, run in winning_runs(_run_rows(member_ids, kind))
        if (row.winning_run, row.run_started_id) != (run.length, run.started_game_id)
    ]
    PlayerResultRow.objects.bulk_update(
        changed, ["winning_run", "run_started"], batch_size=UPDATE_BATCH
    )
    return len(changed)


def _refresh_tallies(member_ids: Collection[int | None] | None, ruleset: str | None) -> None:
    kinds = [ruleset] if ruleset is not None else list(rules.FIVE_DICE_RULES)
    kinds = [kind for kind in kinds if kind in rules.FIVE_DICE_RULES]
    if not kinds:
        return
    turns = Turn.objects.filter(game__status=GameStatus.FINISHED, game__ruleset__in=kinds)
    tallies = BoxTally.objects.filter(ruleset__in=kinds)
    if member_ids is not None:
        members = [member for member in member_ids if member is not None]
        whose = Q(player__member_id__in=members)
        kept = Q(member_id__in=members)
        if None in member_ids:
            whose |= Q(player__member__isnull=True)
            kept |= Q(member__isnull=True)
        turns = turns.filter(whose)
        tallies = tallies.filter(kept)
    sums = (
        turns.values("player__member_id", "game__ruleset", "box")
        .annotate(filled=Count("id"), total=Sum("score"), scratches=Count("id", filter=Q(score=0)))
        .order_by()
    )
    fresh = [
        BoxTally(
            member_id=row["player__member_id"],
            ruleset=row["game__ruleset"],
            box=row["box"],
            filled=row["filled"],
            total=row["total"] or 0,
            scratches=row["scratches"],
        )
        for row in sums
    ]
    # Fields checked row by row; uniqueness and the checks are the database's (one query, not
    # one per row), and the old rows are gone first so they cannot clash.
    for tally in fresh:
        tally.full_clean(validate_unique=False, validate_constraints=False)
    tallies.delete()
    BoxTally.objects.bulk_create(fresh, batch_size=UPDATE_BATCH)


@transaction.atomic
def refresh_member_figures(*, member_ids: Collection[int | None], ruleset: str) -> None:
    """Runs and tallies of these members (None: the guests) in one kind of game."""
    _refresh_runs([member for member in member_ids if member is not None], ruleset)
    _refresh_tallies(member_ids, ruleset)


@transaction.atomic
def rebuild_all_figures() -> int:
    """Every member's runs and tallies from scratch; the number of result rows changed."""
    changed = _refresh_runs(None, None)
    _refresh_tallies(None, None)
    return changed
