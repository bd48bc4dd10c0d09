"""The league's books: the record register and the drinks ledger (the club's settings:
league.models.club_settings).

Nothing here decides a rule: register candidates and drinks owed come from the rules engine's
result (scoring.rules.GameResult); these models only keep them, with the secretary's decisions.
Every invariant a service checks is mirrored by a database constraint.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubScopedManager
from league.scans import scan_upload_to, validate_scan
from scoring.models import (
    RULESET_CHOICES,
    RULESET_KEYS,
    Correction,
    Game,
    GamePlayer,
    Member,
)


class RecordKind(models.TextChoices):
    HIGH = "high", _("High")
    LOW = "low", _("Low")


class ClaimStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    RATIFIED = "ratified", _("Ratified")
    REJECTED = "rejected", _("Rejected")


class RegisterClaim(models.Model):
    """A register candidate of a fully signed game, waiting for (or given) the secretary's word."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="register_claims")
    player = models.ForeignKey(GamePlayer, on_delete=models.PROTECT, related_name="register_claims")
    score = models.IntegerField()
    kind = models.CharField(max_length=4, choices=RecordKind.choices)
    status = models.CharField(
        max_length=8, choices=ClaimStatus.choices, default=ClaimStatus.PENDING
    )
    note = models.TextField(blank=True)
    # Null with a decision only when a correction withdrew a pending claim (no one decided).
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    # Set when a correction of the game changed this claim's score (or its candidacy): the claim
    # is back with the secretary, who sees the correction and the score it had before.
    reopened_by = models.ForeignKey(
        Correction, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    score_before = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "player", "kind"], name="claim_once_per_player_and_kind"
            ),
            models.CheckConstraint(
                condition=Q(reopened_by__isnull=True, score_before__isnull=True)
                | Q(reopened_by__isnull=False, score_before__isnull=False),
                name="claim_reopened_with_its_score_before",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=RecordKind.values), name="claim_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(status__in=ClaimStatus.values), name="claim_status_known"
            ),
            models.CheckConstraint(
                condition=(
                    Q(status=ClaimStatus.PENDING, decided_at__isnull=True, decided_by__isnull=True)
                    | (~Q(status=ClaimStatus.PENDING) & Q(decided_at__isnull=False))
                ),
                name="claim_decided_exactly_when_not_pending",
            ),
            models.CheckConstraint(
                condition=~Q(status=ClaimStatus.REJECTED) | ~Q(note=""),
                name="claim_rejection_has_note",
            ),
        ]

    def __str__(self) -> str:
        # Read on the secretary's pages and kept in the audit log: in the reader's words.
        return gettext("%(player)s %(score)s (%(kind)s) in %(game)s") % {
            "player": self.player,
            "score": self.score,
            "kind": self.get_kind_display().lower(),
            "game": self.game,
        }


class RegisterEntry(models.Model):
    """A line of the register: a ratified claim of a game here, or a historic paper record."""

    # A historic line has no game: the club it is a record of is said here.
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    date = models.DateField()
    player_name = models.CharField(max_length=100)
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="register_entries"
    )
    score = models.IntegerField(validators=[MinValueValidator(0)])
    kind = models.CharField(max_length=4, choices=RecordKind.choices)
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.PROTECT, related_name="register_entries"
    )
    claim = models.OneToOneField(
        RegisterClaim, null=True, blank=True, on_delete=models.PROTECT, related_name="entry"
    )
    historic = models.BooleanField(default=False)
    scan = models.FileField(
        upload_to=scan_upload_to, null=True, blank=True, validators=[validate_scan]
    )
    note = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Removed, never deleted: the line leaves the register and the records, and stays readable
    # (and restorable) with the reason, for whoever asks later what happened to it.
    removed_at = models.DateTimeField(null=True, blank=True)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    removal_reason = models.TextField(blank=True)
    # Set when a correction of its game changed the score it records: the entry leaves the
    # register (its claim is back with the secretary) but is kept, as ratified, for the history.
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name_plural = "register entries"
        # The standing lines, best first per club and game: the federation's register reads only
        # the head of each (league.club_record.clubs_register_marks), whatever the registers' size.
        indexes = [
            models.Index(
                fields=["club", "ruleset", "-score", "date", "id"],
                name="entry_standing_high",
                condition=Q(kind="high", removed_at__isnull=True, withdrawn_at__isnull=True),
            ),
            models.Index(
                fields=["club", "ruleset", "score", "date", "id"],
                name="entry_standing_low",
                condition=Q(kind="low", removed_at__isnull=True, withdrawn_at__isnull=True),
            ),
            # The register page's first page, newest first: read from its head, not sorted whole.
            models.Index(
                fields=["club", "-date", "id"],
                name="entry_standing_newest",
                condition=Q(removed_at__isnull=True, withdrawn_at__isnull=True),
            ),
            # The club's newest entry, one step down (the TV board's fingerprint, stats.board):
            # the id index alone walked every other club's newer entries on a federation.
            models.Index(fields=["club", "id"], name="entry_club_id"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=RecordKind.values), name="entry_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="entry_ruleset_known"
            ),
            models.CheckConstraint(condition=Q(score__gte=0), name="entry_score_not_negative"),
            # A historic entry stands on its paper sheet alone; any other came from a claim.
            models.CheckConstraint(
                condition=Q(historic=True, game__isnull=True, claim__isnull=True)
                | Q(historic=False, game__isnull=False, claim__isnull=False),
                name="entry_historic_exactly_when_no_game",
            ),
            models.CheckConstraint(
                condition=Q(removed_at__isnull=True, removal_reason="")
                | (Q(removed_at__isnull=False) & ~Q(removal_reason="")),
                name="entry_removed_with_reason",
                violation_error_message=_("Say why the entry is removed."),
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(player)s %(score)s (%(kind)s, %(date)s)") % {
            "player": self.player_name,
            "score": self.score,
            "kind": self.get_kind_display().lower(),
            "date": date_format(self.date, "DATE_FORMAT"),
        }


