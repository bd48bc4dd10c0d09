"""The federation administrator's two forms: its settings, and a new club with its first
secretary. Each checked in the database afterwards; a refusal writes nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club, Federation, Membership, Role
from tests.factories import fast_pin_hashing  # noqa: F401 (registers the fixture)
from tests.federation.helpers import superuser
from tests.scoring.services.helpers import member, secretary

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

NEW_CLUB = {
    "slug": "north",
    "name": "North Balut Club",
    "secretary": "nora",
    "password": "a-long-balut-password",
}


@pytest.fixture
def admin_client(client: Client) -> Client:
    client.force_login(superuser())
    return client


def test_the_administrator_names_the_federation_and_opens_it(admin_client: Client) -> None:
    response = admin_client.post(
        "/federation/settings/", {"name": " Balut Federation ", "public": "on"}
    )

    assert response.status_code == 302 and response["Location"] == "/federation/"
    row = Federation.objects.get()
    assert (row.name, row.public) == ("Balut Federation", True)
    assert "Balut Federation" in admin_client.get("/federation/").content.decode()


def test_leaving_the_switch_off_closes_the_federation(admin_client: Client) -> None:
    Federation.objects.create(name="Old", public=True)

    admin_client.post("/federation/settings/", {"name": "Old"})

    assert Federation.objects.get().public is False


def test_a_name_too_long_is_refused_with_a_message(admin_client: Client) -> None:
    response = admin_client.post("/federation/settings/", {"name": "x" * 101, "public": "on"})

    assert response.status_code == 422
    assert "at most 100 characters" in response.content.decode()
    assert not Federation.objects.exists()


@pytest.mark.parametrize("url", ["/federation/settings/", "/federation/clubs/new/"])
def test_the_forms_take_posts_only(admin_client: Client, url: str) -> None:
    assert admin_client.get(url, {"name": "Sneaky", "public": "on"}).status_code == 405
    assert not Federation.objects.exists()
    assert Club.objects.count() == 1


@pytest.mark.parametrize("who", ["secretary", "member"])
def test_a_club_secretary_or_member_is_refused_and_nothing_changes(
    client: Client, who: str
) -> None:
    user = secretary() if who == "secretary" else member("Dee").user
    client.force_login(user)

    settings = client.post("/federation/settings/", {"name": "Mine", "public": "on"})
    new = client.post("/federation/clubs/new/", NEW_CLUB)

    assert settings.status_code == new.status_code == 403
    assert "Only a federation administrator may do this." in new.content.decode()
    assert not Federation.objects.exists()
    assert not Club.objects.filter(slug="north").exists()
    assert not User.objects.filter(username="nora").exists()


def test_a_visitor_is_sent_to_sign_in(client: Client) -> None:
    response = client.post("/federation/clubs/new/", NEW_CLUB)

    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
    assert not Club.objects.filter(slug="north").exists()


def test_the_csrf_token_is_required(client: Client) -> None:
    checked = Client(enforce_csrf_checks=True)
    checked.force_login(superuser())

    assert checked.post("/federation/clubs/new/", NEW_CLUB).status_code == 403
    assert not Club.objects.filter(slug="north").exists()


def test_a_new_club_gets_its_new_secretary(admin_client: Client) -> None:
    response = admin_client.post("/federation/clubs/new/", NEW_CLUB)

    assert response.status_code == 302
    club = Club.objects.get(slug="north")
    nora = User.objects.get(username="nora")
    assert club.name == "North Balut Club"
    assert nora.check_password(NEW_CLUB["password"]) and not nora.is_staff
    assert Membership.objects.get(club=club).user == nora
    assert Membership.objects.get(club=club).role == Role.SECRETARY
    page = admin_client.get("/federation/").content.decode()
    assert "North Balut Club is at /c/north/; nora is its secretary." in page


def test_an_existing_user_becomes_the_new_clubs_secretary(admin_client: Client) -> None:
    boss = secretary("sam")

    response = admin_client.post(
        "/federation/clubs/new/", {**NEW_CLUB, "secretary": "sam", "password": ""}
    )

    assert response.status_code == 302
    assert Membership.objects.get(club__slug="north").user == boss
    assert boss.memberships.count() == 2


@pytest.mark.parametrize(
    ("change", "field_message"),
    [
        ({"slug": "club"}, "Club with this Address already exists."),
        ({"slug": "federation"}, "federation is a word the server uses itself"),
        ({"slug": "North Club!"}, "Use 1 to 40 small letters"),
        ({"secretary": "no spaces allowed"}, "Enter a valid username."),
        ({"password": ""}, "A new secretary needs a password."),
        ({"password": "123"}, "This password is too short."),
        ({"name": ""}, "This field is required."),
    ],
)
def test_bad_input_is_refused_with_a_message_and_nothing_is_made(
    admin_client: Client, change: dict[str, str], field_message: str
) -> None:
    users = User.objects.count()

    response = admin_client.post("/federation/clubs/new/", {**NEW_CLUB, **change})

    assert response.status_code == 422
    assert field_message in response.content.decode()
    assert Club.objects.count() == 1
    assert User.objects.count() == users
    assert not Membership.objects.filter(club__slug="north").exists()
