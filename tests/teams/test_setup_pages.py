"""The secretary's setup pages: a competition, its divisions, the fixtures previewed then drawn
(and drawn again until a match is played), the table's tie-breakers. Each refusal changes
nothing and says why. A team and its roster: test_team_setup_pages.py."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Role
from clubs.services import join_club
from teams.models import Competition, Division, Fixture, Match, Team
from tests.factories import other_club, the_club
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import drawn_league, league_of, start_match_of
from tests.teams.setup_pages import DRAW, FORMAT, signed_in

pytestmark = pytest.mark.django_db


def test_the_secretary_sets_up_a_competition_of_the_club(client: Client) -> None:
    signed_in(client, secretary())

    response = client.post(
        reverse("teams:new_competition"), {"name": " Spring League ", **FORMAT, "table_size": 2}
    )

    created = Competition.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("teams:competition_setup", args=[created.pk])
    assert (created.name, created.club, created.table_size) == ("Spring League", the_club(), 2)
    assert created.tie_breakers == "match_points,head_to_head,difference"
    assert list(created.divisions.values_list("name", "level")) == [("Spring League", 1)]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": "winter league"}, "A competition is called winter league already."),
        ({"name": "  "}, "This field is required."),
        ({"table_size": 3}, "A table seats an even number of players"),
        ({"players_per_team": 0}, "A team fields from 1 to"),
        ({"kind": "darts"}, "Select a valid choice."),
        ({"breaker_3": "head_to_head"}, "Choose each tie-breaker once."),
        ({"breaker_1": ""}, "This field is required."),
    ],
)
def test_a_bad_competition_is_refused_with_its_reason(
    client: Client, changes: dict[str, object], message: str
) -> None:
    boss = secretary()
    league_of(boss, 2)
    signed_in(client, boss)

    response = client.post(reverse("teams:new_competition"), {"name": "New", **FORMAT, **changes})

    assert response.status_code == 422
    assert message in response.content.decode()
    assert Competition.objects.count() == 1


def test_the_match_format_is_fixed_once_a_match_has_started(client: Client) -> None:
    boss = secretary()
    competition, _, fixtures = drawn_league(boss, 2)
    signed_in(client, boss)
    url = reverse("teams:competition_setup", args=[competition.pk])
    assert client.get(url).status_code == 200
    start_match_of(fixtures[0])

    refused = client.post(url, {"name": "Winter League", **FORMAT, "table_size": 2})
    renamed = client.post(url, {"name": "Winter Cup League", **FORMAT})

    competition.refresh_from_db()
    assert refused.status_code == 422
    assert "the match format cannot change" in refused.content.decode()
    assert renamed.status_code == 302
    assert (competition.name, competition.table_size) == ("Winter Cup League", 4)


def test_a_division_is_added_and_a_taken_level_or_name_refused(client: Client) -> None:
    boss = secretary()
    competition, _, _ = league_of(boss, 2)
    signed_in(client, boss)
    url = reverse("teams:new_division", args=[competition.pk])

    assert client.post(url, {"name": "Second", "level": 3}).status_code == 302
    taken_level = client.post(url, {"name": "Third", "level": 3})
    taken_name = client.post(url, {"name": "second", "level": 4})

    assert taken_level.status_code == taken_name.status_code == 422
    assert "Another division is at level 3." in taken_level.content.decode()
    assert "A division is called second already." in taken_name.content.decode()
    assert list(competition.divisions.values_list("name", flat=True)) == [
        "Premier",
        "First",
        "Second",
    ]
    assert client.get(url).status_code == 405


def test_the_fixtures_are_previewed_then_drawn_on_confirmation(client: Client) -> None:
    boss = secretary()
    _, division, _ = league_of(boss, 4)
    signed_in(client, boss)
    url = reverse("teams:draw_fixtures", args=[division.pk])

    preview = client.post(url, DRAW)
    assert preview.status_code == 200
    assert 'id="preview"' in preview.content.decode()
    assert not Fixture.objects.exists()

    drawn = client.post(url, {**DRAW, "confirm": "1"})
    assert drawn.status_code == 302
    assert Fixture.objects.filter(division=division).count() == 12
    assert client.get(url).status_code == 405


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"first_round_on": "0001-01-01"}, "Give a day from"),
        ({"first_round_on": "2999-12-01"}, "The rounds are played from"),
        ({"days_between_rounds": 0}, "greater than or equal to 1"),
        ({"starts_at": "25:00"}, "Enter a valid time."),
    ],
)
def test_a_bad_first_day_or_interval_draws_nothing(
    client: Client, changes: dict[str, object], message: str
) -> None:
    boss = secretary()
    _, division, _ = league_of(boss, 4)
    signed_in(client, boss)

    response = client.post(
        reverse("teams:draw_fixtures", args=[division.pk]), {**DRAW, **changes, "confirm": "1"}
    )

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Fixture.objects.exists()


def test_the_fixtures_are_drawn_again_until_a_match_is_played(client: Client) -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    division = fixtures[0].division
    signed_in(client, boss)
    url = reverse("teams:draw_fixtures", args=[division.pk])

    again = client.post(url, {**DRAW, "first_round_on": "2026-03-05", "confirm": "1"})
    assert again.status_code == 302
    redrawn = list(Fixture.objects.filter(division=division))
    assert {f.starts_at.date() for f in redrawn} == {
        datetime.date(2026, 3, 5),
        datetime.date(2026, 3, 12),
    }

    start_match_of(redrawn[0])
    refused = client.post(url, {**DRAW, "confirm": "1"})
    assert refused.status_code == 422
    assert "has been played: its fixtures cannot be drawn again" in refused.content.decode()
    assert set(Fixture.objects.filter(division=division)) == set(redrawn)


def test_members_and_visitors_are_refused_the_setup_pages(client: Client) -> None:
    boss = secretary()
    _, division, teams = league_of(boss, 2)
    urls = [
        reverse("teams:division_setup", args=[division.pk]),
        reverse("teams:edit_team", args=[teams[0].pk]),
        reverse("teams:new_competition"),
    ]
    assert {client.get(url).status_code for url in urls} == {302}
    signed_in(client, teams[0].captain.user)
    assert {client.get(url).status_code for url in urls} == {403}
    assert client.post(urls[0], {"name": "Renamed", "level": 1}).status_code == 403
    assert Division.objects.get(pk=division.pk).name == "Premier"


def test_another_clubs_secretary_finds_none_of_the_clubs_competitions(client: Client) -> None:
    _, division, teams = league_of(secretary(), 2)
    stranger = User.objects.create_user(username="other-secretary")
    join_club(club=other_club(), user=stranger, role=Role.SECRETARY)
    signed_in(client, stranger)

    url = f"/c/other{reverse('teams:division_setup', args=[division.pk])}"
    assert client.get(url).status_code == 404


def test_the_secretary_moves_a_fixture_and_a_day_in_year_one_is_refused(client: Client) -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]
    signed_in(client, boss)
    setup = client.get(reverse("teams:division_setup", args=[fixture.division_id]))
    url = reverse("teams:move_fixture", args=[fixture.pk])
    assert url in setup.content.decode()

    refused = client.post(url, {"day": "0001-01-01", "time": "20:00", "venue": ""})
    moved = client.post(url, {"day": "2026-02-03", "time": "20:15", "venue": "Town Hall"})

    fixture.refresh_from_db()
    assert refused.status_code == 422 and "Give a day from" in refused.content.decode()
    assert moved.status_code == 302
    assert (fixture.venue, fixture.sequence) == ("Town Hall", 1)


TABLE_ORDER = ("Lions", "Bears", "Tigers")


def test_the_table_follows_the_chosen_tie_breakers_and_says_what_decided(
    client: Client,
) -> None:
    boss = secretary()
    competition, _, fixtures = drawn_league(boss, 3, double=False)
    scores = {
        ("Lions", "Tigers"): (12, 4),
        ("Tigers", "Bears"): (9, 7),
        ("Bears", "Lions"): (10, 6),
    }
    for fixture in fixtures:
        home, away = scores.get((fixture.home.name, fixture.away.name)) or reversed(
            scores[(fixture.away.name, fixture.home.name)]
        )
        Match.objects.create(
            fixture=fixture,
            started_at=timezone.now(),
            started_by=boss,
            verification_code="TEST",
            home_score=home,
            away_score=away,
        )
    signed_in(client, boss)
    setup = reverse("teams:competition_setup", args=[competition.pk])
    page = reverse("teams:competition", args=[competition.pk])

    # Each team won once: level on match points. The games decide: +4, +2, -6.
    by_games = client.post(
        setup, {"name": competition.name, **FORMAT, "breaker_2": "difference", "breaker_3": ""}
    )
    assert by_games.status_code == 302
    table = client.get(page).content.decode()
    assert table.count('data-decided="difference"') == 2
    rows = [table.index(f'<tr data-team="{Team.objects.get(name=n).pk}"') for n in TABLE_ORDER]
    assert rows == sorted(rows)

    level = client.post(
        setup,
        {"name": competition.name, **FORMAT, "breaker_2": "head_to_head", "breaker_3": "wins"},
    )
    assert level.status_code == 302
    competition.refresh_from_db()
    assert competition.tie_breakers == "match_points,head_to_head,wins"
    assert 'data-decided="' not in client.get(page).content.decode().replace('data-decided=""', "")


def test_two_clubs_may_each_run_a_competition_of_the_same_name_but_one_club_not_twice() -> None:
    from django.core.exceptions import ValidationError

    from teams.services.teams import create_competition

    boss = secretary("boss-a")
    other_boss = User.objects.create_user(username="boss-b", password="balut-secretary")
    join_club(club=other_club(), user=other_boss, role=Role.SECRETARY)
    create_competition(in_club=the_club(), by=boss, name="Spring League")

    create_competition(in_club=other_club(), by=other_boss, name="Spring League")
    with pytest.raises(ValidationError):
        create_competition(in_club=the_club(), by=boss, name="Spring League")

    assert Competition.objects.filter(name="Spring League").count() == 2
