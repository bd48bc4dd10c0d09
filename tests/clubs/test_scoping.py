"""The guard of clubs.scoping: a club page that reads a club-owned model without naming a club
fails loudly in the tests; a scoped read, a deliberate read across clubs and anything outside
a club page pass; production (the setting off) checks nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from pytest_django.fixtures import Settings

from clubs.scoping import UnscopedClubQuery, serve_guarded
from league.models import PlayerResultRow, Season
from scoring.models import Game
from stats.queries import Wanted, first_rows
from tests.factories import other_club, start_test_game, the_club

pytestmark = pytest.mark.django_db


def served(read: Callable[[], object]) -> HttpResponse:
    """`read` run as a club page's view would run it."""

    def view(request: HttpRequest) -> HttpResponse:
        read()
        return HttpResponse("ok")

    return serve_guarded(RequestFactory().get("/games/"), view)


@pytest.mark.parametrize(
    "read",
    [
        pytest.param(lambda: list(Game.objects.all()), id="all"),
        pytest.param(lambda: Game.objects.filter(status="finished").count(), id="count"),
        pytest.param(lambda: Game.objects.exists(), id="exists"),
        pytest.param(lambda: Game.objects.filter(ruleset="balut").first(), id="first"),
        pytest.param(lambda: Season.objects.update(name="x"), id="update"),
        pytest.param(lambda: list(Game.objects.filter(pk__in=[1, 2])), id="several-ids"),
        pytest.param(
            lambda: list(Game.objects.filter(Q(club=the_club()) | Q(ruleset="bar"))),
            id="club-or-anything",
        ),
        pytest.param(lambda: list(Game.objects.exclude(club=the_club())), id="every-other-club"),
        pytest.param(lambda: list(Game.objects.values_list("pk", flat=True)), id="values"),
    ],
)
def test_a_club_page_reading_a_club_owned_model_without_its_club_is_refused(
    read: Callable[[], object],
) -> None:
    start_test_game()

    with pytest.raises(UnscopedClubQuery, match="names no club"):
        served(read)


def test_the_refusal_names_the_line_that_made_the_query() -> None:
    with pytest.raises(UnscopedClubQuery, match=r"test_scoping\.py:\d+"):
        served(lambda: list(Game.objects.all()))


@pytest.mark.parametrize(
    "read",
    [
        pytest.param(lambda: list(Game.objects.filter(club=the_club())), id="club"),
        pytest.param(lambda: Game.objects.filter(club_id=the_club().pk).count(), id="club-id"),
        pytest.param(lambda: list(Game.objects.filter(club__slug="club")), id="club-slug"),
        pytest.param(
            lambda: list(Game.objects.filter(club__in=[the_club(), other_club()])), id="clubs"
        ),
        pytest.param(
            lambda: list(PlayerResultRow.objects.filter(game__club=the_club())), id="through"
        ),
        pytest.param(lambda: list(the_club().games.all()), id="club-related-manager"),
        pytest.param(lambda: Game.objects.filter(pk=1).first(), id="one-by-id"),
        pytest.param(lambda: list(Game.objects.all().across_clubs()), id="across-clubs"),
        pytest.param(
            lambda: first_rows(
                [Wanted("k", "balut", PlayerResultRow.objects.filter(club=the_club()), ["pk"])]
            ),
            id="scoped-subquery",
        ),
    ],
)
def test_a_club_page_reading_its_own_clubs_rows_passes(read: Callable[[], object]) -> None:
    start_test_game()

    assert served(read).content == b"ok"


def test_an_unscoped_subquery_makes_the_query_around_it_unscoped() -> None:
    everyone = PlayerResultRow.objects.order_by("-score").values("pk")[:1]

    with pytest.raises(UnscopedClubQuery):
        served(lambda: list(PlayerResultRow.objects.filter(pk__in=everyone)))


def test_outside_a_club_page_nothing_is_checked() -> None:
    """Commands, migrations and the server's own pages read across clubs as they need."""
    start_test_game()

    assert len(Game.objects.all()) == 1


def test_with_the_setting_off_a_club_page_is_not_checked(settings: Settings) -> None:
    """Production runs with the setting off: the queries are not looked at at all."""
    settings.CLUB_QUERY_GUARD = False

    assert served(lambda: list(Game.objects.all())).content == b"ok"


def test_a_club_page_served_through_the_middleware_is_guarded(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The middleware turns the guard on for a club's pages, with or without /c/<slug>/."""
    start_test_game(in_club=the_club())
    monkeypatch.setattr("stats.views.club_records", lambda club: list(Game.objects.all()))

    with pytest.raises(UnscopedClubQuery):
        client.get("/records/")
    other_club()
    with pytest.raises(UnscopedClubQuery):
        client.get("/c/club/records/")


def test_the_servers_own_pages_are_not_club_pages(client: Client) -> None:
    """/clubs/ lists every club: no club is named, so nothing is guarded there."""
    other_club()

    assert client.get("/clubs/").status_code == 200
