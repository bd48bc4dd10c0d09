"""`manage.py create_club`: the federation administrator's command, which opens a club the one
way the federation's page does (clubs.services.open_club)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from clubs.models import Club, Membership, Role
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.django_db


def test_the_command_makes_the_club_and_its_new_secretary() -> None:
    out = StringIO()

    call_command(
        "create_club", "north", name="North", secretary="nora", password="a-long-pass", stdout=out
    )

    membership = Membership.objects.get(club__slug="north")
    assert (membership.user.username, membership.role) == ("nora", Role.SECRETARY)
    assert membership.user.check_password("a-long-pass")
    assert "is at /c/north/; nora is its secretary." in out.getvalue()


def test_an_existing_user_needs_no_password() -> None:
    boss = secretary("sam")

    call_command("create_club", "north", name="North", secretary="sam", stdout=StringIO())

    assert Membership.objects.get(club__slug="north").user == boss


@pytest.mark.parametrize(
    ("slug", "password", "message"),
    [
        ("admin", "a-long-pass", "admin is a word the server uses itself"),
        ("club", "a-long-pass", "already exists"),
        ("north", "123", "too short"),
    ],
)
def test_a_refusal_makes_nothing(slug: str, password: str, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        call_command("create_club", slug, name="North", secretary="nora", password=password)

    assert Club.objects.count() == 1
    assert not User.objects.filter(username="nora").exists()


def test_a_new_secretary_without_a_password_is_refused_outside_a_terminal() -> None:
    with pytest.raises(CommandError, match="give --password"):
        call_command("create_club", "north", name="North", secretary="nora")

    assert not Club.objects.filter(slug="north").exists()


def test_the_command_keeps_the_secretarys_email_and_makes_no_staff() -> None:
    out = StringIO()
    call_command(
        "create_club",
        "north",
        name="North",
        secretary="nora",
        email="nora@example.org",
        password="a-long-pass",
        stdout=out,
    )

    nora = User.objects.get(username="nora")
    assert nora.email == "nora@example.org" and not nora.is_staff and not nora.is_superuser
    assert "/c/north/signin/" in out.getvalue()


def test_a_bad_email_address_makes_nothing() -> None:
    with pytest.raises(CommandError, match="valid email"):
        call_command(
            "create_club",
            "north",
            name="North",
            secretary="nora",
            email="not-an-address",
            password="a-long-pass",
        )

    assert not Club.objects.filter(slug="north").exists()
    assert not User.objects.filter(username="nora").exists()
