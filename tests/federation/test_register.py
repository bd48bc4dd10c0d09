"""The federation register (federation.selectors.federation_register): every club's lines
that stand, the federation's extremes, and a cost that does not grow with the clubs."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from clubs.selectors import all_clubs, forget_clubs
from federation.selectors import federation_register
from league.models import RegisterEntry
from tests.factories import fast_pin_hashing, other_club  # noqa: F401 (registers the fixture)
from tests.federation.helpers import club_side, superuser, two_clubs

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def test_each_clubs_highest_and_lowest_stand_side_by_side_with_the_federations_marked() -> None:
    two_clubs()
    forget_clubs()

    (bar,) = federation_register()

    assert bar.ruleset == "bar"
    lines = {line.club.name: line for line in bar.clubs}
    assert set(lines) == {"Test Balut Club", "Other Balut Club"}
    test, other = lines["Test Balut Club"], lines["Other Balut Club"]
    assert (test.highest and test.highest.score, test.lowest and test.lowest.score) == (171, 30)
    assert (other.highest and other.highest.score, other.lowest and other.lowest.score) == (175, 35)
    assert (other.federation_highest, test.federation_highest) == (True, False)
    assert (test.federation_lowest, other.federation_lowest) == (True, False)
    assert bar.highest is other.highest and bar.lowest is test.lowest


def test_a_removed_line_leaves_the_federation_register() -> None:
    two_clubs()
    forget_clubs()
    RegisterEntry.objects.filter(score=175).update(
        removed_at=timezone.now(), removal_reason="Miscounted."
    )

    (bar,) = federation_register()

    other = next(line for line in bar.clubs if line.club.slug == "other")
    assert other.highest is None and other.lowest is not None and other.lowest.score == 35
    assert bar.highest is not None and bar.highest.name == "Alpha High"


def test_a_level_score_goes_to_the_club_that_set_it_first() -> None:
    two_clubs()
    forget_clubs()
    RegisterEntry.objects.filter(score=175).update(score=171, date=datetime.date(1990, 1, 1))

    (bar,) = federation_register()

    assert bar.highest is not None and bar.highest.name == "Alpha High"


def test_a_club_shows_its_best_standing_line_and_of_level_ones_the_first_set() -> None:
    alpha, _ = two_clubs()
    forget_clubs()
    line = RegisterEntry.objects.get(club=alpha.club, score=171)

    def copy(**changes: object) -> None:
        RegisterEntry.objects.create(
            **{
                **{name: getattr(line, name) for name in ("club", "kind", "ruleset", "historic")},
                "player_name": "Alpha Copy",
                **changes,
            }
        )

    copy(score=171, date=datetime.date(1979, 11, 1), player_name="Alpha Earlier")
    copy(score=171, date=datetime.date(1979, 11, 3), player_name="Alpha Later")
    copy(score=172, date=datetime.date(1980, 1, 1), withdrawn_at=timezone.now())
    copy(score=173, date=datetime.date(1980, 1, 1), removed_at=timezone.now(), removal_reason="No.")
    copy(score=170, date=datetime.date(1970, 1, 1), player_name="Alpha Lower")

    (bar,) = federation_register()

    mine = next(line for line in bar.clubs if line.club == alpha.club)
    assert mine.highest is not None
    assert (mine.highest.score, mine.highest.name) == (171, "Alpha Earlier")


def test_a_server_without_register_lines_has_an_empty_federation_register() -> None:
    assert list(federation_register()) == []


def _counted(clubs: int) -> int:
    forget_clubs()
    all_clubs()  # the server's clubs, kept in the process as for every request
    with CaptureQueriesContext(connection) as counted:
        register = federation_register()
    assert sum(len(game.clubs) for game in register) == clubs
    return len(counted.captured_queries)


def test_the_register_costs_the_same_queries_with_two_clubs_and_with_five() -> None:
    for number in range(2):
        club_side(other_club(f"other{number}"), f"Club{number}", high=160 + number, low=40)
    two = _counted(2)
    for number in range(2, 5):
        club_side(other_club(f"other{number}"), f"Club{number}", high=160 + number, low=40)
    five = _counted(5)

    assert two == five <= 3


def test_the_register_page_costs_the_same_queries_with_two_clubs_and_with_five(
    client: Client,
) -> None:
    client.force_login(superuser())

    def page_queries(clubs: int) -> int:
        forget_clubs()
        all_clubs()
        with CaptureQueriesContext(connection) as counted:
            html = client.get("/federation/register/").content.decode()
        assert html.count("<tr data-club=") == clubs
        return len(counted.captured_queries)

    for number in range(2):
        club_side(other_club(f"other{number}"), f"Club{number}", high=160 + number, low=40)
    two = page_queries(2)
    for number in range(2, 5):
        club_side(other_club(f"other{number}"), f"Club{number}", high=160 + number, low=40)

    assert page_queries(5) == two
