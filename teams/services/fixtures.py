"""Fixtures: drawn from the round-robin schedule, then moved or postponed.

Every change a subscribed calendar must follow (a new time or venue, a postponement) raises the
fixture's `sequence`, so the iCal feed (teams.calendar) tells calendars to update the event
they hold under the fixture's unchanging UID.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

from scoring import rules
from scoring.access.roles import is_secretary
from scoring.forms.days import LATEST_DAY
from teams import clashes
from teams.fixture_clashes import (
    blackouts_of,
    bookings_of,
    bye_sentence,
    calendar_of,
    fixture_clash_sentence,
    local_day,
)
from teams.models import Competition, CompetitionKind, Division, Fixture, FixtureStatus, Match
from teams.schedule import round_robin
from teams.services.notices import tell_of_moved_fixture
from teams.services.teams import require_secretary

MAX_DAYS_BETWEEN_ROUNDS = 366


def round_moments(
    *,
    first_round_on: datetime.date,
    starts_at: datetime.time,
    days_between_rounds: int,
    rounds: int,
) -> list[datetime.datetime]:
    """When each of `rounds` rounds starts: one every `days_between_rounds` days from
    `first_round_on`, at `starts_at` in the club's time zone (so a round after the clocks
    change still starts at the same hour). Refused when a round falls outside the days a game
    may be played on."""
    if not 1 <= days_between_rounds <= MAX_DAYS_BETWEEN_ROUNDS:
        raise ValidationError(
            gettext("Rounds are between 1 and %(most)d days apart.")
            % {"most": MAX_DAYS_BETWEEN_ROUNDS}
        )
    last_day = first_round_on + datetime.timedelta(days=days_between_rounds * (rounds - 1))
    if first_round_on < rules.EARLIEST_PLAYED or last_day > LATEST_DAY:
        raise ValidationError(
            gettext("The rounds are played from %(earliest)s to %(latest)s.")
            % {
                "earliest": date_format(rules.EARLIEST_PLAYED, "DATE_FORMAT"),
                "latest": date_format(LATEST_DAY, "DATE_FORMAT"),
            }
        )
    return [
        timezone.make_aware(
            datetime.datetime.combine(
                first_round_on + datetime.timedelta(days=days_between_rounds * number), starts_at
            )
        )
        for number in range(rounds)
    ]


@dataclass(frozen=True)
class SeasonPlan:
    """The fixtures a draw would write (unsaved, checked), the clashes it could not avoid and
    the byes, each in words."""

    fixtures: list[Fixture]
    clashes: list[str]
    byes: list[str]


def plan_season(
    *,
    division: Division,
    first_round_on: datetime.date,
    starts_at: datetime.time,
    days_between_rounds: int = 7,
    blackout_dates: Sequence[datetime.date] | None = None,
) -> SeasonPlan:
    """The season `draw_fixtures` would write. Writes nothing.

    The division's round robin (both legs when the competition plays home and away) at the
    home team's venue, its rounds on the days `round_moments` gives but for the blackout dates
    (the competition's, or `blackout_dates` when given): a blacked-out round day moves the
    round and those after it on by a round's interval. Within its round's interval each
    fixture takes the first day with no clash (teams.clashes): not its venue's night, a team
    playing elsewhere that day (another division's fixture, a cup tie), the venue taken."""
    competition = division.competition
    if competition.kind != CompetitionKind.LEAGUE:
        raise ValidationError(
            gettext("A cup is drawn match by match: only a league gets a whole season of fixtures.")
        )
    teams = {entry.seed: entry.team for entry in division.entries.select_related("team")}
    if len(teams) < 2:
        raise ValidationError(gettext("A division needs at least two teams to draw fixtures."))
    # Seeds may have gaps (a withdrawn team): the schedule numbers the teams 1..n in seed order.
    numbered = dict(enumerate((teams[seed] for seed in sorted(teams)), start=1))
    schedule = round_robin(len(numbered), double=competition.double_round_robin)
    blackouts = blackouts_of(competition) if blackout_dates is None else frozenset(blackout_dates)
    calendar = clashes.Calendar(blackouts, calendar_of(competition, numbered.values()).nights)
    try:
        days = clashes.round_days(first_round_on, days_between_rounds, len(schedule), blackouts)
    except clashes.SeasonError as error:
        raise ValidationError(
            gettext("Every round day is a day without fixtures: choose other days.")
        ) from error
    # The first and last round days are checked as a season's days, as before.
    round_moments(
        first_round_on=days[0],
        starts_at=starts_at,
        days_between_rounds=days_between_rounds,
        rounds=1 + (days[-1] - days[0]).days // days_between_rounds,
    )
    rounds = [
        [
            clashes.Meeting(number, numbered[home].pk, numbered[away].pk, numbered[home].venue)
            for home, away in games
        ]
        for number, games in enumerate(schedule, start=1)
    ]
    by_pk = {team.pk: team for team in numbered.values()}
    placed = clashes.place(
        rounds,
        days,
        days_between_rounds,
        calendar,
        bookings_of(
            teams=by_pk.keys(),
            venues=[team.venue for team in by_pk.values()],
            leaving_out=Q(division=division),
        ),
    )
    fixtures, unavoidable = [], []
    for placement in placed:
        meeting = placement.meeting
        fixture = Fixture(
            division=division,
            round=meeting.round,
            home=by_pk[meeting.home],
            away=by_pk[meeting.away],
            starts_at=timezone.make_aware(datetime.datetime.combine(placement.day, starts_at)),
            venue=meeting.venue,
        )
        fixture.full_clean()
        fixtures.append(fixture)
        if placement.clashes:
            unavoidable.append(
                fixture_clash_sentence(
                    placement.clashes,
                    day=placement.day,
                    home=fixture.home,
                    away=fixture.away,
                    venue=fixture.venue,
                    competition=competition,
                )
            )
    byes = [
        bye_sentence(numbered[team], number)
        for number, resting in enumerate(clashes.byes(schedule, list(numbered)), start=1)
        for team in resting
    ]
    return SeasonPlan(fixtures, unavoidable, byes)


def plan_fixtures(
    *,
    division: Division,
    first_round_on: datetime.date,
    starts_at: datetime.time,
    days_between_rounds: int = 7,
    blackout_dates: Sequence[datetime.date] | None = None,
) -> list[Fixture]:
    """The fixtures `draw_fixtures` would write, unsaved and checked (plan_season): the
    preview the secretary confirms is exactly what is written. Writes nothing."""
    return plan_season(
        division=division,
        first_round_on=first_round_on,
        starts_at=starts_at,
        days_between_rounds=days_between_rounds,
        blackout_dates=blackout_dates,
    ).fixtures


@transaction.atomic
def draw_fixtures(
    *,
    by: User,
    division: Division,
    first_round_on: datetime.date,
    starts_at: datetime.time,
    days_between_rounds: int = 7,
    replace: bool = False,
    blackout_dates: Sequence[datetime.date] | None = None,
) -> list[Fixture]:
    """The division's fixtures as `plan_fixtures` plans them. With `replace`, fixtures drawn
    before are dropped first, as long as no match of the division has started: a played
    match's fixture is on its card and in the tables."""
    division = (
        Division.objects.select_for_update().select_related("competition").get(pk=division.pk)
    )
    require_secretary(by, division.competition.club_id)
    if division.fixtures.exists():
        if not replace:
            raise ValidationError(
                gettext("The fixtures of %(division)s are drawn already.")
                % {"division": division.name}
            )
        if Match.objects.filter(fixture__division=division).exists():
            raise ValidationError(
                gettext(
                    "A match of %(division)s has been played: its fixtures cannot be drawn again."
                )
                % {"division": division.name}
            )
        division.fixtures.all().delete()
    if blackout_dates is not None:
        # The days without fixtures are the competition's: a later move is warned of them too.
        competition = Competition.objects.select_for_update().get(pk=division.competition_id)
        competition.blackout_dates = sorted(day.isoformat() for day in set(blackout_dates))
        competition.full_clean()
        competition.save(update_fields=["blackout_dates"])
        division.competition = competition
    fixtures = plan_fixtures(
        division=division,
        first_round_on=first_round_on,
        starts_at=starts_at,
        days_between_rounds=days_between_rounds,
    )
    return Fixture.objects.bulk_create(fixtures)


def _require_keeper(by: User, fixture: Fixture) -> None:
    """The secretary, or the home captain, who hosts the fixture, may move it."""
    keeper = is_secretary(by, fixture.division.competition.club_id)
    if not (keeper or fixture.home.captain.user_id == by.pk):
        raise PermissionDenied(
            gettext("Only the secretary or the home captain may move this fixture.")
        )
    if fixture.status == FixtureStatus.PLAYED:
        raise ValidationError(gettext("This fixture has been played: it cannot move."))


class FixtureClashes(ValidationError):
    """A move onto a day the fixture clashes on: its clashes in words (`sentences`); sent
    again with `confirmed` it is made all the same."""

    def __init__(self, sentences: list[str]) -> None:
        super().__init__(sentences)
        self.sentences = sentences


def move_clashes(
    *, fixture: Fixture, starts_at: datetime.datetime, venue: str | None = None
) -> list[str]:
    """What the fixture would clash with on its new day (teams.clashes), in words: a day
    without fixtures, a night its venue does not host, a team or the venue taken that day."""
    venue = fixture.venue if venue is None else venue.strip()
    day = local_day(starts_at)
    competition = fixture.division.competition
    found = clashes.clashes_on(
        day,
        clashes.Meeting(fixture.round, fixture.home_id, fixture.away_id, venue),
        calendar_of(competition, [fixture.home]),
        bookings_of(
            teams=[fixture.home_id, fixture.away_id],
            venues=[venue],
            leaving_out=Q(pk=fixture.pk),
        ),
        home_venue=clashes.same_venue(venue, fixture.home.venue) or not venue,
    )
    if not found:
        return []
    return [
        fixture_clash_sentence(
            found,
            day=day,
            home=fixture.home,
            away=fixture.away,
            venue=venue,
            competition=competition,
        )
    ]


@transaction.atomic
def move_fixture(
    *,
    by: User,
    fixture: Fixture,
    starts_at: datetime.datetime,
    venue: str | None = None,
    confirmed: bool = False,
) -> Fixture:
    """A new time (and venue, when given): a postponed fixture is scheduled again. A new day
    the fixture clashes on is refused with its clashes in words (FixtureClashes) unless the
    mover has read them and `confirmed`."""
    fixture = (
        Fixture.objects.select_for_update()
        .select_related("home__captain", "away", "division__competition")
        .get(pk=fixture.pk)
    )
    _require_keeper(by, fixture)
    venue = fixture.venue if venue is None else venue.strip()
    if (
        fixture.starts_at == starts_at
        and fixture.venue == venue
        and fixture.status == FixtureStatus.SCHEDULED
    ):
        raise ValidationError(gettext("The fixture is already at that time and venue."))
    if not confirmed:
        warned = move_clashes(fixture=fixture, starts_at=starts_at, venue=venue)
        if warned:
            raise FixtureClashes(warned)
    fixture.starts_at = starts_at
    fixture.venue = venue
    fixture.status = FixtureStatus.SCHEDULED
    fixture.sequence += 1
    fixture.full_clean()
    fixture.save()
    # Both captains hear of it once the move commits (scoring.notices).
    tell_of_moved_fixture(fixture)
    return fixture


@transaction.atomic
def postpone_fixture(*, by: User, fixture: Fixture) -> Fixture:
    """Off until a new date is agreed: calendars show the event as cancelled until it moves."""
    fixture = Fixture.objects.select_for_update().select_related("home__captain").get(pk=fixture.pk)
    _require_keeper(by, fixture)
    if fixture.status == FixtureStatus.POSTPONED:
        raise ValidationError(gettext("The fixture is postponed already."))
    fixture.status = FixtureStatus.POSTPONED
    fixture.sequence += 1
    fixture.full_clean()
    fixture.save()
    # Both captains hear of it once the move commits (scoring.notices).
    tell_of_moved_fixture(fixture)
    return fixture
