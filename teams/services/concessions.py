"""Conceded games: during a match one side gives up a table's game (a player ill), in words; the
card counts it as lost for that side (teams.match_rules.conceded_results). Refused once the card
is signed, and for a game already over (its result stands)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from teams.match_rules import Side
from teams.models import ConcededGame, Match, MatchGame
from teams.services.lineups import may_choose_lineup


def conceded_sentence(conceded: ConcededGame) -> str:
    """ "Table 2: conceded by North A: player ill." in the reader's language."""
    fixture = conceded.match.fixture
    team = fixture.home if conceded.side == Side.HOME else fixture.away
    return gettext("Table %(table)d: conceded by %(team)s: %(reason)s") % {
        "table": conceded.table,
        "team": team.name,
        "reason": conceded.reason,
    }


@transaction.atomic
def concede_game(*, by: User, match: Match, table: int, side: Side, reason: str) -> ConcededGame:
    """The side's captain (or its club's secretary) concedes the table's game."""
    match = (
        Match.objects.select_for_update()
        .select_related("fixture__home__captain", "fixture__away__captain")
        .get(pk=match.pk)
    )
    side = Side(side)
    team = match.fixture.home if side == Side.HOME else match.fixture.away
    if not may_choose_lineup(by, team):
        raise PermissionDenied(
            gettext("Only the captain of %(team)s or its secretary concedes its game.")
            % {"team": team.name}
        )
    if match.is_signed:
        raise ValidationError(gettext("Both captains have signed: the card is closed."))
    table_game = MatchGame.objects.filter(match=match, table=table).select_related("game").first()
    if table_game is None:
        raise ValidationError(gettext("This match has no such table."))
    if ConcededGame.objects.filter(match=match, table=table).exists():
        raise ValidationError(gettext("This table's game has been conceded already."))
    if table_game.game.is_finished and not table_game.game.is_void:
        raise ValidationError(gettext("This table's game is over: its result stands."))
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": gettext("Say why the game is conceded.")})
    conceded = ConcededGame(
        match=match,
        table=table,
        side=side.value,
        reason=reason,
        conceded_by=by,
        conceded_at=timezone.now(),
    )
    conceded.full_clean()
    conceded.save()
    return conceded
