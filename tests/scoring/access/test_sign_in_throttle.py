"""The sign-in throttle (django-axes, clubs.throttle): wrong PINs and passwords stop the
client that sends them; a member is paused only by wrong tries from several clients, and only
for the cool-off, so a stranger alone can never keep a member out."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from pytest_django.fixtures import Settings

from clubs.throttle import client_ip
from league.services.members import unlock_member_pin
from scoring.models import Member
from tests.factories import (
    PIN,
    MemberFactory,
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
    the_club,
)
from tests.scoring.services.helpers import secretary

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

SIGNIN = reverse("scoring:signin")
ADMIN_LOGIN = reverse("admin:login")
PASSWORD = "the-secretarys-own-password"
CLIENT_LIMIT = 5
MEMBER_LIMIT = 10


@pytest.fixture(autouse=True)
def limits_as_documented() -> None:
    assert (settings.AXES_FAILURE_LIMIT, settings.SIGN_IN_MEMBER_FAILURE_LIMIT) == (
        CLIENT_LIMIT,
        MEMBER_LIMIT,
    )


@pytest.fixture
def ann() -> Member:
    return MemberFactory.create(known_as="Ann")


@pytest.fixture
def ben() -> Member:
    return MemberFactory.create(known_as="Ben")


@pytest.fixture
def boss() -> User:
    return User.objects.create_user(username="boss", password=PASSWORD, is_staff=True)


def by_pin(who: Member, pin: str, ip: str) -> Response:
    """A PIN sign-in from a fresh tablet at address `ip`."""
    return Client().post(SIGNIN, {"member": who.pk, "pin": pin}, REMOTE_ADDR=ip)


def by_password(username: str, password: str, ip: str) -> Response:
    data = {"username": username, "password": password, "next": "/admin/"}
    return Client().post(ADMIN_LOGIN, data, REMOTE_ADDR=ip)


def signed_in(response: Response) -> bool:
    return response.status_code == 302 and SESSION_KEY in response.client.session


def pin_error(response: Response) -> str:
    return str(response.context["form"].errors["pin"][0])


def cool_off_passes() -> None:
    """Every counted failure as old as the cool-off: the throttle forgets them."""
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )


def test_wrong_pins_from_one_client_pause_it_for_every_member(ann: Member, ben: Member) -> None:
    cy = MemberFactory.create(known_as="Cy")
    answers = [by_pin(ann, "0000", "10.0.0.1").status_code for _ in range(3)]
    answers += [by_pin(ben, "0000", "10.0.0.1").status_code for _ in range(2)]

    paused = by_pin(cy, PIN, "10.0.0.1")
    elsewhere = by_pin(cy, PIN, "10.0.0.2")

    # The try that reaches the limit is answered "too many" already.
    assert answers == [422, 422, 422, 422, 429]
    assert paused.status_code == 429 and not signed_in(paused)
    assert "Too many wrong tries from this device" in pin_error(paused)
    assert signed_in(elsewhere)


def test_one_client_alone_cannot_lock_a_member_out(ann: Member) -> None:
    for _ in range(CLIENT_LIMIT + 20):
        by_pin(ann, "0000", "10.0.0.66")

    # Tries made while paused are not counted: the stranger stays at the client's limit.
    counted = sum(
        a.failures_since_start for a in AccessAttempt.objects.filter(username=ann.user.username)
    )
    assert counted == CLIENT_LIMIT
    assert signed_in(by_pin(ann, PIN, "10.0.0.7"))


def test_a_stranger_who_waits_out_the_pause_still_cannot_lock_the_member(ann: Member) -> None:
    for _ in range(3):
        for _ in range(CLIENT_LIMIT):
            by_pin(ann, "0000", "10.0.0.66")
        cool_off_passes()

    assert signed_in(by_pin(ann, PIN, "10.0.0.7"))


def test_wrong_pins_from_several_clients_pause_the_member_until_the_cool_off(
    ann: Member, ben: Member
) -> None:
    for ip in ("10.0.0.1", "10.0.0.2"):
        for _ in range(CLIENT_LIMIT):
            by_pin(ann, "0000", ip)

    paused = by_pin(ann, PIN, "10.0.0.3")

    assert paused.status_code == 429 and not signed_in(paused)
    assert "Too many wrong tries for Ann from several devices" in pin_error(paused)
    assert signed_in(by_pin(ben, PIN, "10.0.0.3")), "only Ann is paused, not the third client"
    cool_off_passes()
    assert signed_in(by_pin(ann, PIN, "10.0.0.3"))


def test_the_secretary_lifts_a_members_pause(ann: Member) -> None:
    for ip in ("10.0.0.1", "10.0.0.2"):
        for _ in range(CLIENT_LIMIT):
            by_pin(ann, "0000", ip)
    assert by_pin(ann, PIN, "10.0.0.3").status_code == 429

    unlock_member_pin(in_club=the_club(), member=ann, by=secretary())

    assert signed_in(by_pin(ann, PIN, "10.0.0.3"))


def test_a_right_pin_clears_the_members_own_wrong_tries_on_that_device(ann: Member) -> None:
    for _ in range(CLIENT_LIMIT - 1):
        by_pin(ann, "0000", "10.0.0.1")
    assert signed_in(by_pin(ann, PIN, "10.0.0.1"))

    answers = [by_pin(ann, "0000", "10.0.0.1").status_code for _ in range(CLIENT_LIMIT - 1)]

    assert answers == [422] * (CLIENT_LIMIT - 1)


def test_a_right_pin_leaves_the_devices_wrong_tries_for_others_counting(
    ann: Member, ben: Member
) -> None:
    cy = MemberFactory.create(known_as="Cy")
    for who in (ann, ann, ben, ben):
        by_pin(who, "0000", "10.0.0.1")
    by_pin(ben, "0000", "10.0.0.2")
    assert signed_in(by_pin(ann, PIN, "10.0.0.1"))

    # Ben's two wrong tries still count here: three more reach the limit of five.
    answers = [by_pin(cy, "0000", "10.0.0.1").status_code for _ in range(3)]

    assert answers == [422, 422, 429]
    assert sorted(
        (a.username, a.ip_address, a.failures_since_start) for a in AccessAttempt.objects.all()
    ) == sorted(
        [
            (ben.user.username, "10.0.0.1", 2),
            (ben.user.username, "10.0.0.2", 1),
            (cy.user.username, "10.0.0.1", 3),
        ]
    )


ATTACKER = "10.0.0.66"


def test_guessing_a_pin_between_ones_own_right_pins_is_stopped_at_the_devices_limit(
    ann: Member, ben: Member
) -> None:
    """Ann guesses Ben's PIN four times, signs in as herself, and again (issue 23: Ben's PIN
    fell after 1,543 requests, never throttled, when her right PIN wiped the device's count)."""
    guesses = []
    for _ in range(5):
        guesses += [by_pin(ben, "0000", ATTACKER).status_code for _ in range(CLIENT_LIMIT - 1)]
        by_pin(ann, PIN, ATTACKER)

    found = by_pin(ben, PIN, ATTACKER)

    assert guesses == [422] * (CLIENT_LIMIT - 1) + [429] * (len(guesses) - CLIENT_LIMIT + 1)
    assert found.status_code == 429 and not signed_in(found)
    assert "Too many wrong tries from this device" in pin_error(found)
    assert _counted(ben.user.username) == CLIENT_LIMIT
    # Her own PIN is refused there too while the device is paused; the pause ends with the
    # cool-off, not with a right sign-in.
    assert by_pin(ann, PIN, ATTACKER).status_code == 429
    cool_off_passes()
    assert signed_in(by_pin(ben, PIN, ATTACKER))