class DrinkReason(models.TextChoices):
    LAST_PLACE = "last_place", _("Came last")
    BALUT_FROM_CUP = "balut_from_cup", _("Balut out of the cup")
    THREE_COCKS = "three_cocks", _("Three cocks in a row")


class DebtStatus(models.TextChoices):
    OWED = "owed", _("Owed")
    SETTLED = "settled", _("Settled")
    WRITTEN_OFF = "written_off", _("Written off")
    VOIDED = "voided", _("Voided")


class DrinkDebt(models.Model):
    """One round owed, as the engine's result for a finished game lists it. Never deleted.

    `sequence` is the debt's position in the engine's drinks list when the game was first
    booked; debts booked after a correction follow on after the highest number the game used,
    so a settled debt never has to give up its number.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="drink_debts")
    debtor = models.ForeignKey(GamePlayer, on_delete=models.PROTECT, related_name="drink_debts")
    # The member behind the seat, kept here so balances are one join away; null for a guest.
    debtor_member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="drink_debts"
    )
    reason = models.CharField(max_length=16, choices=DrinkReason.choices)
    owed_to = models.TextField()
    turn = models.PositiveIntegerField(null=True, blank=True)
    sequence = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, choices=DebtStatus.choices, default=DebtStatus.OWED)
    # Who closed the debt and when: settling it, or (the secretary) writing it off.
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    settled_at = models.DateTimeField(null=True, blank=True)
    write_off_reason = models.TextField(blank=True)
    voided_at = models.DateTimeField(null=True, blank=True)
    # A correction voided a settled or written-off debt: kept, shown to the secretary in the ledger.
    no_longer_holds_since = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "game", "sequence"]
        # The TV board's fingerprint: the latest debt booked, settled or voided, read by index.
        indexes = [
            models.Index(fields=["created_at"], name="debt_created"),
            models.Index(fields=["settled_at"], name="debt_settled"),
            models.Index(fields=["voided_at"], name="debt_voided"),
            models.Index(fields=["status", "debtor"], name="debt_status_debtor"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "sequence"],
                condition=~Q(status=DebtStatus.VOIDED),
                name="debt_sequence_unique_among_standing",
            ),
            models.CheckConstraint(
                condition=Q(reason__in=DrinkReason.values), name="debt_reason_known"
            ),
            models.CheckConstraint(
                condition=Q(status__in=DebtStatus.values), name="debt_status_known"
            ),
            models.CheckConstraint(condition=~Q(owed_to=""), name="debt_owed_to_someone"),
            models.CheckConstraint(
                condition=Q(status=DebtStatus.OWED, settled_at__isnull=True)
                | Q(status=DebtStatus.VOIDED, settled_at__isnull=True)
                | Q(
                    status__in=[DebtStatus.SETTLED, DebtStatus.WRITTEN_OFF],
                    settled_at__isnull=False,
                    settled_by__isnull=False,
                ),
                name="debt_closed_exactly_when_settled_or_written_off",
            ),
            models.CheckConstraint(
                condition=(Q(status=DebtStatus.WRITTEN_OFF) & ~Q(write_off_reason=""))
                | (~Q(status=DebtStatus.WRITTEN_OFF) & Q(write_off_reason="")),
                name="debt_write_off_has_reason",
            ),
            models.CheckConstraint(
                condition=Q(status=DebtStatus.VOIDED, voided_at__isnull=False)
                | (~Q(status=DebtStatus.VOIDED) & Q(voided_at__isnull=True)),
                name="debt_voided_exactly_when_void_time_set",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(debtor)s owes a round (%(reason)s) from %(game)s") % {
            "debtor": self.debtor,
            "reason": self.get_reason_display(),
            "game": self.game,
        }


# Migration 0013 names these two here, where they were written first.
from league.models.club_settings import default_public_areas, validate_public_areas  # noqa: E402, F401
