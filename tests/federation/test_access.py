"""Who reads the federation's pages: anyone when it is public, else its administrator only;
and a club's own privacy holds on them too."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.selectors import forget_clubs
from league.models import ClubSettings
from scoring.models import PublicArea
from tests.factories import (
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
    other_club,
    the_club,
)
from tests.federation.helpers import make_public, superuser, two_clubs

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

PAGES = (
    "/federation/",
    "/federation/register/",
    "/federation/standings/",
    "/federation/records/",
    "/federation/ratings/",
)
ROLES = ("anonymous", "member", "secretary", "superuser")


def signed_in_as(client: Client, role: str) -> None:
    alpha, _ = two_clubs()
    forget_clubs()
    users: dict[str, User | None] = {
        "anonymous": None,
        "member": alpha.member.user,
        "secretary": alpha.secretary,
        "superuser": superuser(),
    }
    user = users[role]
    if user is not None:
        client.force_login(user)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("role", ROLES)
def test_a_public_federation_is_read_by_everyone(client: Client, role: str, page: str) -> None:
    signed_in_as(client, role)
    make_public(True)

    assert client.get(page).status_code == 200


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("role", ROLES)
def test_a_private_federation_is_its_administrators_only(
    client: Client, role: str, page: str
) -> None:
    signed_in_as(client, role)
    make_public(False)

    response = client.get(page)

    if role == "superuser":
        assert response.status_code == 200
    elif role == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/?next=")
    else:
        assert response.status_code == 403
        assert "open to its administrator only" in response.content.decode()


def test_without_a_federation_row_the_pages_are_private(client: Client) -> None:
    signed_in_as(client, "member")

    assert client.get("/federation/").status_code == 403


def test_only_the_administrator_sees_the_forms(client: Client) -> None:
    signed_in_as(client, "secretary")
    make_public(True)
    html = client.get("/federation/").content.decode()

    assert 'id="new-club"' not in html and 'id="federation-settings"' not in html


def test_a_club_keeping_its_records_to_its_members_is_left_out_for_visitors(
    client: Client,
) -> None:
    signed_in_as(client, "anonymous")
    make_public(True)
    ClubSettings.objects.update_or_create(
        club=other_club(), defaults={"public_areas": [PublicArea.BOARD]}
    )

    register = client.get("/federation/register/").content.decode()
    records = client.get("/federation/records/").content.decode()
    standings = client.get("/federation/standings/").content.decode()

    for html in (register, records, standings):
        assert 'data-club="other"' not in html
        assert "Kept to their own members:" in html and "Other Balut Club" in html
    assert "Beta High" not in register and "Alpha High" in register
    # Of those shown, the test club's 171 is now the federation's highest.
    row = register[register.index('<tr data-club="club">') :]
    assert row.index('data-federation="high"') < row.index("</tr>")


def test_a_member_sees_their_own_clubs_records_even_if_kept_from_visitors(
    client: Client,
) -> None:
    signed_in_as(client, "member")
    make_public(True)
    ClubSettings.objects.update_or_create(club=other_club(), defaults={"public_areas": []})
    ClubSettings.objects.update_or_create(club=the_club(), defaults={"public_areas": []})

    html = client.get("/federation/register/").content.decode()

    assert "Alpha High" in html and "Beta High" not in html
