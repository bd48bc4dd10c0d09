"""The secretary's password on the club's own sign-in page (scoring.views.secretary_signin):
no staff status needed, throttled like the PINs, and never a hint of which half was wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from clubs.services import join_club
from tests.factories import MemberFactory, other_club, the_club

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db

SIGNIN = reverse("scoring:signin")
PASSWORD_SIGNIN = reverse("scoring:password_signin")
PASSWORD = "the-secretarys-own-password"
WRONG_WORDS = "That user name and password are not a secretary&#x27;s of this club."
CLIENT_LIMIT = 5


@pytest.fixture
def sec() -> User:
    """The club's secretary as open_club makes one: no staff status."""
    user = User.objects.create_user(username="sec", password=PASSWORD)
    join_club(club=the_club(), user=user, role=Role.SECRETARY)
    return user


def by_password(
    username: str,
    password: str,
    *,
    ip: str = "10.0.0.1",
    client: Client | None = None,
    **extra: str,
) -> Response:
    data = {"username": username, "password": password, **extra}
    return (client or Client()).post(PASSWORD_SIGNIN, data, REMOTE_ADDR=ip)


def signed_in_as(response: Response) -> str | None:
    return response.client.session.get(SESSION_KEY)


def test_the_sign_in_page_offers_the_pin_and_the_password_forms_and_how_to_reset_a_password() -> (
    None
):
    html = Client().get(SIGNIN).content.decode()
    assert 'name="pin"' in html and 'name="username"' in html and 'name="password"' in html
    assert f'action="{PASSWORD_SIGNIN}"' in html
    assert "manage.py changepassword" in html
    assert "/admin/login/" not in html


def test_a_secretary_without_staff_status_signs_in_and_reaches_the_clubs_settings(
    sec: User,
) -> None:
    assert not sec.is_staff
    response = by_password("sec", PASSWORD, next="/settings/")

    assert response.status_code == 302 and response["Location"] == "/settings/"
    assert signed_in_as(response) == str(sec.pk)
    assert response.client.get(reverse("league:settings")).status_code == 200
    # Django's admin stays the server's: a secretary is no staff there.
    assert response.client.get("/admin/").status_code == 302


def test_without_next_the_secretary_lands_on_the_clubs_home(sec: User) -> None:
    response = by_password("sec", PASSWORD)
    assert response.status_code == 302 and response["Location"] == reverse("scoring:home")


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/x", "http://testserver.evil/", "/\\evil"]
)
def test_a_next_pointing_off_site_is_ignored_for_the_clubs_home(sec: User, target: str) -> None:
    response = by_password("sec", PASSWORD, next=target)
    assert response.status_code == 302 and response["Location"] == reverse("scoring:home")


def test_a_wrong_password_is_refused_in_words_that_do_not_say_which_half_was_wrong(
    sec: User,
) -> None:
    wrong_password = by_password("sec", "not-the-password")
    unknown_user = by_password("nobody", PASSWORD)

    for response in (wrong_password, unknown_user):
        assert response.status_code == 422
        assert signed_in_as(response) is None
        assert WRONG_WORDS in response.content.decode()
    # The same page either way: the name typed is kept, nothing tells the two apart.
    assert wrong_password.content.decode().count(WRONG_WORDS) == 1
    assert AccessAttempt.objects.filter(username__in=["sec", "nobody"]).count() == 2


def test_an_empty_form_is_refused_and_counts_nothing() -> None:
    response = by_password("", "")
    assert response.status_code == 422 and signed_in_as(response) is None
    assert not AccessAttempt.objects.exists()


def test_the_right_password_after_wrong_ones_signs_in(sec: User) -> None:
    client = Client()
    for _ in range(CLIENT_LIMIT - 2):
        assert by_password("sec", "wrong", client=client).status_code == 422

    response = by_password("sec", PASSWORD, client=client)

    assert response.status_code == 302 and signed_in_as(response) == str(sec.pk)
    # The secretary's own wrong tries from this device are forgotten on success.
    assert not AccessAttempt.objects.filter(username="sec").exists()


def test_repeated_wrong_passwords_pause_the_device_even_the_right_one(sec: User) -> None:
    answers = [by_password("sec", "wrong").status_code for _ in range(CLIENT_LIMIT)]
    paused = by_password("sec", PASSWORD)

    assert answers == [422] * (CLIENT_LIMIT - 1) + [429]
    assert paused.status_code == 429 and signed_in_as(paused) is None
    assert "Too many wrong tries from this device" in paused.content.decode()
    # Answered on the club's sign-in page itself, in its own layout.
    assert 'id="password-signin"' in paused.content.decode()
    assert by_password("sec", PASSWORD, ip="10.0.0.2").status_code == 302


def test_right_passwords_between_wrong_ones_do_not_clear_the_count_of_the_wrong_ones(
    sec: User,
) -> None:
    """Issue 23's lesson for passwords: an attacker's own right password between guesses of
    someone else's does not reset the guesses."""
    mallory = User.objects.create_user(username="mallory", password="mallorys-own-password")
    join_club(club=the_club(), user=mallory, role=Role.SECRETARY)
    answers = []
    for _ in range(CLIENT_LIMIT):
        answers.append(by_password("sec", "guess").status_code)
        by_password("mallory", "mallorys-own-password")

    assert answers == [422] * (CLIENT_LIMIT - 1) + [429]
    assert by_password("sec", PASSWORD).status_code == 429


def test_a_plain_member_with_a_password_is_refused_and_gets_no_secretary_page() -> None:
    MemberFactory.create(known_as="Ann", password="anns-own-password")
    client = Client()
    response = by_password("ann", "anns-own-password", client=client)

    assert response.status_code == 422 and signed_in_as(response) is None
    assert WRONG_WORDS in response.content.decode()
    assert client.get(reverse("league:settings")).status_code == 302


def test_another_clubs_secretary_is_refused_here_and_lands_in_their_own_club(sec: User) -> None:
    south = other_club()
    elsewhere = User.objects.create_user(username="south-sec", password=PASSWORD)
    join_club(club=south, user=elsewhere, role=Role.SECRETARY)
    data = {"username": "south-sec", "password": PASSWORD}
    here = Client().post(f"/c/{the_club().slug}/signin/password/", data)
    there = Client().post(f"/c/{south.slug}/signin/password/", data)

    assert here.status_code == 422 and signed_in_as(here) is None
    # On a server of several clubs, home is the club's own, never the server's list of clubs.
    assert there.status_code == 302 and there["Location"] == f"/c/{south.slug}/"


def test_a_superuser_signs_in_here_and_still_reaches_the_admin() -> None:
    User.objects.create_superuser(username="root", password=PASSWORD, email="root@example.org")
    response = by_password("root", PASSWORD)
    assert response.status_code == 302
    assert response.client.get("/admin/").status_code == 200


@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_the_password_sign_in_takes_posts_only(sec: User, method: str) -> None:
    response = getattr(Client(), method)(PASSWORD_SIGNIN)
    assert response.status_code == 405
    assert not AccessAttempt.objects.exists()


def test_signing_out_ends_the_secretarys_session(sec: User) -> None:
    client = Client()
    by_password("sec", PASSWORD, client=client)
    response = client.post(reverse("scoring:signout"))
    assert response.status_code == 302 and SESSION_KEY not in client.session
    assert client.get(reverse("league:settings")).status_code == 302
