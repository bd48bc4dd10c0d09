"""verify_pin: the right PIN signs a member in; five wrong ones lock it for a while."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from scoring.models import Member
from scoring.services.members import (
    PIN_ATTEMPTS_BEFORE_LOCK,
    PIN_LOCK_MINUTES,
    PinRefused,
    verify_pin,
)
from tests.services.helpers import PIN, member

pytestmark = pytest.mark.django_db


def fresh(known_as: str) -> Member:
    return Member.objects.get(known_as=known_as)


def wrong_tries(known_as: str, count: int) -> None:
    for _ in range(count):
        with pytest.raises(PinRefused):
            verify_pin(member=fresh(known_as), pin="9999")


def test_the_right_pin_answers_with_the_member() -> None:
    ann = member("Ann")

    assert verify_pin(member=ann, pin=PIN) == ann


def test_a_wrong_pin_is_refused_and_the_try_is_counted() -> None:
    member("Ann")

    with pytest.raises(PinRefused, match="That PIN is not right"):
        verify_pin(member=fresh("Ann"), pin="4321")

    assert fresh("Ann").failed_pin_attempts == 1
    assert fresh("Ann").pin_locked_until is None


def test_the_right_pin_clears_the_wrong_tries() -> None:
    member("Ann")
    wrong_tries("Ann", PIN_ATTEMPTS_BEFORE_LOCK - 1)

    verify_pin(member=fresh("Ann"), pin=PIN)

    assert fresh("Ann").failed_pin_attempts == 0


def test_five_wrong_pins_lock_the_pin_even_against_the_right_one() -> None:
    member("Ann")
    wrong_tries("Ann", PIN_ATTEMPTS_BEFORE_LOCK)

    locked_until = fresh("Ann").pin_locked_until
    assert locked_until is not None
    assert locked_until > timezone.now() + timedelta(minutes=PIN_LOCK_MINUTES - 1)
    with pytest.raises(PinRefused, match="locked for 10 more minute"):
        verify_pin(member=fresh("Ann"), pin=PIN)
    assert fresh("Ann").pin_locked_until == locked_until


def test_the_lock_of_one_member_leaves_the_others_alone() -> None:
    member("Ann")
    ben = member("Ben")
    wrong_tries("Ann", PIN_ATTEMPTS_BEFORE_LOCK)

    assert verify_pin(member=ben, pin=PIN) == ben


def test_the_pin_unlocks_once_the_time_has_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    member("Ann")
    wrong_tries("Ann", PIN_ATTEMPTS_BEFORE_LOCK)
    later = timezone.now() + timedelta(minutes=PIN_LOCK_MINUTES, seconds=1)

    def now() -> datetime:
        return later

    monkeypatch.setattr(timezone, "now", now)

    assert verify_pin(member=fresh("Ann"), pin=PIN) == fresh("Ann")
    ann = fresh("Ann")
    assert (ann.failed_pin_attempts, ann.pin_locked_until) == (0, None)


def test_a_member_who_left_cannot_sign_in_with_their_pin() -> None:
    ann = member("Ann")
    Member.objects.filter(pk=ann.pk).update(is_active=False)

    with pytest.raises(PinRefused):
        verify_pin(member=fresh("Ann"), pin=PIN)
