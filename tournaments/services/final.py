"""The cut to a final table: after the last round the top players (a table's worth) sit at one
more table, whose game decides the top places (tournaments.selectors.after_the_final); the
cut can be undone until that game starts."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from tournaments.models import Round, Seat, Table, Tournament
from tournaments.selectors import cut_refusal, final_round, finalists


@transaction.atomic
def cut_to_final(*, tournament: Tournament) -> Round:
    """Seat the final table, the leader in the first seat."""
    refusal = cut_refusal(tournament)
    if refusal:
        raise ValidationError(refusal)
    seated = finalists(tournament)
    final = Round(
        tournament=tournament, number=tournament.rounds + 1, final=True, method="final table"
    )
    final.full_clean()
    final.save()
    table = Table(round=final, number=1)
    table.full_clean()
    table.save()
    Seat.objects.bulk_create(
        Seat(round=final, table=table, seat=seat, entrant=row.entrant)
        for seat, row in enumerate(seated)
    )
    return final


@transaction.atomic
def undo_final(*, tournament: Tournament) -> None:
    final = final_round(tournament)
    if final is None:
        raise ValidationError(gettext("There is no final table to undo."))
    if final.tables.filter(game__isnull=False).exists():
        raise ValidationError(gettext("The final has started: it can no longer be undone."))
    final.delete()
