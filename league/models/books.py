"""The league's books: the record register, the drinks ledger and the club's settings.

Nothing here decides a rule: register candidates and drinks owed come from the rules engine's
result (scoring.rules.GameResult); these models only keep them, with the secretary's decisions.
Every invariant a service checks is mirrored by a database constraint.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.scans import scan_upload_to, validate_scan
from league.standings import default_tiebreakers, validate_tiebreakers
from scoring.models import (
    RULESET_CHOICES,
    RULESET_KEYS,
    Correction,
    Game,
    GamePlayer,
    Member,
    PublicArea,
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
    # Set when a correction of the game changed this claim's score (or took away its place as a
    # candidate): the claim is back with the secretary, who sees the correction and the score
    # it had before.
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

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name_plural = "register entries"
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
    # Set when a correction means a settled or written-off debt no longer holds: it is never
    # deleted or reopened silently; the ledger shows it to the secretary.
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


def _bounds_paired(ruleset: str) -> models.CheckConstraint:
    """Both bounds of a game or neither, and the low one not above the high one."""
    high, low = f"{ruleset}_register_high", f"{ruleset}_register_low"
    return models.CheckConstraint(
        condition=Q(**{f"{high}__isnull": True, f"{low}__isnull": True})
        | Q(**{f"{high}__isnull": False, f"{low}__isnull": False, f"{low}__lte": F(high)}),
        name=f"club_settings_{ruleset}_bounds_paired",
    )


def default_public_areas() -> list[str]:
    return [PublicArea.BOARD, PublicArea.STANDINGS, PublicArea.RECORDS, PublicArea.GAMES]


def validate_public_areas(value: object) -> None:
    if not isinstance(value, list) or not set(value) <= set(PublicArea.values):
        raise ValidationError(_("Choose the public parts from the list."))


class ClubSettings(models.Model):
    """The club's house rules and defaults: one row (id 1), edited by the secretary.

    A bound left empty means that game has no register; both bounds of a game go together.
    """

    SINGLETON_ID = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=SINGLETON_ID, editable=False)
    club_name = models.CharField(max_length=100, blank=True)
    drinks_in_balut = models.BooleanField("drinks in Standard Balut", default=True)
    drinks_in_jackpot = models.BooleanField("drinks in Jackpot Balut", default=True)
    balut_register_high = models.PositiveIntegerField(null=True, blank=True)
    balut_register_low = models.PositiveIntegerField(null=True, blank=True)
    jackpot_register_high = models.PositiveIntegerField(null=True, blank=True)
    jackpot_register_low = models.PositiveIntegerField(null=True, blank=True)
    bar_register_high = models.PositiveIntegerField(null=True, blank=True, default=159)
    bar_register_low = models.PositiveIntegerField(null=True, blank=True, default=41)
    barbut4_register_high = models.PositiveIntegerField(null=True, blank=True)
    barbut4_register_low = models.PositiveIntegerField(null=True, blank=True)
    # Ruleset key to a game record's `options` object; the start-a-game form's defaults.
    default_options = models.JSONField(default=dict, blank=True)
    # Ruleset key to the ordered standings tie-breakers (league.standings.TIEBREAKERS keys).
    standings_tiebreakers = models.JSONField(
        default=default_tiebreakers, blank=True, validators=[validate_tiebreakers]
    )
    # What visitors who are not signed in may see (PublicArea values); the rest is for members.
    public_areas = models.JSONField(
        _("open to visitors"),
        default=default_public_areas,
        blank=True,
        validators=[validate_public_areas],
    )
    # A member signed in by PIN on the shared tablet is signed out after this long unused.
    pin_session_hours = models.PositiveSmallIntegerField(
        _("PIN sign-in lasts (hours unused)"),
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(24)],
    )
    # When the browser asks for none of the club's languages; printed sheets use it too.
    default_language = models.CharField(
        _("default language"), max_length=8, choices=settings.LANGUAGES, default="en"
    )
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "club settings"
        verbose_name_plural = "club settings"
        constraints = [
            models.CheckConstraint(condition=Q(id=1), name="club_settings_single_row"),
            *(_bounds_paired(key) for key in RULESET_KEYS),
            models.CheckConstraint(
                condition=Q(pin_session_hours__gte=1, pin_session_hours__lte=24),
                name="club_settings_pin_session_hours_range",
            ),
        ]

    def __str__(self) -> str:
        return "Club settings"

    def register_bound_pair(self, ruleset: str) -> tuple[int | None, int | None]:
        return (
            getattr(self, f"{ruleset}_register_high"),
            getattr(self, f"{ruleset}_register_low"),
        )
