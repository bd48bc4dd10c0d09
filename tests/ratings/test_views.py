"""The rating list and its downloads, a member's rating chart, a game's rating changes on its
page, and the TV board's odds."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from ratings.models import RatingChange
from ratings.templatetags.ratings import figure, signed
from scoring.models import Member
from tests.ratings.helpers import played
from tests.scoring.services.helpers import new_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_games() -> None:
    played({"Ann": 20, "Ben": 10, "Guest Sam": 30}, "2026-03-01T20:00:00+01:00")
    played({"Ann": 20, "Ben": 10}, "2026-03-02T20:00:00+01:00")


@pytest.mark.usefixtures("two_games")
def test_the_list_ranks_members_and_lists_guests_apart(client: Client) -> None:
    page = client.get(reverse("ratings:list"), {"ruleset": "bar"}).content.decode()

    members, guests = page.split('id="rating-guests"')
    assert members.index('data-person="Ann"') < members.index('data-person="Ben"')
    assert 'data-person="Guest Sam"' in guests and "Guest Sam" not in members


def test_an_unknown_game_shows_the_clubs_usual_game(client: Client) -> None:
    response = client.get(reverse("ratings:list"), {"ruleset": "poker"})

    assert response.status_code == 200
    assert 'aria-current="page" href="?ruleset=balut"' in response.content.decode()
    assert b"No one has a rating in this game yet" in response.content


@pytest.mark.usefixtures("two_games")
def test_the_csv_download_holds_the_members_figures(client: Client) -> None:
    response = client.get(reverse("ratings:list"), {"ruleset": "bar", "export": "csv"})

    # The byte-order mark tells Excel the file is UTF-8: "±" stays "±", not "Â±".
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["#", "Player", "Rating", "Skill", "Uncertainty (±)", "Games rated"]
    assert [row[1] for row in rows[1:]] == ["Ann", "Ben"]
    assert rows[1][5] == "2"
    # Each figure as the page shows it: one decimal, never 3.253318548555445.
    for row in rows[1:]:
        assert all(len(figure.partition(".")[2]) <= 1 for figure in row[2:5]), row


@pytest.mark.usefixtures("two_games")
def test_the_excel_download_keeps_numbers_as_numbers(client: Client) -> None:
    response = client.get(reverse("ratings:list"), {"ruleset": "bar", "export": "xlsx"})

    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet is not None
    assert sheet.cell(row=2, column=2).value == "Ann"
    assert isinstance(sheet.cell(row=2, column=3).value, float)


@pytest.mark.usefixtures("two_games")
def test_a_members_chart_has_a_point_after_each_rated_game(client: Client) -> None:
    ann = Member.objects.get(known_as="Ann")
    client.force_login(ann.user)

    page = client.get(reverse("ratings:player", args=[ann.pk])).content.decode()

    start = page.index('id="rating-chart-data"')
    data = json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])
    assert [kind["ruleset"] for kind in data] == ["bar"]
    assert [point["x"] for point in data[0]["points"]] == [1, 2]


@pytest.mark.usefixtures("two_games")
def test_a_finished_games_page_loads_its_rating_changes(client: Client) -> None:
    change = RatingChange.objects.select_related("player").filter(member__known_as="Ann").first()
    assert change is not None

    page = client.get(reverse("scoring:game", args=[change.game_id])).content.decode()
    fragment = client.get(
        reverse("ratings:game", args=[change.game_id]), headers={"hx-request": "true"}
    ).content.decode()

    assert f'hx-get="{reverse("ratings:game", args=[change.game_id])}"' in page
    assert signed(change.rating_change) in fragment and change.rating_change > 0
    assert "<html" not in fragment


@pytest.mark.usefixtures("two_games")
def test_a_games_rating_changes_at_their_own_address_are_a_whole_page(client: Client) -> None:
    change = RatingChange.objects.filter(member__known_as="Ann").first()
    assert change is not None

    page = client.get(
        reverse("ratings:game", args=[change.game_id]), headers={"accept-language": "de"}
    ).content.decode()

    # What axe asked of it: a title, the language, a landmark and a heading.
    assert '<html lang="de"' in page and "<main" in page
    assert re.search(r"<title>Wertungen nach [^<]+#\d+", page)
    assert re.search(r"<h1[^>]*>Wertungen nach [^<]+#\d+</h1>", page)
    assert signed(change.rating_change) in page


def test_a_game_in_play_has_no_rating_panel(client: Client) -> None:
    game = new_game("bar")

    page = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    assert "data-game-panel" not in page


def test_a_change_is_signed_as_members_read_it() -> None:
    assert (signed(1.84), signed(-0.42), signed(0.01)) == ("+1.8", "\N{MINUS SIGN}0.4", "0.0")


def test_a_rating_rounds_and_takes_the_same_minus_sign_as_its_change() -> None:
    # Django's number_format alone would cut 0.159 to 0.1 and -5.496 to -5.4.
    assert (figure(0.159), figure(-5.496), figure(24.25, 0)) == ("0.2", "\N{MINUS SIGN}5.5", "24")
    with translation.override("da"):
        assert (figure(-5.46), signed(-2.7)) == ("\N{MINUS SIGN}5,5", "\N{MINUS SIGN}2,7")


def test_the_board_has_no_chance_legend_when_no_table_shows_a_chance(client: Client) -> None:
    assert "data-chance-legend" not in client.get(reverse("stats:board")).content.decode()


@pytest.mark.usefixtures("two_games")
def test_the_board_shows_each_live_players_chance_to_win(client: Client) -> None:
    new_game("bar", ["Ann", "Ben"])

    page = client.get(reverse("stats:board")).content.decode()

    assert page.count("data-chance title=") == 2
    # Nobody hovers over a TV: the board says what its percentages are.
    assert page.count("data-chance-legend") == 1
    ann = page.index('data-player="Ann"')
    assert page.index("%", ann) < page.index('data-player="Ben"', ann)
