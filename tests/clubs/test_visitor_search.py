"""The start page finds members of other clubs by name for a seat (scoring:visitor_search, and
the page's Find button without scripts): only for a signed-in member of the club, at most
VISITOR_RESULTS, never the club's own members or an inactive one."""

from __future__ import annotations

import re

import pytest
from django.http import HttpResponse
from django.test import Client

from clubs.services import join_club
from scoring.forms.visitors import VISITOR_RESULTS
from scoring.models import Game, Member
from scoring.services.members import create_member
from tests.factories import (
    PIN,
    fast_pin_hashing,  # noqa: F401  (registers the fixture)
    other_club,
    the_club,
)
from tests.page_text import text_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

SEARCH = "/c/club/games/new/visitors/"


def search(client: Client, query: dict[str, str | int]) -> HttpResponse:
    return client.get(SEARCH, query)  # type: ignore[return-value]


def offered(html: str) -> list[str]:
    """The options of the other clubs' group in a seat's list."""
    group = re.search(
        r'<optgroup label="Members of other clubs, as guests">(.*?)</optgroup>', html, re.S
    )
    return re.findall(r"<option value=\"\d+\"[^>]*>([^<]*)</option>", group[1]) if group else []


def test_a_member_finds_a_member_of_another_club_by_a_part_of_either_name(
    client: Client, ann: Member, bea: Member
) -> None:
    client.force_login(ann.user)

    by_known_as = search(client, {"seat": 1, "player_1_find": "be"})
    by_name = search(client, {"seat": 1, "player_1_find": "holm"})

    assert by_known_as.status_code == by_name.status_code == 200
    html = by_known_as.content.decode()
    assert offered(html) == ["Bea (Other Balut Club)"]
    assert offered(by_name.content.decode()) == ["Bea (Other Balut Club)"]
    # The seat's own list, drawn again: its name, and the club's members first.
    assert 'name="player_1_member"' in html
    assert re.search(rf'<option value="{ann.pk}">Ann</option>', html)


def test_the_search_finds_no_one_of_the_club_itself_nor_an_inactive_member(
    client: Client, ann: Member, bea: Member
) -> None:
    both = create_member(in_club=other_club(), name="Bente Both", known_as="Bente", pin=PIN)
    join_club(club=the_club(), user=both.user)
    Member.objects.filter(
        pk=create_member(in_club=other_club(), name="Bettina Gone", known_as="Bettina", pin=PIN).pk
    ).update(is_active=False)
    client.force_login(ann.user)

    html = search(client, {"seat": 0, "player_0_find": "be"}).content.decode()

    assert offered(html) == ["Bea (Other Balut Club)"]


def test_the_search_answers_at_most_its_limit_and_nothing_for_one_letter(
    client: Client, ann: Member, bea: Member, django_assert_num_queries
) -> None:
    for number in range(VISITOR_RESULTS + 5):
        create_member(
            in_club=other_club(), name=f"Visitor {number:02d}", known_as=f"Vis {number:02d}"
        )
    client.force_login(ann.user)
    search(client, {"seat": 2})  # the server's clubs read, as any first request does

    # The session, the user, the role in the club, the club's members, the clubs that show
    # their members to visitors, the matches.
    with django_assert_num_queries(6):
        many = search(client, {"seat": 2, "player_2_find": "vis"})
    one_letter = search(client, {"seat": 2, "player_2_find": "v"})

    assert len(offered(many.content.decode())) == VISITOR_RESULTS
    assert offered(one_letter.content.decode()) == []


def test_a_visitor_chosen_for_a_seat_stays_in_its_list_as_the_search_changes(
    client: Client, ann: Member, bea: Member
) -> None:
    client.force_login(ann.user)

    html = search(
        client, {"seat": 1, "player_1_find": "zz", "player_1_member": bea.pk}
    ).content.decode()

    assert re.search(rf'<option value="{bea.pk}" selected>Bea \(Other Balut Club\)</option>', html)


@pytest.mark.parametrize("who", ["nobody", "member of another club"])
def test_the_search_is_refused_to_anyone_but_a_signed_in_member_of_the_club(
    client: Client, ann: Member, bea: Member, who: str
) -> None:
    if who != "nobody":
        client.force_login(bea.user)

    answer = search(client, {"seat": 1, "player_1_find": "an"})

    assert answer.status_code == 403
    assert "Ann" not in text_of(answer.content.decode())
    assert not Game.objects.filter(club=the_club()).exists()


def test_the_search_is_get_only_and_names_a_seat(client: Client, ann: Member, bea: Member) -> None:
    client.force_login(ann.user)

    posted = client.post(SEARCH, {"seat": "1", "player_1_find": "be"})
    no_seat = search(client, {"seat": 9, "player_9_find": "be"})
    not_a_number = search(client, {"seat": "x"})

    assert posted.status_code == 405
    assert no_seat.status_code == not_a_number.status_code == 400
    assert "There is no such seat." in no_seat.content.decode()
    assert not Game.objects.filter(club=the_club()).exists()


def test_without_scripts_find_sends_the_page_back_with_the_matches_and_starts_nothing(
    client: Client, ann: Member, bea: Member
) -> None:
    client.force_login(ann.user)

    answer = client.post(
        "/c/club/games/new/",
        {
            "ruleset": "balut",
            "scorer": ann.pk,
            "player_0_member": ann.pk,
            "player_1_find": "bea",
            "find_seat": "1",
        },
    )

    assert answer.status_code == 200
    html = answer.content.decode()
    seat = html.split('name="player_1_member"', 1)[1].split("</select>", 1)[0]
    assert "Bea (Other Balut Club)" in seat
    assert re.search(
        rf'name="player_0_member"[^>]*>.*?<option value="{ann.pk}" selected>', html, re.S
    )
    assert "is-invalid" not in html
    assert not Game.objects.filter(club=the_club()).exists()
