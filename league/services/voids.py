"""What voiding a game means for the register, and its line in the audit log.

scoring.services.games.void_game marks the game void and tells the books (scoring.club), which
book it as having no result (league.services.books) and call this, in the same transaction, to
take it out of the register: its pending claims are withdrawn and the entries of its ratified
ones removed, never deleted.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from league.models import AuditAction, ClaimStatus, RegisterClaim, RegisterEntry
from league.services import audit
from scoring.models import Game


@transaction.atomic
def withdraw_void_game(*, game: Game, by: User) -> None:
    """Called in the void's transaction, after the game is marked void and booked."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if not game.is_void:
        raise ValidationError(gettext("The game is not void."))
    now = timezone.now()
    why = gettext("The game is void: %(reason)s") % {"reason": game.void_reason}
    withdrawn = []
    for claim in RegisterClaim.objects.select_for_update().filter(
        game=game, status=ClaimStatus.PENDING
    ):
        claim.status, claim.decided_by, claim.decided_at, claim.note = (
            ClaimStatus.REJECTED,
            by,
            now,
            why,
        )
        claim.full_clean()
        claim.save(update_fields=["status", "decided_by", "decided_at", "note"])
        withdrawn.append(claim.pk)
    removed = []
    for entry in RegisterEntry.objects.select_for_update().filter(
        club_id=game.club_id, game=game, removed_at__isnull=True
    ):
        entry.removed_at, entry.removed_by, entry.removal_reason = now, by, why
        entry.full_clean()
        entry.save(update_fields=["removed_at", "removed_by", "removal_reason"])
        removed.append(entry.pk)
    audit.record(
        by=by,
        action=AuditAction.GAME_VOIDED,
        target=game,
        before={"void": False},
        after={"void": True, "claims_withdrawn": withdrawn, "entries_removed": removed},
        reason=game.void_reason,
    )
