"""The federation's pages with two clubs, read by its administrator."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from clubs.selectors import forget_clubs
from tests.factories import fast_pin_hashing  # noqa: F401 (registers the fixture)
from tests.federation.helpers import make_public, superuser, two_clubs
from tests.league.helpers import play_bar

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def section_of(html: str, marker: str) -> str:
    start = html.index(marker)
    return html[start : html.index("</section>", start)]


@pytest.fixture
def admin_client(client: Client) -> Client:
    two_clubs()
    forget_clubs()
    client.force_login(superuser())
    return client


def test_the_federation_page_lists_each_club_with_its_members_and_games(
    admin_client: Client,
) -> None:
    make_public()
    html = admin_client.get("/federation/").content.decode()

    assert "Balut Federation" in html
    for slug, name in (("club", "Test Balut Club"), ("other", "Other Balut Club")):
        assert f'<a href="/c/{slug}/">{name}</a>' in html
    # Each club: its secretary and its member; one finished game (the imported bar game).
    assert html.count('<td class="text-end club-members">2</td>') == 2
    assert html.count('<td class="text-end club-games">1</td>') == 2


def test_the_register_shows_both_clubs_lines_with_the_federation_extremes_marked(
    admin_client: Client,
) -> None:
    response = admin_client.get("/federation/register/")
    html = response.content.decode()

    assert response.status_code == 200
    for text in ("Test Balut Club", "Other Balut Club", "Alpha High", "Beta High", "171", "175"):
        assert text in html
    assert html.count('data-federation="high"') == 1
    assert html.count('data-federation="low"') == 1
    other_row = html[html.index('<tr data-club="other">') :]
    assert other_row.index('data-federation="high"') < other_row.index("</tr>")
    own_row = html[html.index('<tr data-club="club">') :]
    assert own_row.index('data-federation="low"') < own_row.index("</tr>")
    assert 'href="/c/other/register/"' in html


def test_the_standings_show_each_clubs_season_and_link_to_its_own_page(
    admin_client: Client,
) -> None:
    html = admin_client.get("/federation/standings/?ruleset=bar").content.decode()

    assert "Alpha season" in html and "Beta season" in html
    assert 'href="/c/other/standings/?ruleset=bar"' in html
    assert 'href="/c/club/standings/?ruleset=bar"' in html


def test_an_unknown_game_in_the_standings_address_shows_the_usual_game(
    admin_client: Client,
) -> None:
    assert admin_client.get("/federation/standings/?ruleset=chess").status_code == 200


def test_the_records_show_each_clubs_records_side_by_side(admin_client: Client) -> None:
    html = admin_client.get("/federation/records/").content.decode()

    assert 'href="/c/club/records/"' in html and 'href="/c/other/records/"' in html
    # The register's historic lines are each club's highest.
    assert "Alpha High" in html and "Beta High" in html


def test_on_a_one_club_server_the_federation_page_is_there_too(client: Client) -> None:
    client.force_login(superuser())
    html = client.get("/federation/").content.decode()

    assert '<a href="/c/club/">Test Balut Club</a>' in html
    assert client.get("/federation/register/").status_code == 200


def test_the_standings_show_the_top_of_a_clubs_current_season(admin_client: Client) -> None:
    play_bar()

    html = admin_client.get("/federation/standings/?ruleset=bar").content.decode()

    own, other = (section_of(html, f'data-club="{slug}"') for slug in ("club", "other"))
    assert own.count('class="standing-row"') == 3
    assert own.index("Ann") < own.index("Cy") < own.index("Ben")
    assert 'class="standing-row"' not in other
    assert "No finished game of this kind in the season yet." in other


def test_the_administrators_two_forms_share_no_id(admin_client: Client) -> None:
    html = admin_client.get("/federation/").content.decode()

    ids = re.findall(r'\sid="([^"]+)"', html)
    assert "new_club_name" in ids and "federation_name" in ids
    assert len(ids) == len(set(ids))


def test_the_list_of_clubs_offers_the_federation_to_whoever_may_read_it(client: Client) -> None:
    two_clubs()
    forget_clubs()
    make_public(False)
    assert 'id="federation-link"' not in client.get("/clubs/").content.decode()

    make_public(True)
    html = client.get("/clubs/").content.decode()
    assert '<a href="/federation/" id="federation-link">' in html

    make_public(False)
    client.force_login(superuser())
    assert 'id="federation-link"' in client.get("/clubs/").content.decode()
