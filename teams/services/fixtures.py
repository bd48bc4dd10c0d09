"""Fixtures: drawn from the round-robin schedule, then moved or postponed.

Every change a subscribed calendar must follow (a new time or venue, a postponement) raises the
fixture's `sequence`, so the iCal feed (teams.calendar) tells calendars to update the event
they hold under the fixture's unchanging UID.
"""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

from scoring import rules
from scoring.access.roles import is_secretary
from scoring.forms.days import LATEST_DAY
from teams.models import CompetitionKind, Division, Fixture, FixtureStatus, Match
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


def plan_fixtures(
    *,
    division: Division,
    first_round_on: datetime.date,
    starts_at: datetime.time,
    days_between_rounds: int = 7,
) -> list[Fixture]:
    """The fixtures `draw_fixtures` would write, unsaved and checked: the preview the secretary
    confirms is exactly what is written. Writes nothing.

    The division's round robin (both legs when the competition plays home and away), its rounds
    on the days `round_moments` gives, at the home team's venue."""
    if division.competition.kind != CompetitionKind.LEAGUE:
        raise ValidationError(
            gettext("A cup is drawn match by match: only a league gets a whole season of fixtures.")
        )
    teams = {entry.seed: entry.team for entry in division.entries.select_related("team")}
    if len(teams) < 2:
        raise ValidationError(gettext("A division needs at least two teams to draw fixtures."))
    # Seeds may have gaps (a withdrawn team): the schedule numbers the teams 1..n in seed order.
    numbered = dict(enumerate((teams[seed] for seed in sorted(teams)), start=1))
    schedule = round_robin(len(numbered), double=division.competition.double_round_robin)
    moments = round_moments(
        first_round_on=first_round_on,
        starts_at=starts_at,
        days_between_rounds=days_between_rounds,
        rounds=len(schedule),
    )
    fixtures = []
    for number, (games, moment) in enumerate(zip(schedule, moments, strict=True), start=1):
        for home, away in games:
            fixture = Fixture(
                division=division,
                round=number,
                home=numbered[home],
                away=numbered[away],
                starts_at=moment,
                venue=numbered[home].venue,
            )
            fixture.full_clean()
            fixtures.append(fixture)
    return fixtures


@transaction.atomic
def draw_fixtures(
    *,
    by: User,
    division: Division,
    first_round_on: datetime.date,
    starts_at: datetime.time,
    days_between_rounds: int = 7,
    replace: bool = False,
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


@transaction.atomic
def move_fixture(
    *, by: User, fixture: Fixture, starts_at: datetime.datetime, venue: str | None = None
) -> Fixture:
    """A new time (and venue, when given): a postponed fixture is scheduled again."""
    fixture = Fixture.objects.select_for_update().select_related("home__captain").get(pk=fixture.pk)
    _require_keeper(by, fixture)
    venue = fixture.venue if venue is None else venue.strip()
    if (
        fixture.starts_at == starts_at
        and fixture.venue == venue
        and fixture.status == FixtureStatus.SCHEDULED
    ):
        raise ValidationError(gettext("The fixture is already at that time and venue."))
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
