"""Every file the app hands out, read in Danish and in German, holds no English message id of
the catalog untranslated, and is named in the reader's language: the team match card, the
tournament's table cards, round sheets and results (PDF, CSV, XLSX), the rating list, the
calendars and the results feed. tests/test_pages_translated.py reads the pages, the game's
sheet, the blank sheets and the club's CSV lists the same way; this module covers the rest, so
that together they read every download of the permission matrix (the last test says so).
"""

from __future__ import annotations

import csv
import io
import re
from urllib.parse import unquote
from xml.etree import ElementTree

import pytest
from django.test import Client
from django.utils.text import slugify
from openpyxl import load_workbook

from clubs.models import Club
from teams.models import Competition, Division, Team
from tests.factories import fast_pin_hashing  # noqa: F401 (registers the fixture)
from tests.test_pages_translated import (
    EXPORTS,
    as_secretary,
    english_forms,
    english_ids,
    pdf_texts,
)
from tests.test_permissions_matrix import EXPECTED, World, url_of
from tests.test_permissions_matrix import media_root as media_root  # noqa: F401 (fixture)
from tests.test_permissions_matrix import world as world  # noqa: F401 (fixture)
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing", "media_root")]

LANGUAGES = ["da", "de"]
# The first round is the one the world drew (the matrix asks for round 0, which is none).
PDFS = (
    "matches/<int:match_id>/card.pdf",
    "tournaments/<int:tournament_id>/cards.pdf",
    "tournaments/<int:tournament_id>/rounds/1/sheets.pdf",
    "tournaments/<int:tournament_id>/results.pdf",
)
SPREADSHEETS = (
    "tournaments/<int:tournament_id>/results.csv",
    "tournaments/<int:tournament_id>/results.xlsx",
    "ratings/?export=csv",
    "ratings/?export=xlsx",
)
CALENDARS = (
    "feeds/calendar.ics",
    "competitions/<int:competition_id>/calendar.ics",
    "teams/<int:team_id>/calendar.ics",
)
FEEDS = ("feeds/results.atom",)
# Read by tests/test_pages_translated.py.
READ_THERE = (
    "games/<int:game_id>/sheet.pdf",
    "sheets/blank.pdf",
    "games/<int:game_id>/record.json",
)
# A calendar's lines that carry words: the rest are codes, dates and addresses.
CALENDAR_WORDS = re.compile(r"^(SUMMARY|DESCRIPTION|LOCATION|X-WR-CALNAME|X-WR-CALDESC)[;:]")


def fetch(client: Client, world: World, route: str, language: str) -> tuple[bytes, str]:
    """The file and its name, asked for as a Danish or German browser asks."""
    as_secretary(client, world)
    url = url_of(route, world.kwargs)
    separator = "&" if "?" in url else "?"
    response = client.get(f"{url}{separator}lang={language}", headers={"accept-language": language})
    assert response.status_code == 200, url
    disposition = response.headers.get("Content-Disposition", "")
    name = re.search(r"filename\*=utf-8''([^;]+)|filename=\"?([^\";]+)", disposition)
    filename = unquote(next(group for group in name.groups() if group)) if name else ""
    return response.content, filename


def english_in(texts: list[str], language: str) -> list[str]:
    """The texts that are an English message id whole, other than a name the club chose (a
    division called "Cup")."""
    ids = english_ids(language) - {name for name in club_names()}
    return sorted({text.strip() for text in texts if text.strip() in ids})


def words_of(text: str) -> set[str]:
    return {word.lower() for word in re.split(r"[\s._-]+", text) if word}


def club_names() -> list[str]:
    names = [*Tournament.objects.values_list("name", flat=True)]
    names += [*Competition.objects.values_list("name", flat=True)]
    names += [*Team.objects.values_list("name", flat=True)]
    names += [*Division.objects.values_list("name", flat=True)]
    return names


def named_by_the_club() -> set[str]:
    """The words of names the club chose ("Club night", "Pumas"): the data, not the app's words."""
    return set().union(*(words_of(name) for name in club_names()))


def english_in_name(filename: str, language: str, data: frozenset[str] = frozenset()) -> list[str]:
    """The words of a file's name ("Stilling-Forar-2026.csv") that are an English message id
    whole ("Results", "round", "sheets"), compared as a slug writes them; `data`: the words of
    the names in it that the club chose."""
    words = words_of(filename.rsplit(".", 1)[0]) - data
    single = {msgid.lower() for msgid in english_ids(language) if re.fullmatch(r"[A-Za-z]+", msgid)}
    return sorted(words & single)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("route", PDFS)
