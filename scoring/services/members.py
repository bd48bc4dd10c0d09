"""Club members: each has a Django user, so signing in and permissions come for free."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext

from clubs.models import Club
from clubs.services import join_club
from scoring.access.pin_hash import hash_pin
from scoring.models import Member

PIN_LENGTHS = range(4, 7)


def validate_pin(pin: str) -> None:
    if not (pin.isascii() and pin.isdigit() and len(pin) in PIN_LENGTHS):
        raise ValidationError({"pin": gettext("A PIN is 4 to 6 digits.")})


@transaction.atomic
def create_member(
    *,
    in_club: Club,
    name: str,
    known_as: str,
    email: str = "",
    pin: str | None = None,
    password: str | None = None,
) -> Member:
    """A member of `in_club` with a user of their own; without a password they sign in by PIN
    only."""
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
        member.pin_hash = hash_pin(pin)
    member.full_clean()
    member.save()
    join_club(club=in_club, user=user)
    return member


def _free_username(base: str) -> str:
    user_model = get_user_model()
    candidate, suffix = base, 1
    while user_model.objects.filter(username=candidate).exists():
        suffix += 1
        candidate = f"{base}-{suffix}"
    return candidate


class PinRefused(ValidationError):
    """A wrong PIN, or (scoring.access.pins) a PIN sign-in paused after too many wrong ones."""


def verify_pin(*, member: Member, pin: str) -> Member:
    """The member if `pin` is theirs. It only compares: wrong guesses are counted and throttled
    where the guess comes in, per client and per member (scoring.access.pins.check_pin)."""
    member = Member.objects.get(pk=member.pk)
    if member.is_active and member.pin_hash and check_password(pin, member.pin_hash):
        return member
    raise PinRefused(gettext("That PIN is not right."))


@transaction.atomic
def remember_language(*, member: Member, language: str) -> Member:
    """The language the member chose; the pages speak it wherever they sign in next."""
    member.language = language
    member.full_clean()
    member.save(update_fields=["language"])
    return member
