"""Each member's winning runs, kept on their result rows (`winning_run`, `run_started`).

A run is a member's wins in a row in one kind of game, by start time; a game they did not win
ends it, games they did not play do not. When a game's results change, only that game and the
member's later games of its kind are worked out again, from the member's row just before it:
a game finished at the table is the latest, so that is one or two rows, whatever the years.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from operator import attrgetter

from django.db.models import OuterRef, Subquery

from league.models import PlayerResultRow
from league.services.row_updates import update_rows
from scoring.models import RULESET_KEYS, Member
from scoring.transactions import require_transaction

UPDATE_BATCH = 2000
RUN_FIELDS = ("pk", "member_id", "game_id", "won", "winning_run", "run_started_id")


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


NO_RUN = Run(0, None)


def winning_runs(rows: Iterable[RunRow], before: Run = NO_RUN) -> Iterator[tuple[RunRow, Run]]:
    """Each row with the run it ends: wins in a row of its member, counted from the member's
    first win since their last loss. `before` is the run the first member's rows continue."""
    for index, (_, played) in enumerate(groupby(rows, key=attrgetter("member_id"))):
        run = before if index == 0 else NO_RUN
        for row in played:
            if row.won:
                run = Run(run.length + 1, run.started_game_id if run.length else row.game_id)
            else:
                run = NO_RUN
            yield row, run


def refresh_runs_from(*, member_ids: Collection[int], ruleset: str, since: datetime) -> int:
    """The runs of these members' games of `ruleset` started at or after `since`, continued
    from each member's last game before it; the number of rows changed. Two queries in all,
    however many members (the finishing turn books a game with this)."""
    require_transaction("refresh_runs_from")
    if not member_ids:
        return 0
    mine = PlayerResultRow.objects.filter(ruleset=ruleset, member_id__in=member_ids)
    # Each member's last game before `since`, looked up per member inside one query.
    before = PlayerResultRow.objects.filter(
        ruleset=ruleset, member_id=OuterRef("pk"), started_at__lt=since
    ).order_by("-started_at", "-game_id")
    last = {
        member_id: Run(length, started)
        for member_id, length, started in Member.objects.filter(pk__in=member_ids)
        .annotate(
            last_run=Subquery(before.values("winning_run")[:1]),
            last_started=Subquery(before.values("run_started_id")[:1]),
        )
        .values_list("pk", "last_run", "last_started")
        if length is not None
    }
    later = mine.filter(started_at__gte=since).order_by("member_id", "started_at", "game_id")
    rows: dict[int, list[RunRow]] = {}
    for row in later.values_list(*RUN_FIELDS):
        run_row = RunRow(*row)
        rows.setdefault(run_row.member_id, []).append(run_row)
    changed = [
        (row.pk, (run.length, run.started_game_id))
        for member_id, played in rows.items()
        for row, run in winning_runs(played, last.get(member_id, NO_RUN))
        if (row.winning_run, row.run_started_id) != (run.length, run.started_game_id)
    ]
    update_rows(PlayerResultRow, ["winning_run", "run_started_id"], changed)
    return len(changed)


def rebuild_runs(member_ids: Collection[int] | None = None) -> int:
    """Every run of these members (everyone's when None) from their first game; rows changed.
    Inside a transaction."""
    require_transaction("rebuild_runs")
    changed: list[PlayerResultRow] = []
    # One kind at a time: a member's last Balut game and first bar game are not in a row.
    for kind in RULESET_KEYS:
        rows = PlayerResultRow.objects.filter(member__isnull=False, ruleset=kind)
        if member_ids is not None:
            rows = rows.filter(member_id__in=member_ids)
        ordered = rows.order_by("member_id", "started_at", "game_id").values_list(*RUN_FIELDS)
        runs = winning_runs(RunRow(*row) for row in ordered.iterator(chunk_size=UPDATE_BATCH))
        changed += _changed(runs)
    PlayerResultRow.objects.bulk_update(
        changed, ["winning_run", "run_started"], batch_size=UPDATE_BATCH
    )
    return len(changed)


def _changed(runs: Iterable[tuple[RunRow, Run]]) -> list[PlayerResultRow]:
    return [
        PlayerResultRow(pk=row.pk, winning_run=run.length, run_started_id=run.started_game_id)
        for row, run in runs
        if (row.winning_run, row.run_started_id) != (run.length, run.started_game_id)
    ]
