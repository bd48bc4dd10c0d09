"""Two clubs on one server: club A's pages, exports and PDFs hold nothing of club B's, each
club's links stay inside its address, and a person of both clubs signs in to each (the
refusals of B's ids under A's address: test_isolation.py).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from clubs.models import Club
from clubs.services import join_club
from scoring.models import Game, Member
from tests.clubs.isolation_world import B_NAMES, World
from tests.clubs.isolation_world import (
    world as world,  # noqa: F401 (registers the fixture)
)
from tests.factories import (
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


PAGES = (
    "",
    "register/",
    "ledger/",
    "members/",
    "standings/",
    "records/",
    "board/",
    "audit/",
    "seasons/",
    "standings/?_export=csv",
    "members/?_export=csv",
    "tournaments/",
    "competitions/",
    "ratings/",
    "disputes/",
)


@pytest.mark.parametrize("page", PAGES)
def test_club_as_pages_and_exports_hold_nothing_of_club_b(
    client: Client, world: World, page: str
) -> None:
    client.force_login(world.users["secretary"])  # type: ignore[arg-type]

    response = client.get(f"/c/club/{page}")

    assert response.status_code == 200
    text = b"".join(response) if response.streaming else response.content
    assert [name for name in B_NAMES if name.encode() in text] == []


def test_club_bs_own_pages_show_its_own_names(client: Client, world: World) -> None:
    """The other side of the test above: B's names are there to be found on B's pages."""
    client.force_login(world.b_secretary)

    members = client.get("/c/other/members/").content.decode()
    register = client.get("/c/other/register/").content.decode()

    assert "Zebedee" in members and "Xanthe" in members
    assert "Quentin" in register


def test_club_as_club_night_pdf_holds_only_club_as_sheets(client: Client, world: World) -> None:
    import io

    from pypdf import PdfReader

    client.force_login(world.users["secretary"])  # type: ignore[arg-type]
    games = Game.objects.filter(imported=True)
    day = games.order_by("started_at").first()
    assert day is not None
    on = timezone.localdate(day.started_at).isoformat()

    response = client.post("/c/club/sheets/club-night/", {"date_from": on, "date_to": on})

    assert response.status_code == 200
    pdf = PdfReader(io.BytesIO(b"".join(response)))
    text = "".join(page.extract_text() for page in pdf.pages)
    assert f"#{world.b_kwargs['game_id']}" not in text


def test_an_address_naming_no_club_is_not_found(client: Client, world: World) -> None:
    assert client.get("/c/nowhere/standings/").status_code == 404


def test_with_two_clubs_the_home_page_lists_them(client: Client, world: World) -> None:
    response = client.get("/")

    assert response.status_code == 302 and response["Location"] == "/clubs/"
    listing = client.get("/clubs/").content.decode()
    assert 'href="/c/club/"' in listing and 'href="/c/other/"' in listing


def test_a_club_page_links_stay_inside_its_club(client: Client, world: World) -> None:
    client.force_login(world.b_secretary)

    html = client.get("/c/other/register/").content.decode()

    assert 'href="/c/other/standings/"' in html
    assert 'href="/standings/"' not in html


def test_a_person_in_both_clubs_signs_in_by_pin_to_each(client: Client, world: World) -> None:
    dee = Member.objects.get(known_as="Dee")
    join_club(club=Club.objects.get(slug="other"), user=dee.user)

    for slug in ("club", "other"):
        client.logout()
        response = client.post(
            f"/c/{slug}/signin/", {"member": dee.pk, "pin": "1234", "next": f"/c/{slug}/"}
        )
        assert response.status_code == 302, slug
        assert response["Location"] == f"/c/{slug}/"


def test_a_member_of_another_club_is_not_offered_at_club_as_sign_in(
    client: Client, world: World
) -> None:
    zebedee = Member.objects.get(known_as="Zebedee")

    response = client.post("/c/club/signin/", {"member": zebedee.pk, "pin": "1234"})

    assert response.status_code == 422
    assert not response.wsgi_request.user.is_authenticated
