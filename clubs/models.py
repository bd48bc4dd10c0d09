"""The clubs a server hosts, and who belongs to which with what role.

The bottom layer: every club-owned thing above (a game, a season, the club's settings, a register
line, a drink owed, an audit line) carries a foreign key to its Club, and every query of it says
which club it means (clubs.scoping). A person is a Django user (with the Member of scoring, their
name and PIN, once for the whole server); a Membership says they belong to a club, and whether
they are its secretary. So one PIN signs a person in to each of their clubs, and their results in
every club are theirs.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# Addresses the server itself uses beside /c/<slug>/: a club may not be named like them, so a
# club's own pages can never hide the server's.
RESERVED_SLUGS = frozenset({"admin", "c", "federation", "static", "media", "healthz", "new"})

slug_validator = RegexValidator(
    r"^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$",
    _(
        "Use 1 to 40 small letters, digits and hyphens, starting and ending with a letter or "
        "a digit (e.g. north-copenhagen)."
    ),
)


def validate_not_reserved(value: str) -> None:
    from django.core.exceptions import ValidationError

    if value in RESERVED_SLUGS:
        raise ValidationError(
            _("%(slug)s is a word the server uses itself: choose another."), params={"slug": value}
        )


class Club(models.Model):
    slug = models.CharField(
        _("address"), max_length=40, unique=True, validators=[slug_validator, validate_not_reserved]
    )
    name = models.CharField(_("name"), max_length=100)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "slug"]
        constraints = [
            models.CheckConstraint(condition=~Q(slug=""), name="club_slug_not_empty"),
            models.CheckConstraint(condition=~Q(name=""), name="club_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    MEMBER = "member", _("Member")
    SECRETARY = "secretary", _("Secretary")


class Membership(models.Model):
    """A person belongs to a club. Their results elsewhere follow them; here they are a member."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["club", "user"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_once_per_club"),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="membership_role_known"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


class Federation(models.Model):
    """The server's own settings: one row. Whether visitors may see the federation's pages."""

    SINGLETON_ID = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=SINGLETON_ID, editable=False)
    name = models.CharField(_("name"), max_length=100, blank=True)
    public = models.BooleanField(_("federation pages open to visitors"), default=False)

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(id=1), name="federation_single_row")]

    def __str__(self) -> str:
        return self.name or "Federation"


class FirstRunToken(models.Model):
    """The one-time token that opens the first-run page of a server with no club yet: one row,
    its SHA-256 only (the token itself is printed once, by `manage.py first_run_token`), gone
    the moment the first club is made with it."""

    SINGLETON_ID = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=SINGLETON_ID, editable=False)
    token_hash = models.CharField(max_length=64)
    issued_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(id=1), name="first_run_token_single_row"),
            models.CheckConstraint(condition=~Q(token_hash=""), name="first_run_token_not_empty"),
        ]

    def __str__(self) -> str:
        return "First-run token"
