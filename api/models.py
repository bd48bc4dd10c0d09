"""The read API's tokens: a club's secretary issues one for the club's website or a federation's,
and revokes it. Only a digest of the token is kept, so a copy of the database reads nothing."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="api_tokens")
    # Who the token is for, in the secretary's words ("Our website", "The federation").
    name = models.CharField(_("name"), max_length=60)
    # The first characters of the token as issued: how the secretary tells two tokens apart.
    prefix = models.CharField(max_length=12)
    # SHA-256 of the whole token (hex): a token has 256 random bits, so no slow hash is needed.
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="api_token_name_not_empty"),
            models.CheckConstraint(
                condition=Q(revoked_at__isnull=True) | Q(revoked_by__isnull=False),
                name="api_token_revoked_by_someone",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
