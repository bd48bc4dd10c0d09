"""Seasons and standings: the season's stored results, aggregated and ranked as the club says."""

from __future__ import annotations

import csv
import datetime
import io
from collections import defaultdict
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from league.models import Season
from league.selectors import standings
from league.services.books import book_game
from league.services.seasons import create_season
from league.services.settings import update_club_settings
from league.standings import BY_POINTS, COLUMNS, DEFAULT_TIEBREAKERS
from league.synthesis.history import Synthesizer
from scoring.models import Game, Member
from scoring.rules.tiebreakers import higher_first
from scoring.selectors import load_game
from scoring.services.records import import_game_record
from tests.factories import the_club
from tests.scoring.services.helpers import example, member, secretary

pytestmark = pytest.mark.django_db

STANDINGS = reverse("league:standings")
SEASONS = reverse("league:seasons")
GOLDEN = ("balut-three-players", "bar-register", "barbut4-with-6666", "jackpot-fives-bonus")
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")


def this_season() -> Season:
    today = timezone.localdate()
    return create_season(
        in_club=the_club(),
        by=secretary("season-keeper"),
        name="This season",
        starts_on=today - datetime.timedelta(days=30),
        ends_on=today + datetime.timedelta(days=30),
    )


def club_games() -> list[Game]:
    """Each golden game played twice, members by name, results stored.

    Twice, so that every member has more than one game of a kind and a game moved out of the
    season leaves its twin in it.
    """
    for name in NAMES:
        member(name)
    games = []
    records = [example(name) for name in GOLDEN] * 2
    for data in records:
        # The examples and the demo games overlap: each still counts as a game of its own here.
        game = import_game_record(
            in_club=the_club(), data=data, imported_by=None, source="test", allow_duplicate=True
        )
        book_game(game=game)
        games.append(game)
    return games


def expected(games: list[Game], ruleset: str) -> dict[str, dict[str, Any]]:
    """Each member's figures worked out from the engine's result of each game."""
    figures: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"games": 0, "wins": 0, "values": [], "baluts": 0, "lasts": 0}
    )
    for game in games:
        if game.ruleset != ruleset:
            continue
        result = load_game(game).result()
        worst = max(player.rank for player in result.players)
        for player in result.players:
            line = figures[player.name]
            line["games"] += 1
            line["wins"] += player.rank == 1
            line["values"].append(player.total_points if ruleset in BY_POINTS else player.score)
            line["baluts"] += player.baluts
            line["lasts"] += player.rank == worst
    return {
        name: {
            "games": line["games"],
            "wins": line["wins"],
            "average": sum(line["values"]) / len(line["values"]),
            "best": max(line["values"]),
            "baluts": line["baluts"],
            "lasts": line["lasts"],
        }
        for name, line in figures.items()
    }


def ranked(figures: dict[str, dict[str, Any]], order: list[str]) -> list[tuple[int, str]]:
    """(place, name) as the tie-breakers rank them; members level on all of them share a place."""

    def key(name: str) -> tuple[float, ...]:
        values = []
        for breaker in order:
            value = figures[name][COLUMNS[breaker]]
            values.append(-value if higher_first(breaker) else value)
        return tuple(values)

    names = sorted(figures, key=lambda name: (key(name), name))
    return [(1 + sum(1 for other in names if key(other) < key(name)), name) for name in names]


def shown(season: Season, ruleset: str, order: list[str]) -> list[dict[str, Any]]:
    return list(standings(season, ruleset, order))


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar", "barbut4"])
def test_the_standings_are_the_engines_results_of_the_seasons_games(ruleset: str) -> None:
    season = this_season()
    games = club_games()
    want = expected(games, ruleset)

    rows = shown(season, ruleset, DEFAULT_TIEBREAKERS[ruleset])

    got = {
        row["member__known_as"]: {
            key: row[key] for key in ("games", "wins", "average", "best", "baluts", "lasts")
        }
        for row in rows
    }
    assert got.keys() == want.keys()
    for name, line in want.items():
        assert got[name] == pytest.approx(line), name
    assert [(row["place"], row["member__known_as"]) for row in rows] == ranked(
        want, DEFAULT_TIEBREAKERS[ruleset]
    )


def test_a_later_tiebreaker_settles_a_tie_on_the_first() -> None:
    season = this_season()
    games = club_games()
    want = expected(games, "bar")
    order = ["fewest_last", "best"]
    # In the bar example three of the four never come last: the best score ranks them.
    assert sum(1 for line in want.values() if line["lasts"] == 0) >= 2

    rows = shown(season, "bar", order)

    assert [(row["place"], row["member__known_as"]) for row in rows] == ranked(want, order)
    never_last = [row["place"] for row in rows if row["lasts"] == 0]
    assert len(set(never_last)) == len(never_last)


def test_the_club_changes_the_tiebreakers_and_the_page_shows_them(client: Client) -> None:
    season = this_season()
    club_games()
    update_club_settings(
        in_club=the_club(),
        by=secretary(),
        club_name="",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={},
        default_options={},
        standings_tiebreakers={"bar": ["fewest_last", "best"]},
    )

    html = client.get(STANDINGS, {"season": str(season.pk), "ruleset": "bar"}).content.decode()

    assert 'data-tiebreaker="1">Fewest last places<' in html
    assert 'data-tiebreaker="2">Highest game<' in html


