"""The iCal feed of fixtures (RFC 5545, written by the `icalendar` library).

Each fixture is one VEVENT whose UID never changes and whose SEQUENCE is the fixture's own
counter (teams.services.fixtures raises it on every move or postponement): a calendar that
subscribed to the feed sees the same event with a higher sequence and moves it, instead of
keeping the old date beside the new one. A postponed fixture stays in the feed, at its last
date, as a cancelled event, so calendars strike it out rather than silently lose it.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.utils.translation import gettext
from icalendar import Calendar, Event

from teams.models import Fixture, FixtureStatus

# How long a calendar blocks out for a match: its games and the card signed afterwards.
MATCH_LENGTH = datetime.timedelta(hours=3)
# The UID's domain part: a constant, not the host, so a feed read through another address (or
# after a move to a new server) keeps every event's identity.
UID_DOMAIN = "fixtures.balutclub"


def fixture_uid(fixture: Fixture) -> str:
    return f"{fixture.uid}@{UID_DOMAIN}"


def fixture_event(fixture: Fixture) -> Event:
    event = Event()
    event.add("uid", fixture_uid(fixture))
    event.add("sequence", fixture.sequence)
    event.add("dtstamp", fixture.updated_at.astimezone(datetime.UTC))
    event.add("last-modified", fixture.updated_at.astimezone(datetime.UTC))
    event.add("dtstart", fixture.starts_at.astimezone(datetime.UTC))
    event.add("dtend", (fixture.starts_at + MATCH_LENGTH).astimezone(datetime.UTC))
    words = {"home": fixture.home.name, "away": fixture.away.name}
    match = getattr(fixture, "match", None)
    if fixture.status == FixtureStatus.POSTPONED:
        summary = gettext("Postponed: %(home)s v %(away)s") % words
    elif match is not None and match.verification_code and match.home_score is not None:
        # A signed card's score: the calendar shows the result where the fixture stood.
        summary = gettext("%(home)s %(home_score)d–%(away_score)d %(away)s") % {
            **words,
            "home_score": match.home_score,
            "away_score": match.away_score,
        }
    else:
        summary = gettext("%(home)s v %(away)s") % words
    event.add("summary", summary)
    event.add(
        "description",
        gettext("%(competition)s, %(division)s, round %(round)d")
        % {
            "competition": fixture.division.competition.name,
            "division": fixture.division.name,
            "round": fixture.round,
        },
    )
    if fixture.venue:
        event.add("location", fixture.venue)
    event.add("status", "CANCELLED" if fixture.status == FixtureStatus.POSTPONED else "CONFIRMED")
    return event


def new_calendar(name: str) -> Calendar:
    """An empty feed named `name` in the calendar apps that subscribe to it."""
    calendar = Calendar()
    calendar.add("prodid", "-//BalutClub//Team fixtures//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    return calendar


def fixtures_calendar(name: str, fixtures: Iterable[Fixture]) -> bytes:
    """The feed of `fixtures`, named `name` in the calendar apps that subscribe to it."""
    calendar = new_calendar(name)
    for fixture in fixtures:
        calendar.add_component(fixture_event(fixture))
    return calendar.to_ical()
