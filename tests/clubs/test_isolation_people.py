"""Privacy is the owning club's, for the people of several clubs (issue 38): a PIN session
belongs to the club it was opened at, a person's page shows another club's games only where
that club shows them to visitors, the start page finds another club's members only where that
club shows its members, and seats one only with their own PIN."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Club, Role
from clubs.services import join_club
from league.models import ClubSettings
from scoring.models import Game, Member, PublicArea
from scoring.services.members import create_member
from tests.clubs.test_visitor_search import SEARCH, offered
from tests.factories import (
    PIN,
    fast_pin_hashing,  # noqa: F401  (registers the fixture)
    other_club,
    the_club,
)
from tests.stats.test_player_clubs import (
    dee,  # noqa: F401, F811  (registers the fixture: a member of both clubs)
    finished_in,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def open_to_visitors(club: Club, *areas: str) -> None:
    ClubSettings.objects.update_or_create(club=club, defaults={"public_areas": list(areas)})


def sign_in_by_pin(client: Client, slug: str, member: Member) -> None:
    response = client.post(f"/c/{slug}/signin/", {"member": member.pk, "pin": PIN, "next": "/"})
    assert response.status_code == 302


def test_a_pin_typed_at_one_clubs_tablet_opens_nothing_of_another_club(
    client: Client,
    dee: Member,  # noqa: F811
) -> None:
    open_to_visitors(other_club())

    sign_in_by_pin(client, "club", dee)
    here = client.get("/c/club/members/")
    there = client.get("/c/other/members/")

    assert here.status_code == 200
    assert there.status_code == 302 and "/c/other/signin/" in there["Location"]
    # Signing in at the other club's tablet makes the session that club's.
    sign_in_by_pin(client, "other", dee)
    assert client.get("/c/other/members/").status_code == 200
    assert client.get("/c/club/members/").status_code == 302


def test_a_secretarys_password_session_spans_their_clubs(client: Client) -> None:
    boss = create_member(
        in_club=the_club(), name="Bo Boss", known_as="Bo", pin=PIN, password="pass-word-1"
    )
    join_club(club=other_club(), user=boss.user, role=Role.SECRETARY)

    # A password session, as the secretaries' sign-in makes it (no PIN session's club).
    client.force_login(boss.user, backend="django.contrib.auth.backends.ModelBackend")

    assert client.get("/c/club/members/").status_code == 200
    assert client.get("/c/other/audit/").status_code == 200


def test_a_persons_page_shows_another_clubs_games_only_where_it_shows_them(
    client: Client,
    dee: Member,  # noqa: F811
) -> None:
    finished_in(the_club(), dee, "Eve")
    secret = finished_in(other_club(), dee, "Fay")
    open_to_visitors(other_club())
    sign_in_by_pin(client, "club", dee)

    hidden = client.get(f"/c/club/players/{dee.pk}/?clubs=all").content.decode()
    open_to_visitors(other_club(), PublicArea.MEMBERS)
    shown = client.get(f"/c/club/players/{dee.pk}/?clubs=all").content.decode()

    assert "Other Balut Club" not in hidden and "Fay" not in hidden
    assert f"#{secret.pk}" not in hidden
    assert "Other Balut Club" in shown and f"#{secret.pk}" in shown


def test_the_visitor_search_finds_only_clubs_that_show_their_members(client: Client) -> None:
    ann = create_member(in_club=the_club(), name="Ann Larsen", known_as="Ann", pin=PIN)
    create_member(in_club=other_club(), name="Beatrix Holm", known_as="Bea", pin=PIN)
    sign_in_by_pin(client, "club", ann)

    open_to_visitors(other_club())
    hidden = client.get(SEARCH, {"seat": "1", "player_1_find": "be"}).content.decode()
    open_to_visitors(other_club(), PublicArea.MEMBERS)
    shown = client.get(SEARCH, {"seat": "1", "player_1_find": "be"}).content.decode()

    assert offered(hidden) == [] and "Beatrix" not in hidden and "Other Balut" not in hidden
    assert offered(shown) == ["Bea (Other Balut Club)"]


def start(client: Client, ann: Member, bea: Member, **extra: str) -> object:
    return client.post(
        "/c/club/games/new/",
        {
            "ruleset": "bar",
            "scorer": ann.pk,
            "player_0_member": ann.pk,
            "player_1_member": bea.pk,
            **extra,
        },
    )


def test_another_clubs_member_sits_only_with_their_own_pin(client: Client) -> None:
    ann = create_member(in_club=the_club(), name="Ann Larsen", known_as="Ann", pin=PIN)
    bea = create_member(in_club=other_club(), name="Beatrix Holm", known_as="Bea", pin="4321")
    sign_in_by_pin(client, "club", ann)

    without = start(client, ann, bea)
    wrong = start(client, ann, bea, player_1_pin="1111")
    assert Game.objects.count() == 0
    right = start(client, ann, bea, player_1_pin="4321")

    assert without.status_code == wrong.status_code == 422  # type: ignore[attr-defined]
    assert "Bea is a member of another club" in without.content.decode()  # type: ignore[attr-defined]
    assert "That PIN is not right." in wrong.content.decode()  # type: ignore[attr-defined]
    assert right.status_code == 302  # type: ignore[attr-defined]
    game = Game.objects.get()
    assert sorted(game.players.values_list("member__known_as", flat=True)) == ["Ann", "Bea"]
    # The tablet stays Ann's: Bea's PIN seated her, it did not sign her in.
    assert client.get("/c/club/members/").wsgi_request.user == ann.user
