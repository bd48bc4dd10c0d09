"""Club members: each has a Django user, so signing in and permissions come for free."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password, make_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from scoring.models import Member

PIN_LENGTHS = range(4, 7)


def validate_pin(pin: str) -> None:
    if not (pin.isascii() and pin.isdigit() and len(pin) in PIN_LENGTHS):
        raise ValidationError({"pin": "A PIN is 4 to 6 digits."})


@transaction.atomic
def create_member(
    *,
    name: str,
    known_as: str,
    email: str = "",
    pin: str | None = None,
    password: str | None = None,
) -> Member:
    """A member with a user of their own; without a password they sign in by PIN only."""
    user_model = get_user_model()
    username = _free_username(slugify(known_as) or "member")
    user = user_model(username=username, email=email, first_name=name[:150])
    if password:
        user.set_password(password)
    else:
        user.set_unusable_password()
    user.full_clean()
    user.save()
    member = Member(user=user, name=name, known_as=known_as, email=email)
    if pin is not None:
        validate_pin(pin)
        member.pin_hash = make_password(pin)
    member.full_clean()
    member.save()
    return member


def _free_username(base: str) -> str:
    user_model = get_user_model()
    candidate, suffix = base, 1
    while user_model.objects.filter(username=candidate).exists():
        suffix += 1
        candidate = f"{base}-{suffix}"
    return candidate


PIN_ATTEMPTS_BEFORE_LOCK = 5
PIN_LOCK_MINUTES = 10


class PinRefused(ValidationError):
    """A wrong PIN, or a PIN locked after too many wrong tries."""


def verify_pin(*, member: Member, pin: str) -> Member:
    """The member if `pin` is theirs; repeated wrong PINs lock the PIN for a while."""
    # The refusal is raised only once the count of wrong tries is committed: raised inside the
    # transaction, the rollback would forget the try and the PIN would never lock.
    with transaction.atomic():
        member = Member.objects.select_for_update().get(pk=member.pk)
        now = timezone.now()
        if member.pin_locked_until is not None and member.pin_locked_until > now:
            minutes = max(1, round((member.pin_locked_until - now).total_seconds() / 60))
            raise PinRefused(
                f"Too many wrong PINs: {member.known_as}'s PIN is locked for {minutes} more "
                "minute(s)."
            )
        if member.is_active and member.pin_hash and check_password(pin, member.pin_hash):
            if member.failed_pin_attempts or member.pin_locked_until:
                member.failed_pin_attempts, member.pin_locked_until = 0, None
                member.save(update_fields=["failed_pin_attempts", "pin_locked_until"])
            return member
        member.failed_pin_attempts += 1
        if member.failed_pin_attempts >= PIN_ATTEMPTS_BEFORE_LOCK:
            member.failed_pin_attempts = 0
            member.pin_locked_until = now + timedelta(minutes=PIN_LOCK_MINUTES)
        member.save(update_fields=["failed_pin_attempts", "pin_locked_until"])
    raise PinRefused("That PIN is not right.")
