"""Each member's box tallies (BoxTally): how often they filled each box, scored and scratched.

A finished game's result row keeps the seat's box scores as the engine gives them (`boxes`).
When a game's rows change, its old box scores come off the tallies and its new ones go on: a
few rows touched, whatever the years behind them. A rebuild adds every kept row up afresh.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import reduce
from operator import or_

from django.db.models import Q

from league.models import BoxTally, PlayerResultRow
from scoring import rules

UPDATE_BATCH = 2000

# (member or None for the guests, box) to (filled, total, scratches).
TallyKey = tuple[int | None, str]
Seat = tuple[int | None, Mapping[str, Sequence[int]]]


def tally_changes(before: Iterable[Seat], after: Iterable[Seat]) -> dict[TallyKey, list[int]]:
    """What the tallies gain from the seats `after` less what they had from those `before`."""
    changes: dict[TallyKey, list[int]] = {}
    for sign, seats in ((-1, before), (1, after)):
        for member_id, boxes in seats:
            for box, scores in boxes.items():
                change = changes.setdefault((member_id, box), [0, 0, 0])
                change[0] += sign * len(scores)
                change[1] += sign * sum(scores)
                change[2] += sign * scores.count(0)
    return {key: change for key, change in changes.items() if any(change)}


def apply_tally_changes(ruleset: str, changes: Mapping[TallyKey, list[int]]) -> None:
    """Add `changes` to the tallies of `ruleset`: four queries at most."""
    if not changes:
        return
    members = {member for member, _ in changes}
    whose = [Q(member_id__in=[m for m in members if m is not None])]
    if None in members:
        whose.append(Q(member__isnull=True))
    existing = {
        (tally.member_id, tally.box): tally
        for tally in BoxTally.objects.select_for_update().filter(
            reduce(or_, whose), ruleset=ruleset, box__in={box for _, box in changes}
        )
    }
    new, changed, emptied = [], [], []
    for (member_id, box), (filled, total, scratches) in changes.items():
        tally = existing.get((member_id, box))
        if tally is None:
            tally = BoxTally(
                member_id=member_id, ruleset=ruleset, box=box, filled=0, total=0, scratches=0
            )
            new.append(tally)
        else:
            changed.append(tally)
        tally.filled += filled
        tally.total += total
        tally.scratches += scratches
        if tally.filled == 0:
            emptied.append(tally)
    _save(new, changed, emptied)


def _save(new: list[BoxTally], changed: list[BoxTally], emptied: list[BoxTally]) -> None:
    gone = {id(tally) for tally in emptied}
    new = [tally for tally in new if id(tally) not in gone]
    changed = [tally for tally in changed if id(tally) not in gone]
    # Fields checked row by row; uniqueness and the check constraints are the database's (one
    # query for all, not one per row).
    for tally in [*new, *changed]:
        tally.full_clean(validate_unique=False, validate_constraints=False)
    BoxTally.objects.filter(pk__in=[t.pk for t in emptied if t.pk is not None]).delete()
    BoxTally.objects.bulk_update(changed, ["filled", "total", "scratches"])
    BoxTally.objects.bulk_create(new)


def rebuild_tallies() -> int:
    """Every tally added up afresh from every kept row's box scores; the tallies written."""
    sums: dict[tuple[str, int | None, str], Counter[str]] = {}
    rows = (
        PlayerResultRow.objects.filter(ruleset__in=list(rules.FIVE_DICE_RULES))
        .order_by()
        .values_list("ruleset", "member_id", "boxes")
    )
    for ruleset, member_id, boxes in rows.iterator(chunk_size=UPDATE_BATCH):
        for box, scores in boxes.items():
            tally = sums.setdefault((ruleset, member_id, box), Counter())
            tally["filled"] += len(scores)
            tally["total"] += sum(scores)
            tally["scratches"] += scores.count(0)
    fresh = [
        BoxTally(
            member_id=member_id,
            ruleset=ruleset,
            box=box,
            filled=tally["filled"],
            total=tally["total"],
            scratches=tally["scratches"],
        )
        for (ruleset, member_id, box), tally in sums.items()
        if tally["filled"]
    ]
    BoxTally.objects.all().delete()
    BoxTally.objects.bulk_create(fresh, batch_size=UPDATE_BATCH)
    return len(fresh)
