"""The player page's running sums (league.models.tallies), moved by each game's difference.

When a game's result rows change, what the old rows gave each tally comes off and what the new
ones give goes on: a few rows touched, however long the club's history. `rebuild_tallies` adds
every kept row up afresh; the two agree (a test checks it after corrections).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import groupby

from django.db import IntegrityError, transaction
from django.db.models import F, Field, Model, Q

from league.models import (
    BoxTally,
    KindTally,
    MonthTally,
    PlayerResultRow,
    RivalryTally,
    TotalBinTally,
)
from league.selectors import games_with_results_by_kind
from league.services.row_updates import add_counts, update_rows
from scoring import rules
from scoring.transactions import require_transaction

UPDATE_BATCH = 2000
# Each pass creates fewer rows than the one before, so two are enough; the third is a margin.
INSERT_ATTEMPTS = 3
# Totals of the five-dice games fall between 0 and 812; 25-point bins read well on a tablet.
BIN = 25

Key = tuple[object, ...]
Changes = dict[Key, list[int]]


@dataclass(frozen=True)
class SeatFigures:
    """What one seat of a finished game gives the tallies."""

    member_id: int | None
    month: date
    score: int
    won: bool
    baluts: int
    boxes: Mapping[str, Sequence[int]]

    @classmethod
    def of(cls, row: PlayerResultRow) -> SeatFigures:
        return cls(row.member_id, row.month, row.score, row.won, row.baluts, dict(row.boxes))


@dataclass(frozen=True)
class Tally:
    """One kind of running sum: its model, the fields that name a row (after the ruleset, when
    it has one), and the counts; a row whose first count falls to nought is deleted."""

    model: type[Model]
    keys: tuple[str, ...]
    counts: tuple[str, ...]
    by_ruleset: bool = True


BOXES = Tally(BoxTally, ("member_id", "box"), ("filled", "total", "scratches"))
MONTHS = Tally(MonthTally, ("member_id", "month"), ("games", "wins", "baluts", "total"))
BINS = Tally(TotalBinTally, ("member_id", "low"), ("games",))
RIVALRIES = Tally(
    RivalryTally, ("member_id", "opponent_id"), ("games", "wins", "opponent_wins"), False
)
TALLIES = (BOXES, MONTHS, BINS, RIVALRIES)


def game_changes(ruleset: str, seats: Sequence[SeatFigures], sign: int = 1) -> dict[Tally, Changes]:
    """What one game's seats add to each tally (take away, with `sign` -1)."""
    found: dict[Tally, Changes] = {tally: {} for tally in TALLIES}
    five_dice = ruleset in rules.FIVE_DICE_RULES
    for seat in seats:
        if five_dice:
            for box, scores in seat.boxes.items():
                _add(found[BOXES], (seat.member_id, box), len(scores), sum(scores), scores.count(0))
        if seat.member_id is None:
            continue  # guests have no page: only their boxes count, for the club's averages
        _add(found[MONTHS], (seat.member_id, seat.month), 1, seat.won, seat.baluts, seat.score)
        if five_dice:
            _add(found[BINS], (seat.member_id, seat.score // BIN * BIN), 1)
        for other in seats:
            if other.member_id is not None and other.member_id != seat.member_id:
                _add(found[RIVALRIES], (seat.member_id, other.member_id), 1, seat.won, other.won)
    return {
        tally: {key: [sign * count for count in counts] for key, counts in changes.items()}
        for tally, changes in found.items()
    }


def _add(changes: Changes, key: Key, *counts: int) -> None:
    total = changes.setdefault(key, [0] * len(counts))
    for index, count in enumerate(counts):
        total[index] += count


class OutOfStep(Exception):
    """A game's old figures are not all in the tallies: they were not kept when it was stored
    (a database from before the tallies, rows repaired by hand)."""


def move_tallies(
    ruleset: str, before: Sequence[SeatFigures], after: Sequence[SeatFigures], *, club_id: int
) -> None:
    """A game of `ruleset` in the club `club_id` had the seats `before` and now has `after`
    (its rows already say so). Call it inside a transaction. Each club keeps its own tallies."""
    require_transaction("move_tallies")
    given = game_changes(ruleset, after)
    if not before:
        _add_first_booking(ruleset, club_id, given)
        if after:
            add_counts(KindTally, keys=KIND_KEYS, counts=("games",), rows=[[club_id, ruleset, 1]])
        return
    if not after and not _take_kind_game(ruleset, club_id):
        rebuild_tallies()
        return
    taken = game_changes(ruleset, before, -1)
    pending: dict[Tally, Changes] = {}
    for tally in TALLIES:
        changes = taken[tally]
        for key, counts in given[tally].items():
            _add(changes, key, *counts)
        pending[tally] = {key: c for key, c in changes.items() if any(c)}
    try:
        for _ in range(INSERT_ATTEMPTS):
            new = {
                tally: _write_existing(tally, ruleset, club_id, changes)
                for tally, changes in pending.items()
                if changes
            }
            if not any(new.values()):
                return
            try:
                # One savepoint, so a row another game inserted since we read (the guests' row
                # of a box, when two games finish at once) fails only these inserts: that game
                # has committed by then, and the next pass locks its row and adds to it.
                with transaction.atomic():
                    for tally, rows in new.items():
                        if rows:
                            tally.model._default_manager.bulk_create(rows)
                return
            except IntegrityError:
                pending = {
                    tally: {key: pending[tally][key] for key in _keys(tally, rows)}
                    for tally, rows in new.items()
                }
        raise OutOfStep("tally rows kept appearing while they were being created")
    except OutOfStep:
        # Never a wrong sum and never a refused correction: add everything up again instead.
        rebuild_tallies()


KIND_KEYS = ("club_id", "ruleset")


def _take_kind_game(ruleset: str, club_id: int) -> bool:
    """A game of `ruleset` no longer counts: one off the club's count of that kind, in one
    statement, so two games undone at once both come off. False when there was none to take:
    the count is out of step with the games."""
    taken = KindTally.objects.filter(club_id=club_id, ruleset=ruleset, games__gte=1).update(
        games=F("games") - 1
    )
    return taken == 1


def _add_first_booking(ruleset: str, club_id: int, given: Mapping[Tally, Changes]) -> None:
    """A game booked for the first time (the finishing turn) only adds: one upsert a tally
    (two for the boxes when guests played, whose row has no member), no row read first. Every
    count is a sum of the engine's figures, none below nought; the tallies' check constraints
    hold the rest in the same statement. Rows go in key order, so two games finishing at once
    wait for each other's rows instead of deadlocking."""
    for tally, changes in given.items():
        by_ruleset = [ruleset] if tally.by_ruleset else []
        keys = [
            "club_id",
            tally.keys[0],
            *(["ruleset"] if tally.by_ruleset else []),
            tally.keys[1],
        ]
        rows = [
            [club_id, first, *by_ruleset, second, *counts]
            for (first, second), counts in changes.items()
            if counts[0] > 0
        ]
        members = sorted(row for row in rows if row[1] is not None)
        guests = sorted((row for row in rows if row[1] is None), key=lambda row: row[2:])
        add_counts(tally.model, keys=keys, counts=tally.counts, rows=members)
        add_counts(tally.model, keys=keys, counts=tally.counts, rows=guests, guests=tally.keys[0])


def _keys(tally: Tally, rows: Sequence[Model]) -> list[Key]:
    first, second = tally.keys
    return [(getattr(row, first), getattr(row, second)) for row in rows]


def _write_existing(tally: Tally, ruleset: str, club_id: int, changes: Changes) -> list[Model]:
    """Moves the rows that exist (locked first) by `changes`; the rows still to be created."""
    first, second = tally.keys
    members = {key[0] for key in changes}
    whose = Q(**{f"{first}__in": [m for m in members if m is not None]})
    if None in members:
        # On the column itself: through the relation it becomes an outer join, which
        # PostgreSQL will not lock FOR UPDATE.
        whose |= Q(**{f"{first}__isnull": True})
    # Unordered: the models' default order joins the members' table (for their names), which
    # a lock and a sum need not pay for.
    rows = (
        tally.model._default_manager.select_for_update(of=("self",))
        .filter(whose, club_id=club_id, **{f"{second}__in": {key[1] for key in changes}})
        .order_by()
    )
    if tally.by_ruleset:
        rows = rows.filter(ruleset=ruleset)
    # Plain values, not model instances: a finishing turn locks some fifty rows and changes
    # nothing of them but their counts.
    existing: dict[Key, tuple[int, list[int]]] = {
        (key_first, key_second): (pk, list(counts))
        for pk, key_first, key_second, *counts in rows.values_list(
            "pk", first, second, *tally.counts
        )
    }
    new: list[Model] = []
    changed: list[tuple[int, list[int]]] = []
    emptied: list[int] = []
    for key, counts in changes.items():
        pk, old = existing.get(key, (None, [0] * len(counts)))
        totals = [was + count for was, count in zip(old, counts, strict=True)]
        for name, total in zip(tally.counts, totals, strict=True):
            if total < 0 and name != "total":
                raise OutOfStep(f"{tally.model.__name__} {key}: {name} below nought")
        if totals[0] == 0:
            if pk is not None:
                emptied.append(pk)
        elif pk is not None:
            _check_counts(tally, totals)
            changed.append((pk, totals))
        else:
            row = tally.model(
                club_id=club_id,
                **dict(zip(tally.keys, key, strict=True)),
                **dict(zip(tally.counts, totals, strict=True)),
                **({"ruleset": ruleset} if tally.by_ruleset else {}),
            )
            # The members (taken from result rows), uniqueness and the check constraints are
            # the database's to enforce: in Python they would cost a query per row.
            row.full_clean(
                exclude=["club", "member", "opponent"],
                validate_unique=False,
                validate_constraints=False,
            )
            new.append(row)
    if emptied:
        tally.model._default_manager.filter(club_id=club_id, pk__in=emptied).delete()
    update_rows(tally.model, tally.counts, changed)
    return new


def _check_counts(tally: Tally, counts: Sequence[int]) -> None:
    """A kept row's new counts, checked by their fields as full_clean would: the counts are all
    an existing row changes (its names are the locked row's own)."""
    for name, count in zip(tally.counts, counts, strict=True):
        field = tally.model._meta.get_field(name)
        assert isinstance(field, Field)
        field.clean(count, None)


def rebuild_tallies() -> int:
    """Every tally added up afresh from every kept row; the rows written. Inside a transaction:
    readers go on seeing the old tallies until it commits."""
    require_transaction("rebuild_tallies")
    totals: dict[tuple[Tally, str, int], Changes] = {}
    rows = PlayerResultRow.objects.order_by("game_id", "player_id").only(
        "game_id", "club_id", "ruleset", "member_id", "month", "score", "won", "baluts", "boxes"
    )
    kinds: dict[tuple[int, str], int] = {}
    for _, game_rows in groupby(rows.iterator(chunk_size=UPDATE_BATCH), key=lambda r: r.game_id):
        table = list(game_rows)
        ruleset = table[0].ruleset
        kind = (table[0].club_id, ruleset)
        kinds[kind] = kinds.get(kind, 0) + 1
        for tally, changes in game_changes(ruleset, [SeatFigures.of(r) for r in table]).items():
            kept = totals.setdefault(
                (tally, ruleset if tally.by_ruleset else "", table[0].club_id), {}
            )
            for key, counts in changes.items():
                _add(kept, key, *counts)
    written = 0
    for tally in TALLIES:
        tally.model._default_manager.all().delete()
        fresh = [
            tally.model(
                club_id=club_id,
                **dict(zip(tally.keys, key, strict=True)),
                **dict(zip(tally.counts, counts, strict=True)),
                **({"ruleset": ruleset} if tally.by_ruleset else {}),
            )
            for (kind, ruleset, club_id), changes in totals.items()
            if kind is tally
            for key, counts in changes.items()
            if counts[0]
        ]
        tally.model._default_manager.bulk_create(fresh, batch_size=UPDATE_BATCH)
        written += len(fresh)
    KindTally.objects.all().delete()
    KindTally.objects.bulk_create(
        KindTally(club_id=club_id, ruleset=ruleset, games=games)
        for (club_id, ruleset), games in kinds.items()
    )
    return written + len(kinds)


@transaction.atomic
def recount_kind_tallies(*, club_id: int) -> int:
    """The club's count of finished games of each kind counted afresh from its kept result rows
    (check_books --repair, when the count is out of step); the kinds written."""
    fresh = [
        KindTally(club_id=club_id, ruleset=ruleset, games=games)
        for ruleset, games in games_with_results_by_kind(club_id).items()
    ]
    for row in fresh:
        row.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
    KindTally.objects.filter(club_id=club_id).delete()
    KindTally.objects.bulk_create(fresh)
    return len(fresh)