def test_unknown_tiebreakers_are_refused() -> None:
    with pytest.raises(ValidationError):
        update_club_settings(
            in_club=the_club(),
            by=secretary(),
            club_name="",
            drinks_in_balut=True,
            drinks_in_jackpot=True,
            register_bounds={},
            default_options={},
            standings_tiebreakers={"bar": ["luck"]},
        )


def test_a_game_finished_outside_the_season_is_not_counted() -> None:
    season = this_season()
    games = club_games()
    old = next(game for game in games if game.ruleset == "bar")
    Game.objects.filter(pk=old.pk).update(finished_at=timezone.now() - datetime.timedelta(days=365))
    book_game(game=old)

    rows = shown(season, "bar", DEFAULT_TIEBREAKERS["bar"])

    assert {row["member__known_as"]: row["games"] for row in rows} == {
        "Dee": 1,
        "Fay": 1,
        "Hal": 1,
        "Eli": 1,
    }


@pytest.mark.parametrize(
    ("local_time", "counted"),
    [
        (datetime.datetime(2026, 6, 30, 23, 59), True),
        (datetime.datetime(2026, 7, 1, 0, 1), False),
        (datetime.datetime(2026, 6, 1, 0, 1), True),
        (datetime.datetime(2026, 5, 31, 23, 59), False),
    ],
)
def test_a_season_runs_from_midnight_to_midnight_in_the_clubs_time_zone(
    local_time: datetime.datetime, counted: bool
) -> None:
    season = create_season(
        in_club=the_club(),
        by=secretary("season-keeper"),
        name="June",
        starts_on=datetime.date(2026, 6, 1),
        ends_on=datetime.date(2026, 6, 30),
    )
    game = next(game for game in club_games() if game.ruleset == "bar")
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.make_aware(local_time))
    book_game(game=game)

    rows = shown(season, "bar", DEFAULT_TIEBREAKERS["bar"])

    assert bool(rows) is counted


def test_the_csv_has_every_member_in_order(client: Client) -> None:
    season = this_season()
    games = club_games()

    response = client.get(
        STANDINGS, {"season": str(season.pk), "ruleset": "balut", "export": "csv"}
    )

    assert response.status_code == 200
    lines = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert lines[0][:3] == ["#", "Member", "Games played"]
    want = ranked(expected(games, "balut"), DEFAULT_TIEBREAKERS["balut"])
    assert [line[1] for line in lines[1:]] == [name for _, name in want]


def test_each_member_in_the_table_links_to_their_player_page(client: Client) -> None:
    season = this_season()
    club_games()
    dee = Member.objects.get(known_as="Dee")

    html = client.get(STANDINGS, {"season": str(season.pk), "ruleset": "bar"}).content.decode()

    assert f'href="{reverse("stats:player", args=[dee.pk])}"' in html


@pytest.mark.parametrize(
    "query", [{}, {"season": "nonsense", "ruleset": "poker"}, {"sort": "nonsense"}]
)
def test_the_page_answers_whatever_the_query(client: Client, query: dict[str, str]) -> None:
    assert client.get(STANDINGS, query).status_code == 200
    this_season()
    club_games()
    assert client.get(STANDINGS, query).status_code == 200
    assert client.get(STANDINGS, {**query, "sort": "-wins"}).status_code == 200


def test_the_page_costs_the_same_queries_with_more_history(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    today = timezone.localdate()
    season = create_season(
        in_club=the_club(),
        by=secretary(),
        name="The year",
        starts_on=today - datetime.timedelta(days=400),
        ends_on=today,
    )
    synthesizer = Synthesizer(club=the_club(), seed=5, signatures=False)
    synthesizer.run(years=1, games_per_year=5)
    with CaptureQueriesContext(connection) as small:
        assert (
            client.get(STANDINGS, {"season": str(season.pk), "ruleset": "bar"}).status_code == 200
        )
    Synthesizer(club=the_club(), seed=6, signatures=False).run(years=1, games_per_year=60)
    assert Member.objects.count() > 10

    with django_assert_num_queries(len(small.captured_queries)):
        response = client.get(STANDINGS, {"season": str(season.pk), "ruleset": "bar"})

    assert response.status_code == 200


def test_only_the_secretary_keeps_the_seasons(client: Client) -> None:
    assert client.get(SEASONS).status_code == 302
    ann = member("Ann")
    client.force_login(ann.user)
    assert client.get(SEASONS).status_code == 403
    assert client.post(SEASONS, {"name": "X", "starts_on": "2026-01-01"}).status_code == 403
    with pytest.raises(PermissionDenied):
        create_season(
            in_club=the_club(),
            by=ann.user,
            name="X",
            starts_on=datetime.date(2026, 1, 1),
            ends_on=datetime.date(2026, 6, 30),
        )
    assert not Season.objects.exists()


def test_the_secretary_adds_and_changes_a_season(client: Client) -> None:
    client.force_login(secretary())

    response = client.post(
        SEASONS, {"name": "Spring", "starts_on": "2026-03-01", "ends_on": "2026-05-31"}
    )

    assert response.status_code == 302
    season = Season.objects.get()
    response = client.post(
        reverse("league:season", args=[season.pk]),
        {"name": "Spring 2026", "starts_on": "2026-03-01", "ends_on": "2026-06-30"},
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.ends_on) == ("Spring 2026", datetime.date(2026, 6, 30))


def test_a_season_ending_before_it_starts_is_refused(client: Client) -> None:
    client.force_login(secretary())

    response = client.post(
        SEASONS, {"name": "Backwards", "starts_on": "2026-05-01", "ends_on": "2026-03-01"}
    )

    assert response.status_code == 422
    assert not Season.objects.exists()
