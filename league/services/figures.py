"""Figures kept across games for the player page and the club's records: each member's winning
runs (league.services.runs) and running sums (league.services.tallies).

Both follow a game's result rows: when they are stored (a game finished, corrected, imported),
the game's members' figures move with them, touching a few rows however long the club's
history; a rebuild works everything out afresh from the kept rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db import transaction

from league.services.runs import rebuild_runs, refresh_runs_from
from league.services.standings import rebuild_standings
from league.services.tallies import SeatFigures, move_tallies, rebuild_tallies
from league.upper_books import upper_books
from scoring.transactions import require_transaction


def update_member_figures(
    *,
    ruleset: str,
    started_at: datetime,
    before: Sequence[SeatFigures],
    after: Sequence[SeatFigures],
    club_id: int,
) -> None:
    """A game of `ruleset` started at `started_at` had the seats `before` and now, its rows
    stored, has `after` (none if it is no longer finished). Inside the change's transaction,
    without a savepoint of its own (two queries less on the finishing turn): a failure here
    fails the whole change, which nothing goes on from."""
    require_transaction("update_member_figures", within="the change's transaction")
    members = {seat.member_id for seat in [*before, *after] if seat.member_id is not None}
    refresh_runs_from(member_ids=members, ruleset=ruleset, since=started_at, in_club=club_id)
    move_tallies(ruleset, before, after, club_id=club_id)


@transaction.atomic
def rebuild_all_figures() -> int:
    """Every run, tally and season standing from the kept rows, and the books above the league
    (league.upper_books); the number of result rows whose run changed."""
    changed = rebuild_runs()
    rebuild_tallies()
    rebuild_standings()
    for book in upper_books():
        book.rebuild()
    return changed
