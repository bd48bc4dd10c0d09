"""The secretary's care of members: details, PINs, and who is still a member.

A member is created by scoring.services.members.create_member (a user of their own with it);
these change one afterwards.
"""

from __future__ import annotations

from axes.utils import reset as reset_sign_in_failures
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext

from clubs.models import Club
from clubs.selectors import belongs_to
from league.models import AuditAction
from league.services import audit
from scoring.access.pin_hash import hash_pin
from scoring.access.roles import is_secretary
from scoring.models import Member
from scoring.services.members import create_member, validate_pin

MEMBER_FIELDS = ("name", "known_as", "email", "is_active")


def _require_secretary(by: User, in_club: Club, member: Member | None = None) -> None:
    """The club's secretary, and (for a change) a member of that club: a secretary changes
    only their own club's members."""
    if not is_secretary(by, in_club.pk):
        raise PermissionDenied(gettext("Only the secretary changes members."))
    if member is not None and not belongs_to(in_club.pk, member.user):
        raise PermissionDenied(gettext("Only the secretary changes members."))


@transaction.atomic
def add_member(
    *, in_club: Club, by: User, name: str, known_as: str, email: str, pin: str
) -> Member:
    """A new member, signing in by PIN (left empty: none yet, set it later)."""
    _require_secretary(by, in_club)
    member = create_member(
        in_club=in_club,
        name=name.strip(),
        known_as=known_as.strip(),
        email=email.strip(),
        pin=pin or None,
    )
    audit.record(
        by=by,
        action=AuditAction.MEMBER_ADDED,
        target=member,
        in_club=in_club,
        after={**audit.snapshot(member, MEMBER_FIELDS), "pin": bool(pin)},
    )
    return member


@transaction.atomic
def update_member(
    *,
    in_club: Club,
    member: Member,
    by: User,
    name: str,
    known_as: str,
    email: str,
    is_active: bool,
) -> Member:
    """A member's details. `known_as` names them on new sheets; sheets already kept keep the
    name they were played under."""
    _require_secretary(by, in_club, member)
    member = Member.objects.select_for_update().select_related("user").get(pk=member.pk)
    before = audit.snapshot(member, MEMBER_FIELDS)
    member.name, member.known_as, member.email = name.strip(), known_as.strip(), email.strip()
    member.is_active = is_active
    member.full_clean()
    member.save(update_fields=["name", "known_as", "email", "is_active"])
    # A former member cannot sign in any more; their games and books stay.
    if member.user.is_active != is_active or member.user.email != member.email:
        member.user.is_active, member.user.email = is_active, member.email
        member.user.save(update_fields=["is_active", "email"])
    old, new = audit.changed(before, audit.snapshot(member, MEMBER_FIELDS))
    if new:
        audit.record(
            by=by,
            action=AuditAction.MEMBER_CHANGED,
            target=member,
            before=old,
            after=new,
            in_club=in_club,
        )
    return member


@transaction.atomic
def set_member_pin(*, in_club: Club, member: Member, by: User, pin: str) -> Member:
    """A new PIN (4 to 6 digits); it also lifts a lock left by wrong PINs."""
    _require_secretary(by, in_club, member)
    validate_pin(pin)
    member = Member.objects.select_for_update().select_related("user").get(pk=member.pk)
    member.pin_hash = hash_pin(pin)
    member.full_clean()
    member.save(update_fields=["pin_hash"])
    reset_sign_in_failures(username=member.user.get_username())
    # Never the PIN itself, nor its hash.
    audit.record(by=by, action=AuditAction.MEMBER_PIN_RESET, target=member, in_club=in_club)
    return member


@transaction.atomic
def unlock_member_pin(*, in_club: Club, member: Member, by: User) -> Member:
    """Lift the lock that repeated wrong PINs or passwords set (clubs.throttle), before it
    runs out by itself: every failure counted against this member, from every client, goes."""
    _require_secretary(by, in_club, member)
    member = Member.objects.select_related("user").get(pk=member.pk)
    reset_sign_in_failures(username=member.user.get_username())
    return member
