"""A club's settings: its house rules, register bounds, defaults and what visitors may see.

One row per club, edited by its secretary (league.services.settings). A game keeps the house
rules in force when it started (scoring.models.Game), so changing these never changes a game
already played.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubScopedManager
from league.standings import default_tiebreakers, validate_tiebreakers
from scoring.models import RULESET_KEYS, PublicArea


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
    """A club's house rules and defaults: one row per club, edited by its secretary.

    A bound left empty means that game has no register; both bounds of a game go together.
    """

    club = models.OneToOneField("clubs.Club", on_delete=models.CASCADE, related_name="settings")
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

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        verbose_name = "club settings"
        verbose_name_plural = "club settings"
        constraints = [
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
