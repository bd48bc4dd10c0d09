"""A member of another club of the server sits at a game as themself: their results follow them
to their own club's pages, and they do not become a member of the club they visited."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import Client

from clubs.models import Membership
from league.models import ClubSettings
from scoring.models import Game, GameStatus, Member, PublicArea
from scoring.services.members import create_member
from tests.factories import (
    PIN,
    fast_pin_hashing,  # noqa: F401  (registers the fixture)
    other_club,
    the_club,
)
from tests.page_text import text_of
from tests.scoring.services.helpers import fill_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def post_start(client: Client, scorer: Member, **seats: object) -> HttpResponse:
    """The start form of the club's tablet, posted with `seats` (field name: value)."""
    form = {"ruleset": "balut", "scorer": scorer.pk, "pin": PIN, **seats}
    return client.post("/c/club/games/new/", form)  # type: ignore[return-value]


def start(client: Client, ann: Member, visitor: Member) -> Game:
    client.force_login(ann.user)  # the other clubs' members are offered to the club's own
    # The visitor types their own PIN at the tablet to sit as themself.
    answer = post_start(
        client, ann, player_0_member=ann.pk, player_1_member=visitor.pk, player_1_pin=PIN
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return Game.objects.get(club=the_club())


def test_the_setup_lists_the_club_s_own_members_and_finds_the_others_by_name(
    client: Client, ann: Member, bea: Member
) -> None:
    client.force_login(ann.user)
    page = client.get("/c/club/games/new/").content.decode()

    # A federation has thousands of members: they are searched (test_visitor_search), not listed.
    assert "Bea" not in text_of(page)
    assert 'name="player_1_find"' in page
    # Only the club's own members keep the score (their PIN signs them in to this club).
    scorer_field = page.split('name="scorer"', 1)[1].split("</select>", 1)[0]
    assert "Ann" in scorer_field


def test_a_visitor_seated_as_themself_finds_the_game_on_their_own_clubs_player_page(
    client: Client, ann: Member, bea: Member
) -> None:
    game = start(client, ann, bea)
    fill_game(game)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.players.get(seat=1).member == bea

    # Their own club's page: this club's games (none), and all their clubs' together (where
    # the club they visited shows its player pages to visitors).
    ClubSettings.objects.update_or_create(
        club=the_club(), defaults={"public_areas": [PublicArea.MEMBERS]}
    )
    client.force_login(bea.user)
    own = client.get(f"/c/other/players/{bea.pk}/").content.decode()
    together = client.get(f"/c/other/players/{bea.pk}/?clubs=all").content.decode()

    assert 'id="player-clubs"' in own
    assert f"#{game.pk}" not in own
    assert f"#{game.pk}" in together
    assert "Test Balut Club" in together


def test_a_visitor_does_not_become_a_member_of_the_club_they_visited(
    client: Client, ann: Member, bea: Member
) -> None:
    game = start(client, ann, bea)
    fill_game(game)
    client.force_login(ann.user)

    members_page = client.get("/c/club/members/").content.decode()

    assert not Membership.objects.filter(club=the_club(), user=bea.user).exists()
    assert "Ann" in members_page and "Bea" not in text_of(members_page)
    # Nor has this club a player page of theirs: what the club keeps is for its members.
    assert client.get(f"/c/club/players/{bea.pk}/").status_code == 404


def test_a_tablet_no_member_signed_in_to_shows_no_other_clubs_names(
    client: Client, ann: Member, bea: Member
) -> None:
    page = client.get("/c/club/games/new/").content.decode()
    assert "Members of other clubs" not in page and "Bea" not in text_of(page)

    answer = post_start(client, ann, player_0_member=ann.pk, player_1_member=bea.pk)
    assert answer.status_code == 422
    assert "Choose a member from the list." in answer.content.decode()
    assert not Game.objects.filter(club=the_club()).exists()


def test_a_member_of_another_club_signed_in_here_is_not_shown_the_server_s_members(
    client: Client, ann: Member, bea: Member
) -> None:
    create_member(in_club=other_club(), name="Cy Dahl", known_as="Cy", pin=PIN)
    client.force_login(bea.user)  # a visitor at this club

    page = client.get("/c/club/games/new/").content.decode()

    assert "Members of other clubs" not in page and "Cy" not in text_of(page)


def test_a_visitor_cannot_keep_the_score_of_the_club_they_visit(
    client: Client, ann: Member, bea: Member
) -> None:
    answer = post_start(client, bea, player_0_member=ann.pk, player_1_member=bea.pk)

    assert answer.status_code == 422
    assert not Game.objects.filter(club=the_club()).exists()


def test_a_guest_typed_under_a_visitors_name_is_sent_to_the_list(
    client: Client, ann: Member, bea: Member
) -> None:
    answer = post_start(client, ann, player_0_member=ann.pk, player_1_guest="bea")

    assert answer.status_code == 422
    assert "Bea is a member&#x27;s name" in answer.content.decode()
    assert not Game.objects.filter(club=the_club()).exists()