def test_every_pdf_prints_in_the_reader_s_language(
    client: Client, world: World, route: str, language: str
) -> None:
    content, filename = fetch(client, world, route, language)
    assert content.startswith(b"%PDF")
    texts = pdf_texts(content)
    assert texts, route
    assert english_in(texts, language) == []
    assert english_forms(texts) == []
    assert filename.endswith(".pdf")
    assert english_in_name(filename, language, frozenset(named_by_the_club())) == []


def spreadsheet_cells(content: bytes, route: str) -> list[str]:
    if "xlsx" in route:
        book = load_workbook(io.BytesIO(content), read_only=True)
        return [
            str(cell)
            for sheet in book.worksheets
            for row in sheet.iter_rows(values_only=True)
            for cell in row
            if cell is not None
        ]
    text = content.decode("utf-8-sig")
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("route", SPREADSHEETS)
def test_every_spreadsheet_speaks_the_reader_s_language(
    client: Client, world: World, route: str, language: str
) -> None:
    content, filename = fetch(client, world, route, language)
    cells = spreadsheet_cells(content, route)
    assert cells, route
    words = [cell for cell in cells if cell and not cell[0].isdigit()]
    assert english_in(words, language) == []
    assert english_in_name(filename, language, frozenset(named_by_the_club())) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("route", CALENDARS)
def test_every_calendar_speaks_the_reader_s_language(
    client: Client, world: World, route: str, language: str
) -> None:
    content, _ = fetch(client, world, route, language)
    text = content.decode().replace("\r\n ", "")  # lines folded at 75 octets, unfolded
    values = [
        line.split(":", 1)[1].replace("\\,", ",").replace("\\n", " ")
        for line in text.splitlines()
        if CALENDAR_WORDS.match(line)
    ]
    assert values, route
    parts = values + [part.strip() for value in values for part in re.split(r"[:–—()·,]", value)]
    assert english_in(parts, language) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("route", FEEDS)
def test_the_results_feed_speaks_the_reader_s_language(
    client: Client, world: World, route: str, language: str
) -> None:
    content, _ = fetch(client, world, route, language)
    feed = ElementTree.fromstring(content)
    texts = [element.text or "" for element in feed.iter() if element.text and element.text.strip()]
    parts = texts + [part.strip() for text in texts for part in re.split(r"[:–—()·,]", text)]
    assert english_in(parts, language) == []


NAMED = {
    "games/<int:game_id>/sheet.pdf": {
        "da": "balutclub-spil-{game_id}.pdf",
        "de": "balutclub-spiel-{game_id}.pdf",
    },
    "games/<int:game_id>/record.json": {
        "da": "balutclub-spil-{game_id}.json",
        "de": "balutclub-spiel-{game_id}.json",
    },
    "sheets/blank.pdf?ruleset=bar&players=4": {
        "da": "balutclub-tomt-skema-bar-4-spillere.pdf",
        "de": "balutclub-leeres-blatt-bar-4-spieler.pdf",
    },
    "feeds/calendar.ics": {"da": "{club}-kalender.ics", "de": "{club}-kalender.ics"},
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("route", NAMED)
def test_the_sheet_the_record_and_the_calendar_are_named_in_the_reader_s_words(
    client: Client, world: World, route: str, language: str
) -> None:
    _, filename = fetch(client, world, route, language)
    club = slugify(Club.objects.get().name)
    assert filename == NAMED[route][language].format(club=club, **world.kwargs)


def test_the_sweeps_read_every_download_of_the_permission_matrix() -> None:
    files = {
        route
        for route in EXPECTED
        if re.search(r"\.(pdf|ics|atom|csv|xlsx|json)$|\.<str:kind>$", route)
    }
    read = {route.split("?")[0] for route in PDFS + SPREADSHEETS + CALENDARS + FEEDS + READ_THERE}
    read = {r.replace("rounds/1/", "rounds/<int:number>/") for r in read}
    read |= {r for r in files if r.endswith("results.<str:kind>")}
    assert files - read == set()
    assert {"ledger/", "register/", "audit/", "standings/"} <= set(EXPORTS)


def test_an_english_word_in_a_file_s_name_is_caught() -> None:
    assert english_in_name("Resultater-Forar.csv", "da") == []
    assert english_in_name("Forar-standings.csv", "da") == ["standings"]
