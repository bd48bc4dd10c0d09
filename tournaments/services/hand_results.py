"""A voided table's result entered by hand: the table cannot (or need not) play again, and the
secretary copies its result from the paper it kept. The standings count it as the table's game
(tournaments.standings); a table with a hand result is not replayed."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.access.roles import is_secretary
from tournaments import selectors
from tournaments.models import HandResult, Table


@transaction.atomic
def enter_hand_result(
    *,
    table: Table,
    by: User,
    scores: Mapping[int, int],
    points: Mapping[int, int | None],
    reason: str,
) -> list[HandResult]:
    """Each player's score (and game points, where given) by entrant id; their places follow
    from the scores, level scores sharing the better place. Only for a voided table that has
    not been replayed, once."""
    # The table's own row: its game is nullable (an outer join PostgreSQL will not lock).
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "game")
        .get(pk=table.pk)
    )
    if not is_secretary(by, table.round.tournament.club_id):
        raise PermissionDenied(gettext("Only the secretary enters a table's result by hand."))
    if table.game is None or not table.game.is_void:
        raise ValidationError(
            gettext(
                "Only a voided table's result is entered by hand: a table in play is scored "
                "on the tablet."
            )
        )
    if table.hand_results.exists():
        raise ValidationError(gettext("This table's result has been entered already."))
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": gettext("Say where the result comes from.")})
    players = selectors.playing_at(table)
    missing = [player.name for player in players if player.pk not in scores]
    if missing:
        raise ValidationError(
            gettext("Enter a score for every player of the table: %(names)s.")
            % {"names": ", ".join(missing)}
        )
    ordered = sorted(scores[p.pk] for p in players)[::-1]
    rows = []
    for player in players:
        row = HandResult(
            table=table,
            entrant=player,
            score=scores[player.pk],
            points=points.get(player.pk),
            rank=ordered.index(scores[player.pk]) + 1,
            reason=reason,
            entered_by=by,
        )
        row.full_clean()
        rows.append(row)
    return HandResult.objects.bulk_create(rows)
