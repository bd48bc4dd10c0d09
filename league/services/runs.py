"""Each member's winning runs, kept on their result rows (`winning_run`, `run_started`).

A run is a member's wins in a row in one kind of game in one club, by start time (a person
playing in two clubs has a run in each: a club's pages count its own games); a game they did not win
ends it, games they did not play do not. When a game's results change, only that game and the
member's later games of its kind are worked out again, from the member's row just before it:
a game finished at the table is the latest, so that is one or two rows, whatever the years.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from itertools import groupby
from operator import attrgetter

from django.db import connections, router

from league.models import PlayerResultRow
from league.services.row_updates import update_rows
from league.services.statements import moment, placeholders, quoted
from scoring.models import RULESET_KEYS, Member
from scoring.transactions import require_transaction

UPDATE_BATCH = 2000
RUN_FIELDS = ("pk", "member_id", "game_id", "won", "winning_run", "run_started_id", "club_id")


@dataclass(frozen=True)
class RunRow:
    """One result row as the runs see it, in the member's start order within a kind."""

    pk: int
    member_id: int
    game_id: int
    won: bool
    winning_run: int
    run_started_id: int | None
    club_id: int = 0


@dataclass(frozen=True)
class Run:
    length: int
    started_game_id: int | None


NO_RUN = Run(0, None)


def winning_runs(rows: Iterable[RunRow], before: Run = NO_RUN) -> Iterator[tuple[RunRow, Run]]:
    """Each row with the run it ends: wins in a row of its member in its club, counted from
    the member's first win there since their last loss there. `before` is the run the first
    member's rows continue."""
    for index, (_, played) in enumerate(groupby(rows, key=attrgetter("club_id", "member_id"))):
        run = before if index == 0 else NO_RUN
        for row in played:
            if row.won:
                run = Run(run.length + 1, run.started_game_id if run.length else row.game_id)
            else:
                run = NO_RUN
            yield row, run


def refresh_runs_from(
    *, member_ids: Collection[int], ruleset: str, since: datetime, in_club: int
) -> int:
    """The runs of these members' games of `ruleset` in the club `in_club` (an id) started at
    or after `since`, continued from each member's last game before it; the number of rows
    changed. One read and an update of the rows that changed, however many members (the
    finishing turn books a game with this)."""
    require_transaction("refresh_runs_from")
    if not member_ids:
        return 0
    members, start = sorted(member_ids), moment(PlayerResultRow, since)
    last: dict[int, Run] = {}
    rows: dict[int, list[RunRow]] = {}
    with connections[router.db_for_read(PlayerResultRow)].cursor() as cursor:
        cursor.execute(
            _runs_sql(len(members)),
            [in_club, ruleset, start, *members, in_club, *members, ruleset, start],
        )
        for *fields, later, _ in cursor.fetchall():
            run_row = RunRow(*fields)
            if later:
                rows.setdefault(run_row.member_id, []).append(run_row)
            else:
                last[run_row.member_id] = Run(run_row.winning_run, run_row.run_started_id)
    changed = [
        (row.pk, (run.length, run.started_game_id))
        for member_id, played in rows.items()
        for row, run in winning_runs(played, last.get(member_id, NO_RUN))
        if (row.winning_run, row.run_started_id) != (run.length, run.started_game_id)
    ]
    update_rows(PlayerResultRow, ["winning_run", "run_started_id"], changed)
    return len(changed)


@cache
def _runs_sql(members: int) -> str:
    """The members' last row before a start time, then their rows from it on: one read, written
    once a process for each number of members (league.services.statements). Each row's
    RUN_FIELDS, then 0 for a last row before (1 for a row from the start on) and its start."""
    table, c = quoted(PlayerResultRow)
    member_table, m = quoted(Member)
    listed = placeholders(members)
    selected = ", ".join(f"r.{c['id' if name == 'pk' else name]}" for name in RUN_FIELDS)
    # Each member's last row before, one step down the (member, ruleset, started_at) index.
    last = (
        f"SELECT {selected}, 0, r.{c['started_at']} FROM {member_table} m "
        f"INNER JOIN {table} r ON r.{c['id']} = (SELECT u.{c['id']} FROM {table} u "
        f"WHERE u.{c['club_id']} = %s AND u.{c['member_id']} = m.{m['id']} "
        f"AND u.{c['ruleset']} = %s AND u.{c['started_at']} < %s "
        f"ORDER BY u.{c['started_at']} DESC, u.{c['game_id']} DESC LIMIT 1) "
        f"WHERE m.{m['id']} IN ({listed})"
    )
    later = (
        f"SELECT {selected}, 1, r.{c['started_at']} FROM {table} r "
        f"WHERE r.{c['club_id']} = %s AND r.{c['member_id']} IN ({listed}) "
        f"AND r.{c['ruleset']} = %s AND r.{c['started_at']} >= %s"
    )
    # By member; the last row before first, then by start and game, as the runs are counted.
    part, started = len(RUN_FIELDS) + 1, len(RUN_FIELDS) + 2
    return f"{last} UNION ALL {later} ORDER BY 2, {part}, {started}, 3"


def rebuild_runs(member_ids: Collection[int] | None = None) -> int:
    """Every run of these members (everyone's when None) from their first game, in every club
    (a rebuild of the server's figures, no club page); rows changed. Inside a transaction."""
    require_transaction("rebuild_runs")
    changed: list[PlayerResultRow] = []
    # One kind at a time: a member's last Balut game and first bar game are not in a row.
    for kind in RULESET_KEYS:
        # Each club's runs apart: ordered by club, then member, as winning_runs groups them.
        rows = PlayerResultRow.objects.filter(member__isnull=False, ruleset=kind).across_clubs()
        if member_ids is not None:
            rows = rows.filter(member_id__in=member_ids)
        ordered = rows.order_by("club_id", "member_id", "started_at", "game_id").values_list(
            *RUN_FIELDS
        )
        runs = winning_runs(RunRow(*row) for row in ordered.iterator(chunk_size=UPDATE_BATCH))
        changed += _changed(runs)
    PlayerResultRow.objects.across_clubs().bulk_update(
        changed, ["winning_run", "run_started"], batch_size=UPDATE_BATCH
    )
    return len(changed)


def _changed(runs: Iterable[tuple[RunRow, Run]]) -> list[PlayerResultRow]:
    return [
        PlayerResultRow(pk=row.pk, winning_run=run.length, run_started_id=run.started_game_id)
        for row, run in runs
        if (row.winning_run, row.run_started_id) != (run.length, run.started_game_id)
    ]
