"""A long re-rating after the request that caused it (issue 37).

A correction re-rates its players' chain inside the secretary's request (ratings.services.
rerate). At the federation's size the chain of an old game can be thousands of games: seconds
of the request. Past INLINE_GAMES the correction commits with a backlog row instead, and the
chain is re-rated right after the commit (transaction.on_commit), in a transaction of its own
under the kind's lock. Until then the ratings lag behind; `check_books` says so, and
`check_books --repair` rebuilds them if the process ended before it caught up.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from league.models import PlayerResultRow
from ratings.models import RatingBacklog
from scoring.models import Game
from scoring.transactions import require_transaction

INLINE_GAMES = 500
"""A re-rating of more games than this is done after the request's commit."""


def defer(game: Game) -> None:
    """Owe `game`'s re-rating; do it once the caller's transaction commits."""
    require_transaction("defer", within="the transaction that books the game")
    RatingBacklog.objects.create(game=game, ruleset=game.ruleset, queued_at=timezone.now())
    transaction.on_commit(catch_up)


@transaction.atomic
def catch_up() -> int:
    """Re-rate every owed game, oldest first; how many were owed."""
    from ratings.services.rerate import rerate_game

    owed = list(RatingBacklog.objects.select_for_update().select_related("game"))
    for row in owed:
        rows = PlayerResultRow.objects.filter(game=row.game).select_related("player")
        rerate_game(game=row.game, rows=list(rows), inline=True)
        row.delete()
    return len(owed)
