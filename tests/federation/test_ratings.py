"""The federation's rating list: every club's people ranked together, each person once, the
clubs that keep their standings to their members left out for visitors."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Role
from clubs.selectors import forget_clubs
from clubs.services import join_club
from league.models import ClubSettings, PublicArea
from scoring.models import Member
from scoring.services.members import create_member
from scoring.services.records import import_game_record
from tests.factories import (
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
    other_club,
)
from tests.federation.helpers import make_public, superuser
from tests.ratings.helpers import bar_record, played

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


@pytest.fixture
def rated() -> None:
    """Ann beat Ben at the test club; Cat beat Dan at the other, where Ann is a member too."""
    played({"Ann": 20, "Ben": 10}, "2026-03-01T20:00:00+01:00")
    other = other_club()
    for name in ("Cat", "Dan"):
        create_member(in_club=other, name=f"{name} Member", known_as=name, pin="1234")
    join_club(club=other, user=Member.objects.get(known_as="Ann").user, role=Role.MEMBER)
    import_game_record(
        in_club=other,
        data=bar_record({"Cat": 25, "Dan": 5}, "2026-03-02T20:00:00+01:00"),
        imported_by=None,
        source="test:federation",
    )
    forget_clubs()


def names(html: str) -> list[str]:
    return [part.split('"', 1)[0] for part in html.split('data-person="')[1:]]


@pytest.mark.usefixtures("rated")
def test_the_administrator_reads_every_clubs_people_ranked_together_each_once(
    client: Client,
) -> None:
    client.force_login(superuser())

    response = client.get("/federation/ratings/?ruleset=bar")
    html = response.content.decode()

    assert response.status_code == 200
    listed = names(html)
    assert sorted(listed) == ["Ann", "Ben", "Cat", "Dan"]  # Ann, in both clubs, once
    assert set(listed[:2]) == {"Ann", "Cat"}


@pytest.mark.usefixtures("rated")
def test_a_club_keeping_its_standings_to_its_members_is_left_out_for_visitors(
    client: Client,
) -> None:
    make_public(True)
    ClubSettings.objects.update_or_create(
        club=other_club(), defaults={"public_areas": [PublicArea.BOARD]}
    )

    html = client.get("/federation/ratings/?ruleset=bar").content.decode()

    # Ann belongs to the test club too, so she stays; the other club's own people go.
    assert sorted(names(html)) == ["Ann", "Ben"]
    assert "Kept to their own members:" in html and "Other Balut Club" in html


@pytest.mark.usefixtures("rated")
def test_the_ratings_page_refuses_a_post_and_an_unknown_game_falls_back(client: Client) -> None:
    client.force_login(superuser())

    assert client.post("/federation/ratings/").status_code == 405
    html = client.get("/federation/ratings/?ruleset=chess").content.decode()
    assert "Ann" not in names(html)  # the usual game (Standard Balut): no one rated yet
    assert "No member has a rating for this game yet." in html


@pytest.mark.usefixtures("rated")
def test_a_rating_that_counts_a_game_of_a_club_keeping_everything_private_is_left_out(
    client: Client,
) -> None:
    """Ann plays at the other club too, which shows visitors neither its games nor its
    standings: her rating tells of that game, so visitors do not see it; the administrator,
    who may see every club, still does."""
    make_public(True)
    import_game_record(
        in_club=other_club(),
        data=bar_record({"Ann": 30, "Cat": 5}, "2026-03-03T20:00:00+01:00"),
        imported_by=None,
        source="test:federation-private",
    )
    ClubSettings.objects.update_or_create(
        club=other_club(), defaults={"public_areas": [PublicArea.BOARD]}
    )

    html = client.get("/federation/ratings/?ruleset=bar").content.decode()

    assert sorted(names(html)) == ["Ben"]
    client.force_login(superuser())
    html = client.get("/federation/ratings/?ruleset=bar").content.decode()
    assert sorted(names(html)) == ["Ann", "Ben", "Cat", "Dan"]


@pytest.mark.usefixtures("rated")
def test_a_club_that_opens_its_standings_but_not_its_games_still_counts(client: Client) -> None:
    make_public(True)
    import_game_record(
        in_club=other_club(),
        data=bar_record({"Ann": 30, "Cat": 5}, "2026-03-03T20:00:00+01:00"),
        imported_by=None,
        source="test:federation-standings",
    )
    ClubSettings.objects.update_or_create(
        club=other_club(), defaults={"public_areas": [PublicArea.STANDINGS]}
    )

    html = client.get("/federation/ratings/?ruleset=bar").content.decode()

    assert sorted(names(html)) == ["Ann", "Ben", "Cat", "Dan"]
