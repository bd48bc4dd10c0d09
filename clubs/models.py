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


class NoticeKind(models.TextChoices):
    """The kinds of e-mail notice (scoring.notices): a member may stop each one."""

    RESULT = "result", _("A match result is signed")
    FIXTURE_MOVED = "fixture_moved", _("A fixture is moved")
    DISPUTE = "dispute", _("A match card is disputed, or its dispute resolved")
    CLAIM_RATIFIED = "claim_ratified", _("Your register claim is ratified")
    DRAW_PUBLISHED = "draw_published", _("A tournament's draw is published")


class NoticeOptOut(models.Model):
    """A person who asked for no more notices of one kind, from any club of the server."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_opt_outs"
    )
    kind = models.CharField(max_length=20, choices=NoticeKind.choices)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="one_opt_out_per_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: no {self.kind}"


class NoticeStatus(models.TextChoices):
    WAITING = "waiting", _("Waiting")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Failed")


class NoticeSend(models.Model):
    """One notice to one address, written with the change it tells of and sent after its
    commit; a failed send keeps its mail server's reply and is tried again (send_notices)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="notice_sends")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="notice_sends",
    )
    kind = models.CharField(max_length=20, choices=NoticeKind.choices)
    to = models.EmailField()
    language = models.CharField(max_length=8)
    subject = models.CharField(max_length=255)
    text = models.TextField()
    html = models.TextField()
    status = models.CharField(
        max_length=10, choices=NoticeStatus.choices, default=NoticeStatus.WAITING
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status", "attempts"], name="notice_send_to_retry")]

    def __str__(self) -> str:
        return f"{self.to}: {self.subject} ({self.status})"
