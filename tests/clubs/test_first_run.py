"""The first run of a server with no club: `manage.py first_run_token` prints a one-time token,
and the page at /clubs/first-run/ (where "/" leads) makes the first club and its secretary with
it, once. Nothing else opens it (clubs.services.open_first_club)."""

from __future__ import annotations

import re
from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from clubs.models import Club, FirstRunToken, Membership, Role
from clubs.selectors import forget_clubs
from tests.factories import the_club

pytestmark = [pytest.mark.django_db, pytest.mark.no_club]

FIRST_RUN = "/clubs/first-run/"


@pytest.fixture(autouse=True)
def no_club_known() -> None:
    forget_clubs()


def printed_token() -> str:
    out = StringIO()
    call_command("first_run_token", stdout=out)
    found = re.search(r"^    (\S+)$", out.getvalue(), re.MULTILINE)
    assert found is not None, out.getvalue()
    return found[1]


def form(token: str, **changes: str) -> dict[str, str]:
    return {
        "token": token,
        "name": "North Balut Club",
        "slug": "north",
        "secretary": "nora",
        "email": "nora@example.org",
        "password": "a-long-pass-phrase",
        "password_again": "a-long-pass-phrase",
        **changes,
    }


def test_the_address_of_a_server_with_no_club_leads_to_the_first_run_page() -> None:
    client = Client()
    assert client.get("/")["Location"] == "/clubs/"
    assert client.get("/clubs/")["Location"] == FIRST_RUN
    page = client.get(FIRST_RUN)
    assert page.status_code == 200 and 'name="token"' in page.content.decode()


def test_the_token_is_stored_hashed_and_a_new_one_replaces_the_last() -> None:
    first = printed_token()
    second = printed_token()

    row = FirstRunToken.objects.get()
    assert first not in row.token_hash and second not in row.token_hash
    assert Client().post(FIRST_RUN, form(first)).status_code == 422
    assert not Club.objects.exists()
    assert Client().post(FIRST_RUN, form(second)).status_code == 302


def test_the_first_run_makes_the_club_and_its_secretary_signed_in_and_no_staff() -> None:
    client = Client()
    response = client.post(FIRST_RUN, form(printed_token()))

    assert response.status_code == 302 and response["Location"] == "/"
    club = Club.objects.get()
    assert (club.slug, club.name) == ("north", "North Balut Club")
    nora = User.objects.get(username="nora")
    assert nora.email == "nora@example.org" and not nora.is_staff
    assert Membership.objects.get(club=club, user=nora).role == Role.SECRETARY
    assert client.session[SESSION_KEY] == str(nora.pk)
    assert not FirstRunToken.objects.exists()
    home = client.get("/").content.decode()
    assert "<title>North Balut Club</title>" in home and 'id="first-steps"' in home


def test_the_token_works_once() -> None:
    token = printed_token()
    assert Client().post(FIRST_RUN, form(token)).status_code == 302

    again = Client().post(FIRST_RUN, form(token, slug="south", secretary="sam"))

    # With a club on the server the page is gone: it sends to the list of clubs.
    assert again.status_code == 302 and again["Location"] == "/clubs/"
    assert Club.objects.count() == 1 and not User.objects.filter(username="sam").exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"token": "guessed"}, "token"),
        ({"password_again": "something-else"}, "password_again"),
        ({"password": "123", "password_again": "123"}, "password"),
        ({"email": "not-an-address"}, "email"),
        ({"slug": "admin"}, "slug"),
        ({"slug": "Not A Slug"}, "slug"),
        ({"name": ""}, "name"),
    ],
)
def test_a_refused_first_run_says_why_and_makes_nothing(
    changes: dict[str, str], field: str
) -> None:
    token = printed_token()
    response = Client().post(FIRST_RUN, {**form(token), **changes})

    assert response.status_code == 422
    assert response.context["form"].errors[field]
    assert not Club.objects.exists() and not User.objects.filter(username="nora").exists()
    # The token still works for the next, right, try.
    assert Client().post(FIRST_RUN, form(token)).status_code == 302


def test_a_first_run_never_hands_the_club_to_an_existing_account() -> None:
    User.objects.create_superuser("nora", "root@example.org", "the-roots-password")
    response = Client().post(FIRST_RUN, form(printed_token()))

    assert response.status_code == 422 and response.context["form"].errors["secretary"]
    assert not Club.objects.exists()


def test_an_expired_token_is_refused() -> None:
    token = printed_token()
    FirstRunToken.objects.update(issued_at=timezone.now() - timedelta(days=2))

    response = Client().post(FIRST_RUN, form(token))

    assert response.status_code == 422 and response.context["form"].errors["token"]
    assert not Club.objects.exists()


def test_without_a_token_printed_the_page_opens_for_nobody() -> None:
    response = Client().post(FIRST_RUN, form(""))
    assert response.status_code == 422 and not Club.objects.exists()
    response = Client().post(FIRST_RUN, form("anything"))
    assert response.status_code == 422 and not Club.objects.exists()


def test_the_first_run_page_takes_get_and_post_only() -> None:
    assert Client().put(FIRST_RUN).status_code == 405
    assert Client().delete(FIRST_RUN).status_code == 405


def test_with_a_club_the_command_prints_no_token() -> None:
    the_club()
    with pytest.raises(CommandError, match="has a club already"):
        call_command("first_run_token", stdout=StringIO())
    out = StringIO()
    call_command("first_run_token", "--if-no-club", stdout=out)
    assert out.getvalue() == "" and not FirstRunToken.objects.exists()
