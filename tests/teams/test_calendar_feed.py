"""The iCal feeds of a team and a competition: they parse, and a calendar follows a moved or
postponed fixture (same UID, higher SEQUENCE)."""

from __future__ import annotations

import datetime
import zoneinfo

import pytest
from django.test import Client
from django.urls import reverse
from icalendar import Calendar, Event

from teams.models import Fixture
from teams.services.fixtures import move_fixture, postpone_fixture
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import drawn_league

pytestmark = pytest.mark.django_db


def events_of(client: Client, url: str) -> dict[str, Event]:
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(response.content)
    return {str(event["uid"]): event for event in calendar.events}


def test_a_teams_feed_holds_each_of_its_fixtures_once(client: Client) -> None:
    _, teams, fixtures = drawn_league(secretary(), 4)
    lions = teams[0]

    events = events_of(client, reverse("teams:team_calendar", args=[lions.pk]))

    own = [f for f in fixtures if lions in (f.home, f.away)]
    assert len(events) == len(own) == 6
    first = min(own, key=lambda f: (f.starts_at, f.pk))
    event = events[f"{first.uid}@fixtures.balutclub"]
    assert str(event["summary"]) == f"{first.home.name} v {first.away.name}"
    assert str(event["location"]) == first.venue
    assert event.start == first.starts_at
    assert event.sequence == 0
    assert str(event["status"]) == "CONFIRMED"


def test_a_calendar_follows_a_moved_fixture(client: Client) -> None:
    boss = secretary()
    competition, _, fixtures = drawn_league(boss, 4)
    url = reverse("teams:competition_calendar", args=[competition.pk])
    fixture = fixtures[3]
    uid = f"{fixture.uid}@fixtures.balutclub"
    before = events_of(client, url)
    later = fixture.starts_at + datetime.timedelta(days=1, hours=1)

    move_fixture(by=boss, fixture=fixture, starts_at=later, venue="Town Hall")
    after = events_of(client, url)

    # The same event (UID) at its new time and place, with a higher sequence: a calendar
    # replaces the one it holds; every other fixture is as it was.
    assert set(after) == set(before) and len(after) == 12
    assert after[uid].start == later
    assert str(after[uid]["location"]) == "Town Hall"
    assert after[uid].sequence > before[uid].sequence
    for other in set(after) - {uid}:
        assert after[other].start == before[other].start
        assert after[other].sequence == 0


def test_a_postponed_fixture_is_cancelled_in_the_feed_until_it_moves(client: Client) -> None:
    boss = secretary()
    _, teams, fixtures = drawn_league(boss, 4)
    url = reverse("teams:team_calendar", args=[fixtures[0].home.pk])
    uid = f"{fixtures[0].uid}@fixtures.balutclub"

    postpone_fixture(by=boss, fixture=fixtures[0])
    postponed = events_of(client, url)[uid]
    move_fixture(
        by=boss,
        fixture=Fixture.objects.get(pk=fixtures[0].pk),
        # The Friday after: both teams play on the Thursdays.
        starts_at=fixtures[0].starts_at + datetime.timedelta(days=15),
    )
    moved = events_of(client, url)[uid]

    assert (str(postponed["status"]), postponed.sequence) == ("CANCELLED", 1)
    assert str(postponed["summary"]).startswith("Postponed: ")
    assert (str(moved["status"]), moved.sequence) == ("CONFIRMED", 2)


def test_the_feed_speaks_the_readers_language(client: Client) -> None:
    _, teams, _ = drawn_league(secretary(), 2)

    response = client.get(
        reverse("teams:team_calendar", args=[teams[0].pk]), HTTP_ACCEPT_LANGUAGE="de"
    )

    calendar = Calendar.from_ical(response.content)
    assert str(calendar["x-wr-calname"]) == "Lions: Spielplan"


def test_the_competition_and_team_pages_list_the_fixtures(client: Client) -> None:
    competition, teams, fixtures = drawn_league(secretary(), 4)

    page = client.get(reverse("teams:competition", args=[competition.pk]))
    team_page = client.get(reverse("teams:team", args=[teams[0].pk]))

    assert page.status_code == team_page.status_code == 200
    assert page.content.count(b"data-fixture=") == 12
    assert team_page.content.count(b"data-fixture=") == 6
    assert reverse("teams:team_calendar", args=[teams[0].pk]).encode() in team_page.content


def test_an_unknown_team_or_competition_is_a_404(client: Client) -> None:
    assert client.get(reverse("teams:team_calendar", args=[999])).status_code == 404
    assert client.get(reverse("teams:competition", args=[999])).status_code == 404


def test_the_home_captain_moves_a_fixture_on_its_page_and_the_feed_follows(
    client: Client,
) -> None:
    _, teams, fixtures = drawn_league(secretary(), 2)
    fixture = fixtures[0]
    client.force_login(fixture.home.captain.user)
    url = reverse("teams:move_fixture", args=[fixture.pk])
    team_page = client.get(reverse("teams:team", args=[fixture.home.pk])).content.decode()
    assert url in team_page

    response = client.post(url, {"day": "2026-02-03", "time": "20:15", "venue": "Town Hall"})

    assert response.status_code == 302
    event = events_of(client, reverse("teams:team_calendar", args=[fixture.home.pk]))[
        f"{fixture.uid}@fixtures.balutclub"
    ]
    start = event.start
    assert isinstance(start, datetime.datetime)
    assert start.astimezone(zoneinfo.ZoneInfo("Europe/Copenhagen")).isoformat() == (
        "2026-02-03T20:15:00+01:00"
    )
    assert (str(event["location"]), event.sequence) == ("Town Hall", 1)
    assert client.post(url, {"postpone": "1"}).status_code == 302
    fixture.refresh_from_db()
    assert (fixture.status, fixture.sequence) == ("postponed", 2)


def test_the_away_captain_may_not_move_a_fixture(client: Client) -> None:
    _, _, fixtures = drawn_league(secretary(), 2)
    client.force_login(fixtures[0].away.captain.user)

    url = reverse("teams:move_fixture", args=[fixtures[0].pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"postpone": "1"}).status_code == 403
    fixtures[0].refresh_from_db()
    assert fixtures[0].sequence == 0


def test_the_competitions_page_lists_each_competition(client: Client) -> None:
    competition, _, _ = drawn_league(secretary(), 2)

    page = client.get(reverse("teams:competitions"))

    assert page.status_code == 200
    assert reverse("teams:competition", args=[competition.pk]).encode() in page.content
