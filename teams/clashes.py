"""When fixtures may be played: pure Python, no Django, mypy --strict.

A fixture clashes with
- a blackout date of its competition (Christmas, New Year's Day, the club's own event);
- a night its venue does not host on (a bar that has darts on Tuesdays takes teams on its
  other nights only): the home team's hosting nights, weekdays 0 (Monday) to 6;
- another fixture of one of its teams that day (another division's, a cup tie): a team plays
  once an evening, at one venue;
- another fixture at its venue that day: a bar seats one match a night.

The draw avoids them (`place`): the rounds fall on the round days (`round_days`; a round day
that is blacked out moves the round, and the rounds after it, on by a round's interval, as a
season skips Christmas week), and within its round's interval each fixture takes the first day
on which it clashes with nothing. When no day of the interval is free it keeps the round's day,
and its clashes go with it for the secretary to read. A move asks the same (`clashes_on`) of its
new day, to warn before it is made.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

# A season whose round days are blacked out this many times running is a typo, not a season.
MOST_SKIPPED: Final = 52


class ClashKind(enum.Enum):
    BLACKOUT = "blackout"
    NOT_A_HOME_NIGHT = "night"
    TEAM_BUSY = "team"
    VENUE_BUSY = "venue"


@dataclass(frozen=True)
class Booking:
    """A fixture fixed already: its day, its teams, its venue and how a reader knows it."""

    day: datetime.date
    teams: frozenset[int]
    venue: str
    label: str


@dataclass(frozen=True)
class Meeting:
    """A fixture to be placed (or moved): its round, its teams and its venue."""

    round: int
    home: int
    away: int
    venue: str


@dataclass(frozen=True)
class Clash:
    kind: ClashKind
    # The other fixture (TEAM_BUSY, VENUE_BUSY) and, for TEAM_BUSY, which team is busy.
    label: str = ""
    team: int | None = None


@dataclass(frozen=True)
class Calendar:
    blackouts: frozenset[datetime.date] = frozenset()
    # Per home team: the weekdays its venue hosts on; a team not named hosts any night.
    nights: Mapping[int, frozenset[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Placement:
    meeting: Meeting
    day: datetime.date
    clashes: tuple[Clash, ...]


class SeasonError(ValueError):
    """Round days that cannot be found (every one blacked out)."""


def same_venue(first: str, second: str) -> bool:
    return bool(first.strip()) and first.strip().casefold() == second.strip().casefold()


def clashes_on(
    day: datetime.date,
    meeting: Meeting,
    calendar: Calendar,
    bookings: Iterable[Booking],
    *,
    home_venue: bool = True,
) -> tuple[Clash, ...]:
    """Everything the meeting clashes with on `day`. `home_venue` False: it is played away
    from the home team's venue (a moved fixture), whose hosting nights then do not count."""
    found: list[Clash] = []
    if day in calendar.blackouts:
        found.append(Clash(ClashKind.BLACKOUT))
    nights = calendar.nights.get(meeting.home)
    if home_venue and nights and day.weekday() not in nights:
        found.append(Clash(ClashKind.NOT_A_HOME_NIGHT))
    for booking in bookings:
        if booking.day != day:
            continue
        for team in (meeting.home, meeting.away):
            if team in booking.teams:
                found.append(Clash(ClashKind.TEAM_BUSY, booking.label, team))
        if not booking.teams & {meeting.home, meeting.away} and same_venue(
            booking.venue, meeting.venue
        ):
            found.append(Clash(ClashKind.VENUE_BUSY, booking.label))
    return tuple(found)


def round_days(
    first: datetime.date, every: int, rounds: int, blackouts: Collection[datetime.date]
) -> list[datetime.date]:
    """The day of each round: every `every` days from `first`, a blacked-out day moving its
    round and the rounds after it on by `every` days."""
    if every < 1 or rounds < 0:
        raise SeasonError(f"Rounds {every} days apart, {rounds} rounds: nothing to schedule.")
    days: list[datetime.date] = []
    day, skipped = first, 0
    while len(days) < rounds:
        if day in blackouts:
            skipped += 1
            if skipped > MOST_SKIPPED:
                raise SeasonError(f"{MOST_SKIPPED} round days running are blacked out.")
        else:
            days.append(day)
            skipped = 0
        day += datetime.timedelta(days=every)
    return days


def place(
    rounds: Sequence[Sequence[Meeting]],
    days: Sequence[datetime.date],
    every: int,
    calendar: Calendar,
    bookings: Iterable[Booking],
) -> list[Placement]:
    """Each round's meetings on the first day of the round's interval (its day and the
    `every - 1` days after it) that clashes with nothing, the meetings placed so far counted
    as bookings; a meeting with no free day keeps the round's day with its clashes."""
    booked = list(bookings)
    placed: list[Placement] = []
    for meetings, first in zip(rounds, days, strict=True):
        for meeting in meetings:
            chosen, clashes = first, clashes_on(first, meeting, calendar, booked)
            for offset in range(1, every):
                if not clashes:
                    break
                day = first + datetime.timedelta(days=offset)
                if not clashes_on(day, meeting, calendar, booked):
                    chosen, clashes = day, ()
            placed.append(Placement(meeting, chosen, clashes))
            booked.append(
                Booking(
                    chosen,
                    frozenset((meeting.home, meeting.away)),
                    meeting.venue,
                    f"round {meeting.round}",
                )
            )
    return placed


def byes(rounds: Sequence[Sequence[tuple[int, int]]], teams: Collection[int]) -> list[list[int]]:
    """Per round, the teams (of `teams`) that play no fixture in it, in the order given."""
    return [
        [team for team in teams if all(team not in pairing for pairing in games)]
        for games in rounds
    ]
