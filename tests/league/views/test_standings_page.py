"""The standings page: its table kept in the cache under what it shows, so a finished, corrected
or voided game shows at once, and the page's cost does not grow with the club's history."""

from __future__ import annotations

import datetime
import re
from unittest import mock

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from league.models import Season
from league.services.seasons import create_season
from scoring.models import Game, Member
from scoring.services.games import void_game
from scoring.services.records import import_game_record
from tests.factories import the_club
from tests.league.helpers import correct_eli_to_beat_hal
from tests.scoring.services.helpers import example, member, secretary

pytestmark = pytest.mark.django_db

STANDINGS = reverse("league:standings")
BAR_NAMES = ("Dee", "Eli", "Fay", "Hal")


@pytest.fixture(autouse=True)
def no_kept_tables() -> None:
    cache.clear()


def this_season() -> Season:
    today = timezone.localdate()
    return create_season(
        in_club=the_club(),
        by=secretary("season-keeper"),
        name="Now",
        starts_on=today - datetime.timedelta(days=30),
        ends_on=today + datetime.timedelta(days=30),
    )


def bar_game() -> None:
    for name in BAR_NAMES:
        if not Member.objects.filter(known_as=name).exists():
            member(name)
    import_game_record(
        in_club=the_club(),
        data=example("bar-register"),
        imported_by=None,
        source="test",
        allow_duplicate=True,
    )


def page(client: Client, season: Season, **query: str) -> str:
    response = client.get(STANDINGS, {"season": str(season.pk), "ruleset": "bar", **query})
    assert response.status_code == 200
    return response.content.decode()


def table_of(html: str) -> str:
    return html[html.index("<table") : html.index("</table>")]


def row_of(html: str, name: str) -> str:
    return html[html.index(f'<tr data-member="{name}"') :].split("</tr>")[0]


def test_a_finished_a_corrected_and_a_voided_game_each_change_the_page_at_once(
    client: Client,
) -> None:
    season = this_season()
    bar_game()
    first = page(client, season)
    assert table_of(page(client, season)) == table_of(first)
    assert '<td data-col="games">1</td>' in row_of(first, "Eli")

    bar_game()
    second = page(client, season)
    assert '<td data-col="games">2</td>' in row_of(second, "Eli")

    latest = Game.objects.order_by("-pk").first()
    assert latest is not None
    correct_eli_to_beat_hal(latest)
    corrected = page(client, season)
    assert row_of(corrected, "Eli") != row_of(second, "Eli")

    void_game(game=latest, by=secretary("voider"), reason="Played twice")
    voided = page(client, season)
    assert '<td data-col="games">1</td>' in row_of(voided, "Eli")
    assert row_of(voided, "Eli") == row_of(first, "Eli")


def test_the_table_is_drawn_once_for_what_it_shows_and_again_for_another_sort(
    client: Client,
) -> None:
    season = this_season()
    bar_game()
    with mock.patch("league.views.standings.render_to_string", wraps=render_to_string) as drawn:
        first = page(client, season)
        assert Client().get(STANDINGS, {"season": str(season.pk), "ruleset": "bar"}).content
        assert drawn.call_count == 1

        sorted_by_wins = page(client, season, sort="-wins")

    assert drawn.call_count == 2
    assert table_of(sorted_by_wins) != table_of(first)
    assert "sort=wins" in sorted_by_wins and "sort=-wins" not in sorted_by_wins.split("<thead")[1]


def test_the_header_links_sort_the_rows(client: Client) -> None:
    season = this_season()
    bar_game()

    by_name = page(client, season, sort="member")
    backwards = page(client, season, sort="-member")

    def names(html: str) -> list[str]:
        return [part.split('"')[0] for part in html.split('<tr data-member="')[1:]]

    assert names(by_name) == sorted(BAR_NAMES)
    assert names(backwards) == sorted(BAR_NAMES, reverse=True)


def test_the_page_takes_three_queries_drawn_or_kept(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    season = this_season()
    bar_game()
    # The club's settings (may a visitor see it?, and the club's tie-breakers: one reading a
    # request), the seasons, and the season's kept standings (league.services.standings).
    with django_assert_num_queries(3):
        drawn = page(client, season)
    with django_assert_num_queries(3):
        assert table_of(page(client, season)) == table_of(drawn)


def test_the_standings_page_refuses_a_post(client: Client) -> None:
    season = this_season()
    response = client.post(STANDINGS, {"season": str(season.pk)})
    assert response.status_code == 405


def test_the_standings_read_in_danish_and_the_download_names_its_season(client: Client) -> None:
    season = this_season()
    bar_game()

    html = client.get(
        STANDINGS, {"season": str(season.pk), "ruleset": "bar"}, headers={"accept-language": "da"}
    ).content.decode()
    asked = {"season": str(season.pk), "ruleset": "bar", "export": "csv"}
    download = client.get(STANDINGS, asked)
    danish = client.get(STANDINGS, asked, headers={"accept-language": "da"})

    averages = html.split('data-col="average"')[1:]
    assert averages and all(re.match(r">\d+,\d<", cell) for cell in averages)
    assert 'filename="balutclub-standings-now-bar-balut-1978-' in download["Content-Disposition"]
    assert 'filename="balutclub-stilling-now-bar-balut-1978-' in danish["Content-Disposition"]


def test_the_page_opens_on_the_season_today_is_in_not_a_later_one(client: Client) -> None:
    current = this_season()
    today = timezone.localdate()
    create_season(
        in_club=the_club(),
        by=secretary("season-keeper-2"),
        name="Next year",
        starts_on=today + datetime.timedelta(days=31),
        ends_on=today + datetime.timedelta(days=400),
    )
    bar_game()

    html = client.get(STANDINGS, {"ruleset": "bar"}).content.decode()

    assert "Standings: Now" in html and 'data-member="Dee"' in html
    assert f'<option value="{current.pk}" selected>Now</option>' in html


def test_between_seasons_the_page_opens_on_the_last_one_begun(client: Client) -> None:
    today = timezone.localdate()
    keeper = secretary("season-keeper")
    create_season(
        in_club=the_club(),
        by=keeper,
        name="Last year",
        starts_on=today - datetime.timedelta(days=400),
        ends_on=today - datetime.timedelta(days=10),
    )
    create_season(
        in_club=the_club(),
        by=keeper,
        name="Next year",
        starts_on=today + datetime.timedelta(days=10),
        ends_on=today + datetime.timedelta(days=400),
    )

    assert "Standings: Last year" in client.get(STANDINGS).content.decode()
