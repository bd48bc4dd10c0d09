"""The fixture draw avoids clashes (blackout dates, the nights a venue hosts, a team's other
fixtures and cup ties, two home teams of one bar), names the byes, and a move onto a clashing
day is warned about in words and made only once the mover confirms."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from teams.models import Competition, Fixture, Team
from teams.services.fixtures import FixtureClashes, draw_fixtures, move_fixture
from teams.services.teams import create_competition, enter_team
from tests.factories import the_club
from tests.page_text import text_of
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import league_of
from tests.teams.setup_pages import DRAW, signed_in

pytestmark = pytest.mark.django_db

CHRISTMAS = datetime.date(2025, 12, 25)
NEW_YEAR = datetime.date(2026, 1, 1)


def days_of(fixtures: list[Fixture]) -> list[datetime.date]:
    return [timezone.localtime(f.starts_at).date() for f in fixtures]


def test_rounds_on_christmas_and_new_years_day_move_a_week_on_and_the_days_are_kept() -> None:
    boss = secretary()
    competition, division, _ = league_of(boss, 4, double=False)

    fixtures = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2025, 12, 18),
        starts_at=datetime.time(19, 30),
        blackout_dates=[CHRISTMAS, NEW_YEAR],
    )

    by_round = {f.round: timezone.localtime(f.starts_at).date() for f in fixtures}
    assert by_round == {
        1: datetime.date(2025, 12, 18),
        2: datetime.date(2026, 1, 8),
        3: datetime.date(2026, 1, 15),
    }
    assert Competition.objects.get(pk=competition.pk).blackout_dates == [
        "2025-12-25",
        "2026-01-01",
    ]


def test_a_venue_that_hosts_on_tuesdays_gets_its_home_fixtures_on_tuesdays() -> None:
    boss = secretary()
    _, division, teams = league_of(boss, 4)
    Team.objects.filter(pk=teams[0].pk).update(home_nights=[1])

    fixtures = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )

    at_home = [f for f in fixtures if f.home_id == teams[0].pk]
    assert at_home and {d.weekday() for d in days_of(at_home)} == {1}
    others = [f for f in fixtures if f.home_id != teams[0].pk]
    assert {d.weekday() for d in days_of(others)} == {3}


def test_two_home_teams_of_one_bar_never_host_on_the_same_night() -> None:
    boss = secretary()
    _, division, teams = league_of(boss, 4)
    Team.objects.filter(pk__in=[teams[0].pk, teams[1].pk]).update(venue="The Anchor")

    fixtures = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )

    anchor = [(d, f.venue) for f, d in zip(fixtures, days_of(fixtures), strict=True)]
    anchor = [pair for pair in anchor if pair[1] == "The Anchor"]
    assert len(anchor) == 6 and len(set(anchor)) == 6


def test_a_team_with_a_cup_tie_on_the_round_day_plays_its_league_fixture_another_night() -> None:
    boss = secretary()
    _, division, teams = league_of(boss, 2, double=False)
    cup = create_competition(
        in_club=the_club(), by=boss, name="Town Cup", kind="cup", divisions=["Cup"]
    )
    cup_division = cup.divisions.get()
    for team in teams:
        enter_team(by=boss, division=cup_division, team=team)
    Fixture.objects.create(
        division=cup_division,
        round=1,
        home=teams[1],
        away=teams[0],
        starts_at=timezone.make_aware(datetime.datetime(2026, 1, 8, 19, 30)),
        venue=teams[1].venue,
    )

    (fixture,) = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )

    assert days_of([fixture]) == [datetime.date(2026, 1, 9)]


def test_the_draw_preview_names_the_byes_and_the_clashes_no_day_could_avoid(
    client: Client,
) -> None:
    boss = secretary()
    _, division, teams = league_of(boss, 3, double=False)
    signed_in(client, boss)

    preview = client.post(
        reverse("teams:draw_fixtures", args=[division.pk]),
        {**DRAW, "days_between_rounds": 1, "blackout_dates": "2026-01-09"},
    )

    assert preview.status_code == 200
    page = text_of(preview.content.decode())
    for number in (1, 2, 3):
        assert sum(f"{t.name} has a bye in round {number}." in page for t in teams) == 1
    # Round 2 falls on the blacked-out 9 January: it moves a day on, to the 10th.
    assert "Sat 10 Jan" in preview.content.decode() or "10 Jan 2026" in page
    assert not Fixture.objects.exists()


def test_a_bad_blackout_date_is_refused_in_words(client: Client) -> None:
    boss = secretary()
    _, division, _ = league_of(boss, 2)
    signed_in(client, boss)

    response = client.post(
        reverse("teams:draw_fixtures", args=[division.pk]),
        {**DRAW, "blackout_dates": "Christmas", "confirm": "1"},
    )

    assert response.status_code == 422
    assert "Christmas is not a date" in text_of(response.content.decode())
    assert not Fixture.objects.exists()


def test_the_competition_page_names_each_rounds_bye(client: Client) -> None:
    boss = secretary()
    competition, division, teams = league_of(boss, 3, double=False)
    draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )

    page = text_of(client.get(reverse("teams:competition", args=[competition.pk])).content.decode())

    assert sum(f"has a bye in round {number}." in page for number in (1, 2, 3)) == 3


def test_a_move_onto_a_night_the_team_plays_is_warned_in_words_and_made_once_confirmed(
    client: Client,
) -> None:
    boss = secretary()
    _, division, _ = league_of(boss, 4)
    fixtures = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )
    first = fixtures[0]
    busy = next(f for f in fixtures if f.round == 2 and first.home_id in (f.home_id, f.away_id))
    day = timezone.localtime(busy.starts_at).date()
    signed_in(client, boss)
    url = reverse("teams:move_fixture", args=[first.pk])
    form = {"day": day.isoformat(), "time": "19:30", "venue": first.venue}

    warned = client.post(url, form)

    assert warned.status_code == 409
    page = text_of(warned.content.decode())
    assert f"{first.home.name} plays Winter League: {busy.home.name} – {busy.away.name}" in page
    assert Fixture.objects.get(pk=first.pk).starts_at == first.starts_at

    moved = client.post(url, {**form, "confirmed": "1"})

    assert moved.status_code == 302
    assert timezone.localtime(Fixture.objects.get(pk=first.pk).starts_at).date() == day
    assert client.put(url).status_code == 405


def test_a_move_onto_a_blackout_date_is_refused_by_the_service_until_confirmed() -> None:
    boss = secretary()
    competition, division, _ = league_of(boss, 2)
    (first, _) = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2025, 12, 18),
        starts_at=datetime.time(19, 30),
        blackout_dates=[CHRISTMAS],
    )
    christmas = timezone.make_aware(datetime.datetime(2025, 12, 25, 19, 30))

    with pytest.raises(FixtureClashes) as warned:
        move_fixture(by=boss, fixture=first, starts_at=christmas)

    assert "a day without fixtures in Winter League" in warned.value.sentences[0]
    moved = move_fixture(by=boss, fixture=first, starts_at=christmas, confirmed=True)
    assert Fixture.objects.get(pk=moved.pk).starts_at == christmas
    assert competition.pk == moved.division.competition_id
