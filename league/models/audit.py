"""The audit log: one line for every decision the secretary takes or takes back.

Written only by league.services.audit.record, inside the transaction of the service whose change
it describes, so a change and its line are stored together or not at all. Never edited, never
deleted: it is the club's memory of who changed what, when and why.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubScopedManager


class AuditAction(models.TextChoices):
    CLAIM_RATIFIED = "claim_ratified", _("Claim ratified")
    CLAIM_REJECTED = "claim_rejected", _("Claim rejected")
    CLAIM_REOPENED = "claim_reopened", _("Claim reopened")
    DEBT_SETTLED = "debt_settled", _("Round settled")
    DEBT_WRITTEN_OFF = "debt_written_off", _("Round written off")
    DEBT_REOPENED = "debt_reopened", _("Round owed again")
    GAME_VOIDED = "game_voided", _("Game voided")
    GAME_ATTESTED = "game_attested", _("Game attested")
    GAME_IMPORTED = "game_imported", _("Game imported")
    ENTRY_ADDED = "entry_added", _("Historic entry added")
    ENTRY_EDITED = "entry_edited", _("Register entry edited")
    ENTRY_REMOVED = "entry_removed", _("Register entry removed")
    ENTRY_RESTORED = "entry_restored", _("Register entry restored")
    SETTINGS_CHANGED = "settings_changed", _("Settings changed")
    SEASON_ADDED = "season_added", _("Season added")
    SEASON_CHANGED = "season_changed", _("Season changed")
    MEMBER_ADDED = "member_added", _("Member added")
    MEMBER_CHANGED = "member_changed", _("Member changed")
    MEMBER_PIN_RESET = "member_pin_reset", _("PIN reset")


# Taking a decision back, or overruling the sheet, is never done without saying why.
NEEDS_REASON = (
    AuditAction.CLAIM_REOPENED,
    AuditAction.DEBT_REOPENED,
    AuditAction.GAME_VOIDED,
    AuditAction.GAME_ATTESTED,
    AuditAction.ENTRY_EDITED,
    AuditAction.ENTRY_REMOVED,
    AuditAction.ENTRY_RESTORED,
)


class AuditEntry(models.Model):
    # Whose books the change was in; empty for a change of the server's own (a club created).
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    action = models.CharField(max_length=20, choices=AuditAction.choices)
    # What was changed: the kind of thing, its id, and how it read at the time (the object may
    # read differently later; the log keeps what the secretary saw).
    object_type = models.CharField(max_length=20)
    object_id = models.PositiveIntegerField(null=True, blank=True)
    object_repr = models.CharField(max_length=200)
    # The same words in each language the club reads ({"da": ..., "de": ..., "en": ...}), taken
    # when written, so a Danish secretary reads a line an English one wrote in Danish. Lines
    # written before this existed have none and show object_repr.
    object_words = models.JSONField(default=dict, blank=True)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    reason = models.TextField(blank=True)

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [
            models.Index(fields=["-at", "-id"], name="audit_at"),
            models.Index(fields=["club", "-at", "-id"], name="audit_club_at"),
            models.Index(fields=["action", "-at"], name="audit_action_at"),
            # The club's newest line, one step down (the TV board's fingerprint, stats.board).
            models.Index(fields=["club", "id"], name="audit_club_id"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(action__in=AuditAction.values),
                name="audit_action_known",
                violation_error_message=_("Unknown audit action."),
            ),
            models.CheckConstraint(
                condition=~Q(action__in=NEEDS_REASON) | ~Q(reason=""),
                name="audit_undo_has_reason",
                violation_error_message=_("Say why."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.object_repr}"
