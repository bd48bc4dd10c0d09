"""The members page: every member with the games they played and the rounds they owe."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from league.services.books import book_game
from league.services.ledger import settle_debt
from scoring.models import Member
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(member_client: Client) -> Client:
    """These pages are for signed-in members (scoring.access.privacy): the tests read them as
    one."""
    return member_client


MEMBERS = reverse("league:members")


def figures(html: str, known_as: str) -> tuple[str, str]:
    """The member's row: games played, and rounds owed (a link to them when there are any)."""
    row = html[html.index(f'data-member="{known_as}"') :].split("</tr>")[0]
    played = row.split('data-col="games_played">')[1].split("<")[0]
    owed = row.split('data-col="owed">')[1].split("</td>")[0]
    return played, owed


def test_each_member_shows_games_played_and_rounds_owed(client: Client) -> None:
    first = play_bar()
    book_game(game=first)
    second = play_bar()
    (debt,) = book_game(game=second).debts
    settle_debt(debt=debt, by=secretary())
    play_bar(leave=1)  # not finished: not played yet
    member("Zed")

    html = client.get(MEMBERS).content.decode()

    assert figures(html, "Ann") == ("2", "0")
    played, owed = figures(html, "Ben")
    assert played == "2"
    assert f'member={Member.objects.get(known_as="Ben").pk}">1</a>' in owed
    assert figures(html, "Zed") == ("0", "0")


def test_former_members_are_not_listed(client: Client) -> None:
    gone = member("Gone")
    Member.objects.filter(pk=gone.pk).update(is_active=False)

    assert 'data-member="Gone"' not in client.get(MEMBERS).content.decode()


def test_the_members_sort_by_rounds_owed(client: Client) -> None:
    book_game(game=play_bar())

    html = client.get(f"{MEMBERS}?sort=-rounds_owed").content.decode()

    assert html.index('data-member="Ben"') < html.index('data-member="Ann"')


@pytest.mark.parametrize("games", [1, 4])
def test_the_members_page_costs_the_same_queries_however_many_members(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries, games: int
) -> None:
    for i in range(games):
        book_game(game=play_bar())
        member(f"Extra{i}")

    # The session, its user, whether they are the secretary and their member (the menu), then
    # the table's count and its page, the counts computed inside the page's query.
    with django_assert_num_queries(6):
        assert client.get(MEMBERS).status_code == 200


def test_the_pin_help_speaks_of_a_new_member_when_adding_and_of_the_old_pin_when_editing(
    client: Client,
) -> None:
    client.force_login(secretary())
    ann = member("Ann")

    adding = client.get(reverse("league:member_add")).content.decode()
    editing = client.get(reverse("league:member", args=[ann.pk])).content.decode()

    assert "the new member has no PIN yet" in adding and "the PIN stays" not in adding
    assert "Left empty, the PIN stays as it is." in editing
