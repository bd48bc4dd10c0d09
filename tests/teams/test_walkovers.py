"""A team that does not show loses the fixture by walkover: the organiser's secretary gives it
in words, the table counts it as a win by the walkover score, a cup tie's winner goes through,
and a fixture whose match has started is refused (its games decide it)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from teams.match_rules import Counting, MatchFormat, MatchScore, Side, walkover_score
from teams.models import CupTie, Fixture, FixtureStatus, Walkover
from teams.selectors import division_table
from teams.services.cup import draw_cup
from teams.services.walkovers import give_walkover
from tests.page_text import text_of
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import cup_of, drawn_league, start_match_of, tie_fixture

pytestmark = pytest.mark.django_db


def test_a_walkover_by_places_gives_the_winner_the_best_half_of_every_tables_places() -> None:
    four_a_side = MatchFormat(players_per_team=4, table_size=4)

    assert walkover_score(four_a_side, Side.HOME) == MatchScore(10, 2)
    assert walkover_score(four_a_side, Side.AWAY) == MatchScore(2, 10)
    by_points = MatchFormat(players_per_team=2, table_size=4, counting=Counting.POINTS)
    assert walkover_score(by_points, Side.AWAY) == MatchScore(0, 1)


def test_the_secretary_gives_a_walkover_on_the_page_and_the_table_counts_it(
    client: Client,
) -> None:
    boss = secretary()
    competition, teams, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]
    client.force_login(boss)
    url = reverse("teams:walkover", args=[fixture.pk])
    assert "Give the walkover" in text_of(client.get(url).content.decode())

    response = client.post(url, {"winner": "home", "reason": "Tigers did not show."}, follow=True)

    assert response.status_code == 200
    page = text_of(response.content.decode())
    assert f"{fixture.away.name} did not play: walkover to {fixture.home.name}" in page
    given = Walkover.objects.get(fixture=fixture)
    assert (given.home_score, given.away_score, given.given_by) == (10, 2, boss)
    assert Fixture.objects.get(pk=fixture.pk).status == FixtureStatus.PLAYED
    table = division_table(fixture.division)
    assert [(row.team, row.played, row.match_points) for row in table] == [
        (fixture.home, 1, 2),
        (fixture.away, 1, 0),
    ]
    assert client.put(url).status_code == 405


def test_a_walkover_without_a_reason_or_twice_is_refused_in_words(client: Client) -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    client.force_login(boss)
    url = reverse("teams:walkover", args=[fixtures[0].pk])

    blank = client.post(url, {"winner": "away", "reason": " "})

    assert blank.status_code == 422
    assert "Say why the match was not played." in text_of(blank.content.decode())
    assert not Walkover.objects.exists()
    give_walkover(by=boss, fixture=fixtures[0], winner=Side.AWAY, reason="No team")
    again = client.post(url, {"winner": "home", "reason": "Changed my mind"})
    assert again.status_code == 422
    assert "given as a walkover already" in text_of(again.content.decode())
    assert Walkover.objects.get().winner == "away"


def test_a_fixture_whose_match_has_started_cannot_be_given_as_a_walkover() -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    start_match_of(fixtures[0])

    with pytest.raises(ValidationError, match="its games decide it, not a walkover"):
        give_walkover(by=boss, fixture=fixtures[0], winner=Side.HOME, reason="Left early")

    assert not Walkover.objects.exists()


def test_only_the_organisers_secretary_gives_a_walkover() -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)

    with pytest.raises(PermissionDenied):
        give_walkover(
            by=fixtures[0].home.captain.user, fixture=fixtures[0], winner=Side.HOME, reason="x"
        )

    assert not Walkover.objects.exists()


def test_a_cup_ties_walkover_sends_its_winner_into_the_next_round() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 4)
    draw_cup(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 2, 5),
        starts_at=datetime.time(19, 30),
    )
    tie = CupTie.objects.filter(division=division, round=1).order_by("position").first()
    assert tie is not None

    give_walkover(by=boss, fixture=tie_fixture(tie), winner=Side.AWAY, reason="Ill")

    tie.refresh_from_db()
    assert tie.winner_id == tie.away_id
    final = CupTie.objects.get(division=division, round=2)
    assert tie.away_id in (final.home_id, final.away_id)
