"""Taking the secretary's decisions back: a claim decided again, a register line put right.

Each needs a reason and writes its line of the audit log in the same transaction. Nothing is
deleted: a removed entry is marked removed and can be restored; a reopened claim keeps its
entry (removed) so ratifying it again brings the same line back.
"""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from league.models import AuditAction, ClaimStatus, RegisterClaim, RegisterEntry
from league.services import audit
from league.services.register import ENTRY_FIELDS, check_within_register
from scoring.access.roles import is_secretary
from scoring.models import Member

CLAIM_FIELDS = ("status", "decided_by", "decided_at", "note")
REMOVAL_FIELDS = ("removed_at", "removed_by", "removal_reason")


def _check(by: User, club_id: int, reason: str) -> None:
    if not is_secretary(by, club_id):
        raise PermissionDenied(gettext("Only the secretary takes a decision back."))
    if not reason.strip():
        raise ValidationError({"reason": gettext("Say why.")})


@transaction.atomic
def reopen_claim(*, claim: RegisterClaim, by: User, reason: str) -> RegisterClaim:
    """A ratified or rejected claim waits for the secretary's word again; a ratified one's
    entry leaves the register (marked removed) until it is ratified again."""
    _check(by, claim.game.club_id, reason)
    claim = RegisterClaim.objects.select_for_update().select_related("game").get(pk=claim.pk)
    if claim.status == ClaimStatus.PENDING:
        raise ValidationError(gettext("This claim is waiting already: nothing changed."))
    if claim.game.is_void:
        raise ValidationError(gettext("The game is void: its claims are not reopened."))
    before = audit.snapshot(claim, CLAIM_FIELDS)
    entry = (
        RegisterEntry.objects.select_for_update()
        .filter(club_id=claim.game.club_id, claim=claim)
        .first()
    )
    if entry is not None and entry.removed_at is None:
        entry.removed_at, entry.removed_by = timezone.now(), by
        entry.removal_reason = gettext("Its claim was reopened: %(reason)s") % {
            "reason": reason.strip()
        }
        entry.full_clean()
        entry.save(update_fields=list(REMOVAL_FIELDS))
        before["entry"] = entry.pk
    claim.status, claim.decided_by, claim.decided_at = ClaimStatus.PENDING, None, None
    claim.full_clean()
    claim.save(update_fields=["status", "decided_by", "decided_at"])
    audit.record(
        by=by,
        action=AuditAction.CLAIM_REOPENED,
        target=claim,
        before=before,
        after=audit.snapshot(claim, CLAIM_FIELDS),
        reason=reason,
    )
    return claim


def _historic(entry: RegisterEntry) -> RegisterEntry:
    entry = RegisterEntry.objects.select_for_update().get(pk=entry.pk)
    if not entry.historic:
        raise ValidationError(
            gettext("This entry came from a game's claim: reopen the claim to change it.")
        )
    return entry


@transaction.atomic
def edit_historic_entry(
    *,
    entry: RegisterEntry,
    by: User,
    reason: str,
    date: datetime.date,
    player_name: str,
    member: Member | None,
    score: int,
    kind: str,
    ruleset: str,
    note: str,
) -> RegisterEntry:
    """Put a paper record right (a misread figure, the wrong date); its scan stays."""
    _check(by, entry.club_id, reason)
    entry = _historic(entry)
    if entry.removed_at is not None:
        raise ValidationError(gettext("This entry is removed: restore it first."))
    if date > timezone.localdate():
        raise ValidationError({"date": gettext("A historic record cannot be dated in the future.")})
    check_within_register(in_club=entry.club, ruleset=ruleset, kind=kind, score=score)
    before = audit.snapshot(entry, ENTRY_FIELDS)
    entry.date, entry.player_name, entry.member = date, player_name.strip(), member
    entry.score, entry.kind, entry.ruleset, entry.note = score, kind, ruleset, note.strip()
    entry.full_clean()
    after = audit.snapshot(entry, ENTRY_FIELDS)
    if before == after:
        raise ValidationError(gettext("The edit changes nothing."))
    entry.save()
    old, new = audit.changed(before, after)
    audit.record(
        by=by, action=AuditAction.ENTRY_EDITED, target=entry, before=old, after=new, reason=reason
    )
    return entry


@transaction.atomic
def remove_register_entry(*, entry: RegisterEntry, by: User, reason: str) -> RegisterEntry:
    """A historic line leaves the register and the records; it stays, marked removed."""
    _check(by, entry.club_id, reason)
    entry = _historic(entry)
    if entry.removed_at is not None:
        raise ValidationError(gettext("This entry is removed already: nothing changed."))
    entry.removed_at, entry.removed_by, entry.removal_reason = timezone.now(), by, reason.strip()
    entry.full_clean()
    entry.save(update_fields=list(REMOVAL_FIELDS))
    audit.record(
        by=by,
        action=AuditAction.ENTRY_REMOVED,
        target=entry,
        before={"removed": False},
        after={"removed": True},
        reason=reason,
    )
    return entry


@transaction.atomic
def restore_register_entry(*, entry: RegisterEntry, by: User, reason: str) -> RegisterEntry:
    """A historic line removed by mistake comes back."""
    _check(by, entry.club_id, reason)
    entry = _historic(entry)
    if entry.removed_at is None:
        raise ValidationError(gettext("This entry is in the register: nothing changed."))
    before = {"removed": True, "removal_reason": entry.removal_reason}
    entry.removed_at, entry.removed_by, entry.removal_reason = None, None, ""
    entry.full_clean()
    entry.save(update_fields=list(REMOVAL_FIELDS))
    audit.record(
        by=by,
        action=AuditAction.ENTRY_RESTORED,
        target=entry,
        before=before,
        after={"removed": False},
        reason=reason,
    )
    return entry
