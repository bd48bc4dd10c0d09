"""The club's settings are read once per request, and never kept past it (league.settings_memo)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import ClubSettings
from league.selectors import club_settings
from league.services.settings import update_club_settings
from league.settings_memo import ClubSettingsPerRequest
from tests.factories import the_club
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.django_db


def settings_reads(captured: CaptureQueriesContext) -> int:
    return sum("league_clubsettings" in query["sql"] for query in captured.captured_queries)


def save(club_name: str, public_areas: list[str] | None = None) -> None:
    chair = User.objects.filter(username="chair").first() or secretary("chair")
    update_club_settings(
        in_club=the_club(),
        by=chair,
        club_name=club_name,
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={},
        default_options={},
        public_areas=public_areas,
    )


def in_a_request(view: object) -> HttpResponse:
    """`view()` called inside the middleware, as every request of the app is."""

    def get_response(request: HttpRequest) -> HttpResponse:
        assert callable(view)
        result = view()
        assert isinstance(result, HttpResponse)
        return result

    response = ClubSettingsPerRequest(get_response)(RequestFactory().get("/"))
    assert isinstance(response, HttpResponse)
    return response


def test_a_page_that_asks_three_times_reads_the_settings_once(client: Client) -> None:
    save("The Club", public_areas=["standings"])
    # A browser speaking none of the club's languages asks for its default language too.
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("league:standings"), headers={"Accept-Language": "fr"})

    assert response.status_code == 200
    assert settings_reads(captured) == 1


def test_the_next_request_reads_the_settings_afresh(client: Client) -> None:
    save("Before", public_areas=["standings"])
    assert client.get(reverse("league:standings")).status_code == 200

    save("After", public_areas=[])

    # Closed to visitors now: the earlier request's reading is not used.
    assert client.get(reverse("league:standings")).status_code == 302


def test_a_request_that_saves_the_settings_sees_what_it_saved() -> None:
    save("Before")

    def view() -> HttpResponse:
        before = club_settings(the_club()).club_name
        save("After")
        return HttpResponse(f"{before} {club_settings(the_club()).club_name}")

    assert in_a_request(view).content == b"Before After"


def test_each_caller_gets_a_copy_of_its_own() -> None:
    save("The Club")

    def view() -> HttpResponse:
        first = club_settings(the_club())
        first.club_name = "Changed by a form"
        first.default_options["balut"] = {"changed": True}
        second = club_settings(the_club())
        return HttpResponse(f"{second.club_name} {second.default_options}")

    assert in_a_request(view).content == b"The Club {}"


def test_outside_a_request_every_call_reads_the_row() -> None:
    save("Before")
    assert club_settings(the_club()).club_name == "Before"

    ClubSettings.objects.update(club_name="Changed behind its back")

    assert club_settings(the_club()).club_name == "Changed behind its back"


def test_a_club_without_saved_settings_gets_the_defaults_in_a_request_too() -> None:
    def view() -> HttpResponse:
        first, second = club_settings(the_club()), club_settings(the_club())
        return HttpResponse(f"{first.pk} {first is second} {second._state.adding}")

    with CaptureQueriesContext(connection) as captured:
        response = in_a_request(view)

    # Unsaved (no id until its secretary first saves them), each call a copy of its own.
    assert response.content == b"None False True"
    assert settings_reads(captured) == 1
