"""The league's books for a synthetic history: seasons, drinks owed, and register claims.

Debts are the drinks of the engine's result with the club's house rules, made into rows by
the ledger's own `debt_row`, in bulk like the rest of a synthetic game; as at a real club, the
rounds of all but the last few weeks have been bought (a few written off). Register claims go
through the register's services, as the last signature opens them: only the few games with a
seat outside the club's bounds are handed over, and the secretary has ratified all but the
last few weeks' claims.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import reduce
from operator import or_

from django.contrib.auth.models import User
from django.db.models import Q

from clubs.models import Club, Role
from clubs.services import join_club
from league.models import ClaimStatus, DebtStatus, DrinkDebt, PlayerResultRow, Season
from league.services.ledger import debt_row
from league.services.register import open_claims, ratify_claim
from league.services.seasons import create_season
from scoring import rules
from scoring.models import Game, GamePlayer

SECRETARY = "synthetic-secretary"
# Rounds and claims younger than this are still open: the ledger and the register have work.
STILL_OPEN = timedelta(days=28)
WRITE_OFF_CHANCE = 0.02
WRITE_OFF_REASON = "Left the club without buying it."
RATIFIED_NOTE = "Checked against the signed sheet."


@dataclass(frozen=True)
class Books:
    """What a synthetic history's books need: the club's rules, its secretary, and "now"."""

    house_rules: rules.HouseRules
    secretary: User
    until: datetime
    rng: random.Random
    club: Club


def synthetic_secretary(club: Club) -> User:
    """The secretary who settles and ratifies in a synthetic history; no one can sign in as."""
    user, made = User.objects.get_or_create(username=SECRETARY)
    if made:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    join_club(club=club, user=user, role=Role.SECRETARY)
    return user


def debts(
    books: Books, game: Game, players: Sequence[GamePlayer], result: rules.GameResult
) -> list[DrinkDebt]:
    """The game's debts as the ledger books them, the older ones already bought or forgiven."""
    assert game.finished_at is not None
    rows = [
        debt_row(game, players[drink.seat], drink, sequence)
        for sequence, drink in enumerate(result.drinks)
    ]
    for row in rows:
        row.created_at = game.finished_at
    if game.finished_at > books.until - STILL_OPEN:
        return rows
    for row in rows:
        row.settled_at = game.finished_at + timedelta(days=books.rng.randint(1, 21))
        if books.rng.random() < WRITE_OFF_CHANCE:
            row.status, row.write_off_reason = DebtStatus.WRITTEN_OFF, WRITE_OFF_REASON
            row.settled_by = books.secretary
        else:
            row.status = DebtStatus.SETTLED
            debtor = players[row.debtor.seat].member
            row.settled_by_id = debtor.user_id if debtor is not None else books.secretary.pk
    return rows


def register_claims(books: Books, *, after_game: int) -> int:
    """Claims opened by the register's service for the games after the one numbered
    `after_game` (those just synthesized); those older than a few weeks ratified by the
    secretary. The number of claims opened."""
    bounds = books.house_rules.register_bounds
    if not bounds:
        return 0
    outside = reduce(
        or_,
        (
            Q(ruleset=ruleset) & (Q(score__gt=bound.high) | Q(score__lt=bound.low))
            for ruleset, bound in bounds.items()
        ),
    )
    candidates = PlayerResultRow.objects.filter(outside, game_id__gt=after_game).values("game_id")
    opened = 0
    for game in Game.objects.filter(pk__in=candidates).order_by("finished_at", "pk"):
        assert game.finished_at is not None
        for claim in open_claims(game=game):
            opened += 1
            if claim.status == ClaimStatus.PENDING and game.finished_at < books.until - STILL_OPEN:
                ratify_claim(claim=claim, by=books.secretary, note=RATIFIED_NOTE)
    return opened


def seasons(club: Club, by: User, first: date, last: date) -> int:
    """A season for each calendar year from `first` to `last` the club has not named yet."""
    taken = set(Season.objects.filter(club=club).values_list("name", flat=True))
    made = 0
    for year in range(first.year, last.year + 1):
        if str(year) not in taken:
            create_season(
                in_club=club,
                by=by,
                name=str(year),
                starts_on=date(year, 1, 1),
                ends_on=date(year, 12, 31),
            )
            made += 1
    return made
