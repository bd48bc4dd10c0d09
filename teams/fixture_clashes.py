"""The clashes of fixtures (teams.clashes, pure) read from the database and put in words: the
days a competition plays no fixture, the nights a team's venue hosts, and the fixtures already
fixed of the teams and the venues concerned (any competition's, a cup tie's too, any club's)."""

from __future__ import annotations

import datetime
from collections.abc import Collection, Iterable, Sequence

from django.db.models import Q
from django.utils import timezone
from django.utils.dates import WEEKDAYS
from django.utils.formats import date_format
from django.utils.translation import gettext

from teams.clashes import Booking, Calendar, Clash, ClashKind
from teams.models import Competition, Fixture, FixtureStatus, Team


def blackouts_of(competition: Competition) -> frozenset[datetime.date]:
    days = set()
    for text in competition.blackout_dates or []:
        try:
            days.add(datetime.date.fromisoformat(str(text)))
        except ValueError:
            continue
    return frozenset(days)


def nights_of(team: Team) -> frozenset[int]:
    return frozenset(int(day) for day in team.home_nights or [] if str(day).isdigit())


def calendar_of(competition: Competition, teams: Iterable[Team]) -> Calendar:
    return Calendar(
        blackouts_of(competition),
        {team.pk: nights for team in teams if (nights := nights_of(team))},
    )


def local_day(moment: datetime.datetime) -> datetime.date:
    return timezone.localtime(moment).date()


def label_of(fixture: Fixture) -> str:
    return f"{fixture.division.competition.name}: {fixture.home.name} – {fixture.away.name}"


def bookings_of(
    *,
    teams: Collection[int],
    venues: Collection[str],
    leaving_out: Q | None = None,
) -> list[Booking]:
    """The fixtures fixed already (not postponed) of any of `teams` or at any of `venues`,
    but those `leaving_out` matches (the division being drawn again, the fixture moving)."""
    named = [venue.strip() for venue in venues if venue.strip()]
    touching = Q(home_id__in=teams) | Q(away_id__in=teams)
    for venue in named:
        touching |= Q(venue__iexact=venue)
    found = Fixture.objects.filter(touching).exclude(status=FixtureStatus.POSTPONED)
    if leaving_out is not None:
        found = found.exclude(leaving_out)
    return [
        Booking(
            local_day(fixture.starts_at),
            frozenset((fixture.home_id, fixture.away_id)),
            fixture.venue,
            label_of(fixture),
        )
        for fixture in found.select_related("home", "away", "division__competition")
    ]


def nights_in_words(nights: Collection[int]) -> str:
    return ", ".join(str(WEEKDAYS[day]) for day in sorted(nights))


def clash_words(
    clash: Clash, *, home: Team, away: Team, venue: str, competition: Competition
) -> str:
    """One clash as the secretary or captain reads it."""
    if clash.kind == ClashKind.BLACKOUT:
        return gettext("It is a day without fixtures in %(competition)s.") % {
            "competition": competition.name
        }
    if clash.kind == ClashKind.NOT_A_HOME_NIGHT:
        return gettext("%(venue)s hosts %(team)s on %(nights)s only.") % {
            "venue": home.venue or home.name,
            "team": home.name,
            "nights": nights_in_words(nights_of(home)),
        }
    if clash.kind == ClashKind.TEAM_BUSY:
        return gettext("%(team)s plays %(other)s that day.") % {
            "team": home.name if clash.team == home.pk else away.name,
            "other": clash.label,
        }
    return gettext("%(venue)s hosts %(other)s that night.") % {
        "venue": venue,
        "other": clash.label,
    }


def fixture_clash_sentence(
    clashes: Sequence[Clash],
    *,
    day: datetime.date,
    home: Team,
    away: Team,
    venue: str,
    competition: Competition,
) -> str:
    """ "Lions – Tigers on Thursday 25 December: …" with every clash of it."""
    words = " ".join(
        clash_words(c, home=home, away=away, venue=venue, competition=competition) for c in clashes
    )
    return gettext("%(home)s – %(away)s on %(day)s: %(clashes)s") % {
        "home": home.name,
        "away": away.name,
        "day": day_in_words(day),
        "clashes": words,
    }


def day_in_words(day: datetime.date) -> str:
    """ "Thursday 25 Dec 2025", in the reader's language."""
    return f"{WEEKDAYS[day.weekday()]} {date_format(day, 'DATE_FORMAT')}"


def bye_sentence(team: Team, round_number: int) -> str:
    return gettext("%(team)s has a bye in round %(round)d.") % {
        "team": team.name,
        "round": round_number,
    }
