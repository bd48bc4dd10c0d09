"""The club's feeds: its results as Atom (finished games, signed matches) and one calendar of
its fixtures (a signed match's score in its event) and tournament days; each keeps what the
club hides from visitors."""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET

import pytest
from django.contrib.auth.models import User
from django.test import Client
from icalendar import Calendar

from league.models import ClubSettings
from league.services.books import book_game
from scoring.box_names import game_title
from scoring.services.records import import_game_record
from teams.models import Fixture, Match
from teams.services.cup import draw_cup
from tests.factories import the_club
from tests.scoring.services.helpers import example, member, secretary
from tests.teams.helpers import cup_of, play_and_sign, tie_fixture
from tournaments.services.entries import create_tournament

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"


def entry_titles(client: Client) -> list[str]:
    response = client.get("/feeds/results.atom")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    root = ET.fromstring(response.content)
    return [str(entry.findtext(f"{ATOM}title")) for entry in root.iter(f"{ATOM}entry")]


def calendar_summaries(client: Client) -> list[str]:
    response = client.get("/feeds/calendar.ics")
    assert response.status_code == 200
    return [str(event["summary"]) for event in Calendar.from_ical(response.content).events]


def signed_match(boss: User) -> tuple[Fixture, Match]:
    """A cup tie of two one-player teams, played and signed by both captains."""
    division, _ = cup_of(boss, 2)
    [tie] = draw_cup(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 2, 5),
        starts_at=datetime.time(19, 30),
    )
    fixture = tie_fixture(tie)
    return fixture, play_and_sign(fixture)


def hide_everything() -> None:
    ClubSettings.objects.update_or_create(club=the_club(), defaults={"public_areas": []})


def test_a_finished_game_and_a_signed_match_are_results_with_their_scores(client: Client) -> None:
    game = import_game_record(
        in_club=the_club(), data=example("bar-register"), imported_by=None, scorer=member("Dee")
    )
    book_game(game=game)
    fixture, match = signed_match(secretary())
    titles = entry_titles(client)
    home, away = fixture.home.name, fixture.away.name
    assert f"{home} {match.home_score}–{match.away_score} {away}" in titles
    assert f"{game_title(game.ruleset)}: Dee 164, Fay 150, Hal 26, Eli 14" in titles


def test_the_calendar_holds_fixtures_with_a_signed_score_and_public_tournament_days(
    client: Client,
) -> None:
    boss = secretary()
    fixture, match = signed_match(boss)
    for name, public in (("Open day", True), ("Members' night", False)):
        tournament = create_tournament(
            in_club=the_club(),
            name=name,
            starts_on=datetime.date(2026, 12, 5),
            ends_on=datetime.date(2026, 12, 6),
            ruleset="balut",
            table_size=4,
            rounds=2,
            swiss=False,
            by=boss,
        )
        tournament.public = public
        tournament.save(update_fields=["public"])
    summaries = calendar_summaries(client)
    home, away = fixture.home.name, fixture.away.name
    assert f"{home} {match.home_score}–{match.away_score} {away}" in summaries
    assert "Open day" in summaries
    assert "Members' night" not in summaries
    client.force_login(boss)
    assert "Members' night" in calendar_summaries(client)


def test_a_club_that_hides_everything_feeds_visitors_nothing_of_it(client: Client) -> None:
    game = import_game_record(
        in_club=the_club(), data=example("bar-register"), imported_by=None, scorer=member("Dee")
    )
    book_game(game=game)
    signed_match(secretary())
    hide_everything()
    assert entry_titles(client) == []
    assert calendar_summaries(client) == []


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "Test Balut Club: results"),
        ("da", "Test Balut Club: resultater"),
        ("de", "Test Balut Club: Ergebnisse"),
    ],
)
def test_the_feed_is_titled_in_the_readers_language(
    client: Client, language: str, title: str
) -> None:
    the_club()
    response = client.get("/feeds/results.atom", headers={"accept-language": language})
    root = ET.fromstring(response.content)
    assert root.findtext(f"{ATOM}title") == title


def test_the_feeds_answer_only_reads(client: Client) -> None:
    the_club()
    assert client.post("/feeds/results.atom").status_code == 405
    assert client.post("/feeds/calendar.ics").status_code == 405
