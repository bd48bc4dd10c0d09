"""The PDF pages: who may have them, what they answer, and how they refuse bad requests."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from clubs.models import Role
from clubs.services import join_club
from league.models import ClubSettings
from scoring.models import Game
from scoring.services.members import create_member
from tests.factories import the_club

from .helpers import (
    example_record,
    import_record,
    lines_of,
    metadata,
    pages_text,
    printed_games,
    random_record,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(member_client: Client) -> Client:
    """These pages are for signed-in members (scoring.access.privacy): the tests read them as
    one."""
    return member_client


CLUB_NIGHT = reverse("scoring:club_night_pdf")
BLANK = reverse("scoring:blank_sheet_pdf")


@pytest.fixture
def secretary_client(client: Client) -> Client:
    user = User.objects.create_user("secretary", password="balut-secretary-pw")
    join_club(club=the_club(), user=user, role=Role.SECRETARY)
    client.force_login(user)
    return client


@pytest.fixture
def member_client(client: Client) -> Client:
    client.force_login(
        create_member(in_club=the_club(), name="Ben Okafor", known_as="Ben", pin="1234").user
    )
    return client


def night(*games: Game) -> None:
    when = timezone.make_aware(datetime(2026, 3, 6, 20, 0))
    Game.objects.filter(pk__in=[game.pk for game in games]).update(started_at=when)


# The game's sheet


def test_anyone_gets_a_games_sheet_as_a_pdf(client: Client) -> None:
    game = import_record(example_record("jackpot"))
    response = client.get(reverse("scoring:game_sheet_pdf", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert f'filename="balutclub-game-{game.pk}.pdf"' in response["Content-Disposition"]
    assert response.content.startswith(b"%PDF")
    assert f"Jackpot Balut \u00b7 game #{game.pk}" in lines_of(response.content)


def test_an_unknown_game_is_404_and_other_methods_405(client: Client) -> None:
    assert client.get(reverse("scoring:game_sheet_pdf", args=[999_999])).status_code == 404
    game = import_record(example_record("bar"))
    assert client.post(reverse("scoring:game_sheet_pdf", args=[game.pk])).status_code == 405


def test_the_game_page_links_to_its_pdf_sheet(client: Client) -> None:
    game = import_record(example_record("balut"))
    html = client.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert f'href="{reverse("scoring:game_sheet_pdf", args=[game.pk])}"' in html
    assert "PDF sheet" in html


# Blank sheets


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar", "barbut4"])
def test_anyone_gets_blank_sheets(client: Client, ruleset: str) -> None:
    response = client.get(BLANK, {"ruleset": ruleset, "players": "8"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert f"blank-sheet-{ruleset}-8-players.pdf" in response["Content-Disposition"]
    assert response.content.startswith(b"%PDF")


def test_a_blank_sheet_is_for_four_players_unless_asked(client: Client) -> None:
    response = client.get(BLANK, {"ruleset": "bar"})
    assert response.status_code == 200
    assert "blank-sheet-bar-4-players" in response["Content-Disposition"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({}, "Unknown game"),
        ({"ruleset": "yahtzee"}, "Unknown game"),
        ({"ruleset": "balut", "players": "1"}, "2 to 8 players"),
        ({"ruleset": "balut", "players": "9"}, "2 to 8 players"),
        ({"ruleset": "balut", "players": "four"}, "2 to 8 players"),
        ({"ruleset": "balut", "players": ""}, "2 to 8 players"),
    ],
)
def test_bad_blank_sheet_queries_are_400_with_a_reason(
    client: Client, query: dict[str, str], message: str
) -> None:
    response = client.get(BLANK, query)
    assert response.status_code == 400
    assert message in response.content.decode()


def test_a_blank_sheet_carries_the_secretarys_club_name(client: Client) -> None:
    ClubSettings.objects.create(club=the_club(), club_name="The British Club")
    content = client.get(BLANK, {"ruleset": "balut", "players": "4"}).content
    assert lines_of(content)[0] == "The British Club"
    assert metadata(content).author == "The British Club"


def test_blank_sheets_answer_only_get(client: Client) -> None:
    assert client.post(BLANK, {"ruleset": "balut"}).status_code == 405


def test_the_home_page_offers_blank_sheets_and_the_club_night_to_the_secretary(
    client: Client, secretary_client: Client
) -> None:
    html = secretary_client.get(reverse("scoring:home")).content.decode()
    assert f'action="{BLANK}"' in html
    assert f'href="{CLUB_NIGHT}"' in html


def test_the_home_page_hides_the_club_night_from_others(member_client: Client) -> None:
    html = member_client.get(reverse("scoring:home")).content.decode()
    assert f'action="{BLANK}"' in html
    assert f'href="{CLUB_NIGHT}"' not in html


# The club night


def test_the_club_night_sends_anonymous_visitors_to_sign_in() -> None:
    client = Client()
    response = client.get(CLUB_NIGHT)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("scoring:signin") + "?next=")
    response = client.post(CLUB_NIGHT, {"date_from": "2026-03-06", "date_to": "2026-03-06"})
    assert response.status_code == 302


def test_the_club_night_is_for_the_secretary_only(member_client: Client) -> None:
    assert member_client.get(CLUB_NIGHT).status_code == 403
    data = {"date_from": "2026-03-06", "date_to": "2026-03-06"}
    assert member_client.post(CLUB_NIGHT, data).status_code == 403


def test_the_club_night_answers_get_and_post_only(secretary_client: Client) -> None:
    assert secretary_client.put(CLUB_NIGHT).status_code == 405
    assert secretary_client.delete(CLUB_NIGHT).status_code == 405


def test_the_secretary_gets_the_form(secretary_client: Client) -> None:
    response = secretary_client.get(CLUB_NIGHT)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="date_from"' in html and 'name="date_to"' in html
    assert "js/club_night.js" in html


def test_the_count_comes_first_as_json(secretary_client: Client) -> None:
    night(import_record(example_record("bar")), import_record(example_record("balut")))
    response = secretary_client.get(
        CLUB_NIGHT,
        {"date_from": "2026-03-06", "date_to": "2026-03-06"},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 200
    assert json.loads(response.content) == {"count": 2}
    html = secretary_client.get(
        CLUB_NIGHT, {"date_from": "2026-03-06", "date_to": "2026-03-06"}
    ).content.decode()
    assert "2 games in that range." in html


def test_the_club_night_pdf_streams_back_as_a_download(secretary_client: Client) -> None:
    games = [import_record(example_record(r)) for r in ("bar", "balut", "barbut4", "jackpot")]
    night(*games)
    response = secretary_client.post(
        CLUB_NIGHT, {"date_from": "2026-03-06", "date_to": "2026-03-06"}
    )
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("attachment;")
    assert "balutclub-club-night-2026-03-06.pdf" in response["Content-Disposition"]
    content = response.getvalue()
    assert printed_games(content) == [game.pk for game in games]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"date_from": "2026-03-07", "date_to": "2026-03-06"}, "wrong way round"),
        ({"date_from": "yesterday", "date_to": "2026-03-06"}, "Enter a valid date"),
        ({"date_from": "2026-03-06", "date_to": ""}, "required"),
        ({"date_from": "2026-02-30", "date_to": "2026-03-06"}, "Enter a valid date"),
    ],
)
def test_bad_ranges_are_422_with_a_reason(
    secretary_client: Client, data: dict[str, str], message: str
) -> None:
    response = secretary_client.post(CLUB_NIGHT, data)
    assert response.status_code == 422
    assert message in response.content.decode()
    response = secretary_client.get(CLUB_NIGHT, data, headers={"Accept": "application/json"})
    assert response.status_code == 422
    assert message in json.loads(response.content)["error"]


def test_an_empty_range_is_422_not_an_empty_pdf(secretary_client: Client) -> None:
    response = secretary_client.post(
        CLUB_NIGHT, {"date_from": "2001-01-01", "date_to": "2001-01-31"}
    )
    assert response.status_code == 422
    assert "No game was started in that range." in response.content.decode()


def test_a_range_with_too_many_games_is_refused(
    secretary_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("scoring.views.pdfs.MAX_CLUB_NIGHT_SHEETS", 1)
    night(import_record(example_record("bar")), import_record(example_record("balut")))
    data = {"date_from": "2026-03-06", "date_to": "2026-03-06"}
    response = secretary_client.post(CLUB_NIGHT, data)
    assert response.status_code == 422
    assert "2 games in that range: at most 1 print at once" in response.content.decode()


def test_the_club_night_carries_the_secretarys_club_name_on_every_sheet(
    secretary_client: Client,
) -> None:
    ClubSettings.objects.create(club=the_club(), club_name="The British Club")
    night(import_record(example_record("bar")), import_record(example_record("balut")))
    response = secretary_client.post(
        CLUB_NIGHT, {"date_from": "2026-03-06", "date_to": "2026-03-06"}
    )
    content = response.getvalue()
    assert [text.splitlines()[0] for text in pages_text(content)] == ["The British Club"] * 2
    assert metadata(content).author == "The British Club"
    assert metadata(content).title == "The British Club: club night of 6 Mar 2026"


def test_the_club_night_pdf_costs_the_same_queries_however_many_games(
    secretary_client: Client,
) -> None:
    ClubSettings.objects.create(club=the_club(), club_name="The British Club")
    data = {"date_from": "2026-03-06", "date_to": "2026-03-06"}

    def queries_for(games: int) -> int:
        night(*(import_record(random_record("jackpot", 4, seed)) for seed in range(games)))
        with CaptureQueriesContext(connection) as queries:
            response = secretary_client.post(CLUB_NIGHT, data)
        assert len(printed_games(response.getvalue())) == Game.objects.count()
        return len(queries)

    # The club's settings are read once for the whole night, never once a sheet.
    assert queries_for(2) == queries_for(4)


@pytest.mark.parametrize(
    ("language", "name"),
    [
        ("da", "balutclub-klubaften-2026-03-06-til-2026-03-07.pdf"),
        ("de", "balutclub-clubabend-2026-03-06-bis-2026-03-07.pdf"),
    ],
)
def test_a_club_night_printed_in_another_language_is_named_in_it(
    secretary_client: Client, language: str, name: str
) -> None:
    night(import_record(example_record("bar")))
    response = secretary_client.post(
        CLUB_NIGHT, {"date_from": "2026-03-06", "date_to": "2026-03-07", "lang": language}
    )
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{name}"'
