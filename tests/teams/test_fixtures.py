"""Competitions, teams and fixtures: drawn from the round robin, moved and postponed."""

from __future__ import annotations

import datetime
import zoneinfo

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from teams.models import CompetitionKind, DivisionEntry, Fixture, FixtureStatus
from teams.schedule import round_robin
from teams.services.fixtures import draw_fixtures, move_fixture, postpone_fixture
from teams.services.teams import create_competition, create_team, enter_team
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary
from tests.teams.helpers import drawn_league, league_of

pytestmark = pytest.mark.django_db


def test_the_fixtures_follow_the_round_robin_at_the_home_teams_venue() -> None:
    _, teams, fixtures = drawn_league(secretary(), 4)

    expected = [
        (number, teams[home - 1], teams[away - 1])
        for number, games in enumerate(round_robin(4, double=True), start=1)
        for home, away in games
    ]
    assert [(f.round, f.home, f.away) for f in fixtures] == expected
    assert all(fixture.venue == fixture.home.venue for fixture in fixtures)
    assert len(fixtures) == 12


def test_each_round_is_a_week_later_at_the_same_local_hour_across_the_clock_change() -> None:
    boss = secretary()
    _, division, _ = league_of(boss, 6)
    fixtures = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
        days_between_rounds=14,
    )
    club_time = zoneinfo.ZoneInfo(timezone.get_current_timezone_name())

    local = {f.round: f.starts_at.astimezone(club_time) for f in fixtures}
    assert local[1].date() == datetime.date(2026, 1, 8)
    # Ten rounds a fortnight apart: the last is in May, after the clocks went forward.
    assert local[10].date() == datetime.date(2026, 5, 14)
    assert local[1].utcoffset() != local[10].utcoffset()
    assert {moment.time() for moment in local.values()} == {datetime.time(19, 30)}


def test_an_odd_division_gives_each_team_a_bye() -> None:
    _, teams, fixtures = drawn_league(secretary(), 5, double=False)

    assert max(f.round for f in fixtures) == 5
    for team in teams:
        rounds = {f.round for f in fixtures if team in (f.home, f.away)}
        assert len(rounds) == 4


def test_a_division_is_drawn_once() -> None:
    boss = secretary()
    _, teams, fixtures = drawn_league(boss, 4)
    division = fixtures[0].division

    with pytest.raises(ValidationError, match="drawn already"):
        draw_fixtures(
            by=boss,
            division=division,
            first_round_on=datetime.date(2026, 2, 1),
            starts_at=datetime.time(20, 0),
        )
    with pytest.raises(ValidationError, match="no team can join"):
        enter_team(by=boss, division=division, team=teams[0])
    assert Fixture.objects.count() == 12


def test_a_division_of_one_team_or_a_cup_is_not_drawn_as_a_round_robin() -> None:
    boss = secretary()
    competition, division, _ = league_of(boss, 1)
    cup = create_competition(in_club=the_club(), by=boss, name="Cup", kind=CompetitionKind.CUP)
    for chosen in (division, cup.divisions.get()):
        with pytest.raises(ValidationError):
            draw_fixtures(
                by=boss,
                division=chosen,
                first_round_on=datetime.date(2026, 1, 1),
                starts_at=datetime.time(20, 0),
            )
    assert not Fixture.objects.exists()


def test_a_team_plays_in_one_division_of_a_competition() -> None:
    boss = secretary()
    competition, _, teams = league_of(boss, 2)

    with pytest.raises(ValidationError, match="another division"):
        enter_team(by=boss, division=competition.divisions.get(level=2), team=teams[0])
    assert DivisionEntry.objects.filter(team=teams[0]).count() == 1


def test_the_captain_is_on_the_roster_and_only_the_secretary_makes_teams() -> None:
    boss = secretary()
    captain = member("Ida")
    team = create_team(
        in_club=the_club(), by=boss, name="Dice Hawks", captain=captain, members=[captain]
    )

    assert list(team.members.all()) == [captain]
    with pytest.raises(PermissionDenied):
        create_team(in_club=the_club(), by=captain.user, name="Rebels", captain=captain)


def test_moving_a_fixture_raises_its_sequence_and_keeps_its_uid() -> None:
    boss = secretary()
    _, teams, fixtures = drawn_league(boss, 4)
    fixture = fixtures[0]
    later = fixture.starts_at + datetime.timedelta(days=2)

    moved = move_fixture(by=fixture.home.captain.user, fixture=fixture, starts_at=later)
    moved_again = move_fixture(by=boss, fixture=moved, starts_at=later, venue="The Annexe")

    assert (moved.sequence, moved_again.sequence) == (1, 2)
    assert moved_again.uid == fixture.uid
    assert (moved_again.starts_at, moved_again.venue) == (later, "The Annexe")


def test_the_away_captain_cannot_move_a_fixture_and_a_non_move_is_refused() -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 4)
    fixture = fixtures[0]

    with pytest.raises(PermissionDenied):
        move_fixture(by=fixture.away.captain.user, fixture=fixture, starts_at=fixture.starts_at)
    with pytest.raises(ValidationError, match="already at that time"):
        move_fixture(by=boss, fixture=fixture, starts_at=fixture.starts_at)
    fixture.refresh_from_db()
    assert fixture.sequence == 0


def test_a_postponed_fixture_is_scheduled_again_by_moving_it() -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 4)

    postponed = postpone_fixture(by=boss, fixture=fixtures[0])
    assert (postponed.status, postponed.sequence) == (FixtureStatus.POSTPONED, 1)
    with pytest.raises(ValidationError, match="postponed already"):
        postpone_fixture(by=boss, fixture=postponed)

    again = move_fixture(by=boss, fixture=postponed, starts_at=postponed.starts_at)
    assert (again.status, again.sequence) == (FixtureStatus.SCHEDULED, 2)
