"""Every list page's filters, fed days no club has and ids no table holds: a 400 or a list
(empty or not), never a 500. On SQLite and on PostgreSQL (.ci/run runs both), where
out-of-range dates and integers fail in different places."""

from __future__ import annotations

import pytest
from django.test import Client

from league.services.books import book_game
from scoring.models import Member
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import imported, secretary

pytestmark = pytest.mark.django_db

# Each list page and the query parameters it reads (the sheets' club night reads its dates).
PAGES = {
    "/": ["page"],
    "/audit/": ["since", "until", "by", "action", "page", "sort"],
    "/ledger/": ["game", "member", "status", "reason", "page", "sort"],
    "/register/": ["year", "kind", "player", "show", "page", "sort"],
    "/standings/": ["season", "ruleset"],
    "/seasons/": [],
    "/members/": [],
    "/records/": [],
    "/board/": [],
    "/sheets/club-night/": ["date_from", "date_to", "lang"],
    # A player's games, a page at a time (the member id is filled in by the fixture).
    "/players/{member}/": ["page"],
}

HOSTILE = [
    "0001-01-01",
    "0000-00-00",
    "9999-12-31",
    "10000-01-01",
    "1899-12-31",
    "-1",
    "0",
    "999999999999999999999",
    "9223372036854775808",
    "-9223372036854775809",
    "1e309",
    "NaN",
    "x" * 300,
    "\x00",
]


@pytest.fixture
def club(client: Client) -> Client:
    game = imported("bar-register")
    book_game(game=game)
    play_bar()
    client.force_login(secretary())
    return client


def url(page: str) -> str:
    if "{member}" not in page:
        return page
    return page.format(member=Member.objects.get(known_as="Ann").pk)


def cases() -> list[tuple[str, str, str]]:
    return [
        (page, name, value) for page, names in PAGES.items() for name in names for value in HOSTILE
    ]


@pytest.mark.parametrize(("page", "name", "value"), cases())
def test_a_hostile_filter_value_answers_400_or_a_list_never_a_500(
    club: Client, page: str, name: str, value: str
) -> None:
    response = club.get(url(page), {name: value})

    assert response.status_code in (200, 400, 422), (page, name, value, response.status_code)


@pytest.mark.parametrize("page", [page for page, names in PAGES.items() if names])
def test_every_filter_of_a_page_hostile_at_once_is_no_500(club: Client, page: str) -> None:
    for value in HOSTILE:
        response = club.get(url(page), dict.fromkeys(PAGES[page], value))

        assert response.status_code in (200, 400, 422), (page, value, response.status_code)
