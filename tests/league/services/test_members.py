"""The secretary's care of members: details, PINs and locks, through the services only."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from pytest_django.fixtures import Settings

from league.services.members import add_member, set_member_pin, unlock_member_pin, update_member
from scoring.access.pin_hash import PIN_ITERATIONS
from scoring.models import Member
from scoring.services.members import PinRefused, verify_pin
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db


def test_the_secretary_changes_a_members_details_and_retires_them() -> None:
    ann = member("Ann")

    update_member(
        in_club=the_club(),
        member=ann,
        by=secretary(),
        name="Ann Larsen",
        known_as="Annie",
        email="ann@example.org",
        is_active=False,
    )

    ann.refresh_from_db()
    assert (ann.name, ann.known_as, ann.email, ann.is_active) == (
        "Ann Larsen",
        "Annie",
        "ann@example.org",
        False,
    )
    assert ann.user.is_active is False


def test_a_name_already_taken_is_refused() -> None:
    ann, _ = member("Ann"), member("Ben")

    with pytest.raises(ValidationError, match="Ben goes by that name already"):
        update_member(
            in_club=the_club(),
            member=ann,
            by=secretary(),
            name="Ann",
            known_as="Ben",
            email="",
            is_active=True,
        )
    ann.refresh_from_db()
    assert ann.known_as == "Ann"


def failures_against(who: Member, *clients: str) -> None:
    """Wrong sign-ins counted against `who` from each client, as the throttle keeps them."""
    for address in clients:
        AccessAttempt.objects.create(
            username=who.user.username,
            ip_address=address,
            user_agent="tablet",
            failures_since_start=5,
            attempt_time=timezone.now(),
        )


def test_a_new_pin_replaces_the_old_and_lifts_a_lock() -> None:
    ann, ben = member("Ann"), member("Ben")
    failures_against(ann, "10.0.0.1", "10.0.0.2")
    failures_against(ben, "10.0.0.3")

    set_member_pin(in_club=the_club(), member=ann, by=secretary(), pin="987654")

    assert not AccessAttempt.objects.filter(username=ann.user.username).exists()
    assert AccessAttempt.objects.filter(username=ben.user.username).count() == 1
    assert verify_pin(member=ann, pin="987654") == ann
    with pytest.raises(PinRefused):
        verify_pin(member=ann, pin="1234")


def test_a_pin_is_hashed_with_the_pin_rounds_where_passwords_take_pbkdf2s_million(
    settings: Settings,
) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    ann, by = member("Ann"), secretary()

    set_member_pin(in_club=the_club(), member=ann, by=by, pin="987654")
    added = add_member(
        in_club=the_club(), by=by, name="Cy Dahl", known_as="Cy", email="", pin="2468"
    )

    ann.refresh_from_db()
    for pin_hash in (ann.pin_hash, added.pin_hash):
        assert pin_hash.startswith(f"pbkdf2_sha256${PIN_ITERATIONS}$")
    assert verify_pin(member=ann, pin="987654") == ann
    assert verify_pin(member=added, pin="2468") == added
    with pytest.raises(PinRefused):
        verify_pin(member=ann, pin="2468")


def test_a_pin_is_four_to_six_digits() -> None:
    ann = member("Ann")

    with pytest.raises(ValidationError, match="4 to 6 digits"):
        set_member_pin(in_club=the_club(), member=ann, by=secretary(), pin="12a4")
    assert verify_pin(member=ann, pin="1234") == ann


def test_the_secretary_lifts_a_pin_lock() -> None:
    ann, ben = member("Ann"), member("Ben")
    failures_against(ann, "10.0.0.1", "10.0.0.2")
    failures_against(ben, "10.0.0.3")

    unlock_member_pin(in_club=the_club(), member=ann, by=secretary())

    assert not AccessAttempt.objects.filter(username=ann.user.username).exists()
    assert AccessAttempt.objects.filter(username=ben.user.username).count() == 1


def test_only_the_secretary_changes_members() -> None:
    ann, ben = member("Ann"), member("Ben")

    with pytest.raises(PermissionDenied):
        set_member_pin(in_club=the_club(), member=ann, by=ben.user, pin="5555")
    with pytest.raises(PermissionDenied):
        unlock_member_pin(in_club=the_club(), member=ann, by=ben.user)
    with pytest.raises(PermissionDenied):
        update_member(
            in_club=the_club(),
            member=ann,
            by=ben.user,
            name="x",
            known_as="x",
            email="",
            is_active=True,
        )


def test_a_goes_by_name_taken_in_other_capitals_is_refused() -> None:
    ann, _ = member("Ann"), member("Ben")

    with pytest.raises(ValidationError, match="goes by that name already"):
        update_member(
            in_club=the_club(),
            member=ann,
            by=secretary(),
            name="Ann",
            known_as="BEN",
            email="",
            is_active=True,
        )
    with pytest.raises(ValidationError, match="goes by that name already"):
        add_member(
            in_club=the_club(),
            by=secretary("deputy"),
            name="Ann Two",
            known_as="ann",
            email="",
            pin="",
        )
    ann.refresh_from_db()
    assert ann.known_as == "Ann" and Member.objects.count() == 2


def test_a_member_may_change_the_capitals_of_their_own_name() -> None:
    ann = member("ann")
    update_member(
        in_club=the_club(),
        member=ann,
        by=secretary(),
        name="Ann",
        known_as="Ann",
        email="",
        is_active=True,
    )
    ann.refresh_from_db()
    assert ann.known_as == "Ann"


def test_the_database_refuses_a_namesake_in_other_capitals_too() -> None:
    member("Ann")
    with pytest.raises(IntegrityError), transaction.atomic():
        Member.objects.create(user=User.objects.create(username="x"), name="x", known_as="ANN")