def _counted(username: str) -> int:
    return sum(a.failures_since_start for a in AccessAttempt.objects.filter(username=username))


def test_guessing_from_several_devices_between_ones_own_right_pins_pauses_the_member(
    ann: Member, ben: Member
) -> None:
    answers = {}
    for ip in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        answers[ip] = [by_pin(ben, "0000", ip).status_code for _ in range(CLIENT_LIMIT - 1)]
        by_pin(ann, PIN, ip)

    paused = by_pin(ben, PIN, "10.0.0.4")

    assert answers["10.0.0.3"] == [422, 429, 429, 429]
    assert _counted(ben.user.username) == MEMBER_LIMIT
    assert paused.status_code == 429 and not signed_in(paused)
    assert "Too many wrong tries for Ben from several devices" in pin_error(paused)


@pytest.mark.parametrize("own_sign_in", ["pin", "password"])
def test_guessing_a_password_between_ones_own_right_sign_ins_is_stopped(
    ann: Member, boss: User, own_sign_in: str
) -> None:
    """Issue 23: sixteen wrong passwords for the secretary, never throttled, when the
    attacker's own right PIN or password came between every four."""
    User.objects.create_user(username="mallory", password="mallorys-own-password", is_staff=True)

    def own() -> Response:
        if own_sign_in == "pin":
            return by_pin(ann, PIN, ATTACKER)
        return by_password("mallory", "mallorys-own-password", ATTACKER)

    guesses = []
    for _ in range(4):
        guesses += [
            by_password("boss", "guess", ATTACKER).status_code for _ in range(CLIENT_LIMIT - 1)
        ]
        own()

    found = by_password("boss", PASSWORD, ATTACKER)

    assert guesses == [200] * (CLIENT_LIMIT - 1) + [429] * (len(guesses) - CLIENT_LIMIT + 1)
    assert found.status_code == 429 and not signed_in(found)
    assert "Too many wrong tries from this device" in found.content.decode()
    assert _counted("boss") == CLIENT_LIMIT


