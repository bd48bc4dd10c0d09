"""Tonight's team match on the club's TV board: registered by teams in clubs.board_panels, so the
board (stats) shows it without importing teams; the score of the tables already over."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString

from clubs import board_panels
from clubs.models import Club
from teams.board_panel import tonights_panel
from teams.models import CupTie, Fixture, Team
from teams.services.cup import draw_cup
from teams.services.matches import start_match
from tests.factories import other_club, the_club
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import cup_of, duel_league, finish_games, tie_fixture

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_board_cache() -> None:
    cache.clear()


def tonights_tie(*, day: datetime.date | None = None) -> CupTie:
    boss = secretary()
    division, _ = cup_of(boss, 2)
    draw_cup(
        by=boss,
        division=division,
        first_round_on=day or timezone.localdate(),
        starts_at=datetime.time(19, 30),
    )
    return CupTie.objects.select_related("fixture__home", "fixture__away").get(division=division)


def board_html(client: Client) -> str:
    return client.get(reverse("stats:board")).content.decode()


def test_teams_registers_tonights_panel_once() -> None:
    board_panels.provide_board_panel(tonights_panel)

    assert board_panels._panels.count(tonights_panel) == 1


def test_a_registered_panel_with_nothing_tonight_adds_nothing() -> None:
    def quiet(club: Club) -> SafeString:
        return SafeString("")

    def loud(club: Club) -> SafeString:
        return SafeString(f'<p id="loud">{club.name}</p>')

    kept = list(board_panels._panels)
    try:
        board_panels._panels[:] = [quiet, loud]
        assert board_panels.board_panels(the_club()) == [f'<p id="loud">{the_club().name}</p>']
    finally:
        board_panels._panels[:] = kept


def test_the_board_shows_tonights_fixture_before_the_match_starts(client: Client) -> None:
    tie = tonights_tie()

    fixture = tie_fixture(tie)

    page = board_html(client)

    assert re.search(rf'id="board-team-match".*data-fixture="{fixture.pk}"', page, re.S)
    assert "Starts at 19:30" in page
    assert fixture.home.name in page and fixture.away.name in page


def test_the_board_shows_the_match_score_of_the_tables_over(client: Client) -> None:
    tie = tonights_tie()
    fixture = tie_fixture(tie)
    match = start_match(
        by=fixture.home.captain.user,
        fixture=fixture,
        home_players=[fixture.home.captain],
        away_players=[fixture.away.captain],
    )
    assert re.search(r"data-tables>0 of 1 table over<", board_html(client))

    finish_games(match)

    page = board_html(client)
    assert re.search(r"data-tables>1 of 1 table over<", page)
    assert re.search(
        r'data-home-score>1</span> : <span class="board-score" data-away-score>0<', page
    )


def test_a_fixture_of_another_day_is_not_on_tonights_board(client: Client) -> None:
    tonights_tie(day=timezone.localdate() + datetime.timedelta(days=1))

    assert 'id="board-team-match"' not in board_html(client)


def test_tonights_panel_is_read_in_danish_and_german(client: Client) -> None:
    tonights_tie()

    danish = client.get(reverse("stats:board"), HTTP_ACCEPT_LANGUAGE="da").content.decode()
    cache.clear()
    german = client.get(reverse("stats:board"), HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "Aftenens holdkamp" in danish
    assert "Mannschaftsspiel heute Abend" in german


def test_the_board_shows_every_match_at_this_clubs_bar_tonight_and_none_at_another_pub() -> None:
    _, fixtures = duel_league(secretary(), 6)
    first_round = [f for f in fixtures if f.round == 1]
    hosts = {f.home_id for f in first_round}
    # A later fixture hosted by a team that is away in round one: it moves to another club.
    away_pub = next(f for f in fixtures if f.round > 1 and f.home_id not in hosts)
    tonight = [*first_round, away_pub]
    Fixture.objects.filter(pk__in=[f.pk for f in tonight]).update(starts_at=timezone.now())
    Team.objects.filter(pk=away_pub.home_id).update(club=other_club())

    panel = tonights_panel(the_club())

    shown = set(map(int, re.findall(r'data-fixture="(\d+)"', panel)))
    assert shown == {f.pk for f in first_round} and len(shown) == 3
