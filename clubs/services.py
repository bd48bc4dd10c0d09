"""Making clubs and their memberships: the only code that writes them."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Role
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
def open_club(*, slug: str, name: str, secretary: str, password: str | None) -> tuple[Club, User]:
    """A new club with its first secretary: an existing user by that name (who then belongs
    to this club too), or a new one with `password`. The federation administrator's command
    and page both open clubs this way; a refusal (slug taken or reserved, a bad user name or
    password) raises ValidationError and leaves nothing made."""
    username = secretary.strip()
    if not username:
        raise ValidationError(_("Give the secretary's user name."))
    club = create_club(slug=slug, name=name)
    user = User.objects.filter(username=username).first()
    if user is None:
        if not password:
            raise ValidationError(_("A new secretary needs a password."))
        user = User(username=username, is_staff=False)
        validate_password(password, user)
        user.set_password(password)
        user.full_clean()
        user.save()
    join_club(club=club, user=user, role=Role.SECRETARY)
    return club, user