def test_a_wrong_pin_is_never_written_down(ann: Member) -> None:
    by_pin(ann, "9876", "10.0.0.1")

    (attempt,) = AccessAttempt.objects.all()
    assert attempt.username == ann.user.username
    assert "9876" not in attempt.post_data


def test_wrong_passwords_stop_the_client_even_for_the_right_password(boss: User) -> None:
    answers = [by_password("boss", "wrong", "10.0.0.1").status_code for _ in range(CLIENT_LIMIT)]

    paused = by_password("boss", PASSWORD, "10.0.0.1")

    assert answers == [200] * (CLIENT_LIMIT - 1) + [429]
    assert paused.status_code == 429 and not signed_in(paused)
    assert "Too many wrong tries from this device" in paused.content.decode()
    assert signed_in(by_password("boss", PASSWORD, "10.0.0.2"))


def test_one_client_walking_through_usernames_is_stopped(boss: User) -> None:
    for name in ("alice", "bob", "carol", "dave", "erin"):
        by_password(name, "guess", "10.0.0.66")

    assert by_password("boss", PASSWORD, "10.0.0.66").status_code == 429


def test_wrong_passwords_from_several_clients_lock_the_user_for_the_cool_off(boss: User) -> None:
    for ip in ("10.0.0.1", "10.0.0.2"):
        for _ in range(CLIENT_LIMIT):
            by_password("boss", "wrong", ip)

    locked = by_password("boss", PASSWORD, "10.0.0.3")

    assert locked.status_code == 429 and not signed_in(locked)
    assert "Too many wrong tries for boss from several devices" in locked.content.decode()
    cool_off_passes()
    assert signed_in(by_password("boss", PASSWORD, "10.0.0.3"))


def test_wrong_pins_and_passwords_count_together_for_a_client(ann: Member, boss: User) -> None:
    for _ in range(3):
        by_pin(ann, "0000", "10.0.0.1")
    for _ in range(2):
        by_password("boss", "wrong", "10.0.0.1")

    assert by_password("boss", PASSWORD, "10.0.0.1").status_code == 429
    assert by_pin(ann, PIN, "10.0.0.1").status_code == 429


@pytest.mark.parametrize(
    ("proxies", "forwarded", "client"),
    [
        (0, "203.0.113.9", "10.0.0.1"),
        (1, "203.0.113.9", "203.0.113.9"),
        # A forged entry left of the one the proxy added changes nothing.
        (1, "198.51.100.1, 203.0.113.9", "203.0.113.9"),
        (1, "", "10.0.0.1"),
    ],
)
def test_the_client_is_the_address_the_trusted_proxy_saw(
    settings: Settings, rf: RequestFactory, proxies: int, forwarded: str, client: str
) -> None:
    settings.SIGN_IN_PROXY_COUNT = proxies
    request = rf.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)

    assert client_ip(request) == client


def test_the_throttles_own_admin_pages_open(client: Client, ann: Member) -> None:
    by_pin(ann, "0000", "10.0.0.1")
    client.force_login(User.objects.create_superuser(username="root", password=PASSWORD))

    for model in ("accessattempt", "accesslog", "accessfailurelog"):
        assert client.get(reverse(f"admin:axes_{model}_changelist")).status_code == 200
    attempt = AccessAttempt.objects.get()
    assert (
        client.get(reverse("admin:axes_accessattempt_change", args=[attempt.pk])).status_code == 200
    )
