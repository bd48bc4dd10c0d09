"""Making clubs and their memberships: the only code that writes them."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, FirstRunToken, Membership, Role
from clubs.selectors import forget_clubs


@transaction.atomic
def create_club(*, slug: str, name: str) -> Club:
    """A new club of the server (a federation administrator's command, or the demo data)."""
    club = Club(slug=slug.strip().lower(), name=name.strip())
    club.full_clean()
    club.save()
    # This process sees it at once; the others within CLUB_DIRECTORY_SECONDS.
    transaction.on_commit(forget_clubs)
    forget_clubs()
    return club


@transaction.atomic
def join_club(*, club: Club, user: User, role: Role = Role.MEMBER) -> Membership:
    """`user` belongs to `club` (kept as they were if they already do, with `role` if higher)."""
    membership, created = Membership.objects.select_for_update().get_or_create(
        club=club, user=user, defaults={"role": role}
    )
    if not created and role == Role.SECRETARY and membership.role != Role.SECRETARY:
        membership.role = Role.SECRETARY
        membership.full_clean()
        membership.save(update_fields=["role"])
    user.__dict__.pop("_club_roles", None)
    return membership


@transaction.atomic
def rename_club(*, club: Club, name: str) -> Club:
    """The club's name as its settings give it (league.services.settings keeps them together)."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if club.name != name:
        club.name = name
        club.full_clean()
        club.save(update_fields=["name"])
        transaction.on_commit(forget_clubs)
    return club


@transaction.atomic
def open_club(
    *, slug: str, name: str, secretary: str, password: str | None, email: str = ""
) -> tuple[Club, User]:
    """A new club with its first secretary: an existing user by that name (who then belongs
    to this club too), or a new one with `password` and `email`. The federation administrator's
    command and page, and the first run, all open clubs this way; a refusal (slug taken or
    reserved, a bad user name, e-mail address or password) raises ValidationError and leaves
    nothing made. The secretary is no staff: they run the club on its own pages (signed in
    with their password at its sign-in page), and Django's admin stays the server's."""
    username = secretary.strip()
    if not username:
        raise ValidationError(_("Give the secretary's user name."))
    email = email.strip()
    if email:
        try:
            validate_email(email)
        except ValidationError as refused:
            raise ValidationError({"email": refused.messages}) from refused
    club = create_club(slug=slug, name=name)
    user = User.objects.filter(username=username).first()
    if user is None:
        if not password:
            raise ValidationError(_("A new secretary needs a password."))
        user = User(username=username, email=email, is_staff=False)
        validate_password(password, user)
        user.set_password(password)
        user.full_clean()
        user.save()
    join_club(club=club, user=user, role=Role.SECRETARY)
    return club, user


# How long a printed first-run token opens the page: long enough to set the server up.
FIRST_RUN_TOKEN_LIFETIME = timedelta(hours=24)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@transaction.atomic
def issue_first_run_token() -> str:
    """A new one-time token for the first-run page (replacing any earlier one), stored hashed;
    the caller prints it. Refused once the server has a club: the page is for the first."""
    if Club.objects.exists():
        raise ValidationError(_("This server has a club already: the first run is over."))
    token = secrets.token_urlsafe(18)
    FirstRunToken.objects.update_or_create(
        pk=FirstRunToken.SINGLETON_ID,
        defaults={"token_hash": _token_hash(token), "issued_at": timezone.now()},
    )
    return token


@transaction.atomic
def open_first_club(
    *, token: str, slug: str, name: str, secretary: str, email: str, password: str
) -> tuple[Club, User]:
    """The server's first club and its secretary, from the first-run page: only with the token
    `manage.py first_run_token` printed, within its lifetime, once, and while there is no club.
    The token's row is locked, so two pages sent at once make one club."""
    row = FirstRunToken.objects.select_for_update().filter(pk=FirstRunToken.SINGLETON_ID).first()
    fresh = row is not None and timezone.now() - row.issued_at <= FIRST_RUN_TOKEN_LIFETIME
    if row is None or not fresh or not hmac.compare_digest(row.token_hash, _token_hash(token)):
        raise ValidationError(
            {"token": _("That token is not right, or it was used or has expired.")}
        )
    if Club.objects.exists():
        raise ValidationError(_("This server has a club already: the first run is over."))
    if not email.strip():
        raise ValidationError({"email": _("Give the secretary's e-mail address.")})
    if User.objects.filter(username=secretary.strip()).exists():
        # The first run makes its secretary; it never hands a club to an existing account.
        raise ValidationError({"username": _("That user name is taken: choose another.")})
    club, user = open_club(
        slug=slug, name=name, secretary=secretary, password=password, email=email
    )
    row.delete()
    return club, user
