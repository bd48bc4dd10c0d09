"""Every Download button gives the file of the table as filtered and sorted on the page: the
secretary clicks it on the tablet, and the file is opened as a spreadsheet would open it (the
csv module; openpyxl, where numbers are numbers and dates are dates in the club's time zone)."""

from __future__ import annotations

import csv
import datetime
import io
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from openpyxl import load_workbook
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from league.models import AuditEntry, DrinkDebt
from league.services.books import book_game
from league.services.ledger import settle_debt
from league.services.register import enter_historic_record
from league.services.seasons import create_season
from tests.browser.pages import shot
from tests.factories import the_club
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.browser


def signed_in_as_secretary(page: Page, base_url: str) -> User:
    """The secretary's session on the tablet (the password sign-in is the admin's own page)."""
    boss = secretary()
    client = Client()
    client.force_login(boss)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": base_url}])
    return boss


def download(page: Page, button: str, into: Path) -> Path:
    with page.expect_download() as caught:
        page.get_by_role("link", name=button).click()
    path = into / caught.value.suggested_filename
    caught.value.save_as(path)
    return path


def rows_of_csv(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))


def rows_of_xlsx(path: Path) -> list[list[object]]:
    sheet = load_workbook(path).active
    assert sheet is not None
    return [[cell.value for cell in row] for row in sheet.iter_rows()]


def test_the_registers_downloads_are_the_table_as_filtered_and_sorted(
    live_server: LiveServer, tablet_page: Page, transactional_db: None, tmp_path: Path
) -> None:
    page = tablet_page
    boss = signed_in_as_secretary(page, live_server.url)
    for year, score, kind in [(1985, 171, "high"), (1990, 166, "high"), (1988, 30, "low")]:
        enter_historic_record(
            in_club=the_club(),
            date=datetime.date(year, 6, 1),
            player_name=f"Old {score}",
            member=None,
            score=score,
            kind=kind,
            ruleset="bar",
            scan=None,
            note="",
            by=boss,
        )
    page.goto(f"{live_server.url}/register/")
    page.locator("#filters select[name=kind]").select_option("high")
    page.get_by_role("button", name="Filter").click()
    page.locator("#register-table th").filter(has_text="Score").get_by_role("link").click()
    page.wait_for_url(re.compile(r"sort=score"))
    expect(page.locator("#download-csv")).to_have_attribute("href", re.compile("export=csv"))

    shot(page, "register-downloads")
    as_csv = rows_of_csv(download(page, "Download CSV", tmp_path))
    as_xlsx = rows_of_xlsx(download(page, "Download Excel", tmp_path))

    # High records only, lowest score first, as the page shows them.
    assert [(row[1], row[3]) for row in as_csv[1:]] == [("166", "Old 166"), ("171", "Old 171")]
    assert as_csv[1][0] == "1990-06-01"
    assert as_xlsx[0][:4] == ["Date", "Score", "High or low", "Player"]
    assert [row[:4] for row in as_xlsx[1:]] == [
        [datetime.datetime(1990, 6, 1), 166, "High", "Old 166"],
        [datetime.datetime(1985, 6, 1), 171, "High", "Old 171"],
    ]


def test_the_ledgers_downloads_keep_the_filter_and_type_the_times(
    live_server: LiveServer, tablet_page: Page, transactional_db: None, tmp_path: Path
) -> None:
    page = tablet_page
    boss = signed_in_as_secretary(page, live_server.url)
    game = play_bar()
    debts = book_game(game=game).debts
    settle_debt(debt=debts[0], by=boss)
    settled = DrinkDebt.objects.get(pk=debts[0].pk)
    assert settled.settled_at is not None
    page.goto(f"{live_server.url}/ledger/")
    page.locator("#filters select[name=status]").select_option("settled")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url(re.compile(r"status=settled"))

    as_csv = rows_of_csv(download(page, "Download CSV", tmp_path))
    as_xlsx = rows_of_xlsx(download(page, "Download Excel", tmp_path))

    assert len(as_csv) == 2 and as_csv[1][5] == "Settled"
    header = as_xlsx[0]
    row = dict(zip(header, as_xlsx[1], strict=True))
    closed = timezone.localtime(settled.settled_at).replace(tzinfo=None, microsecond=0)
    booked = timezone.localtime(settled.created_at).replace(tzinfo=None, microsecond=0)
    assert (row["Closed"], row["Booked"], row["Status"]) == (closed, booked, "Settled")
    assert row["Game"] == f"#{game.pk}"


def test_the_standings_downloads_hold_numbers_as_numbers(
    live_server: LiveServer, tablet_page: Page, transactional_db: None, tmp_path: Path
) -> None:
    page = tablet_page
    boss = signed_in_as_secretary(page, live_server.url)
    today = timezone.localdate()
    season = create_season(
        in_club=the_club(),
        by=boss,
        name="This year",
        starts_on=today.replace(month=1, day=1),
        ends_on=today,
    )
    book_game(game=play_bar())
    page.goto(f"{live_server.url}/standings/?season={season.pk}&ruleset=bar")

    as_csv = rows_of_csv(download(page, "Download CSV", tmp_path))
    as_xlsx = rows_of_xlsx(download(page, "Download Excel", tmp_path))

    assert sorted(row[1] for row in as_csv[1:]) == ["Ann", "Ben", "Cy"]
    games = [row[2] for row in as_xlsx[1:]]
    places = [row[0] for row in as_xlsx[1:]]
    assert games == [1, 1, 1] and all(isinstance(place, int) for place in places)
    assert all(isinstance(row[4], float | int) for row in as_xlsx[1:])


def test_the_audit_logs_downloads_date_each_line_in_the_clubs_time_zone(
    live_server: LiveServer, tablet_page: Page, transactional_db: None, tmp_path: Path
) -> None:
    page = tablet_page
    boss = signed_in_as_secretary(page, live_server.url)
    create_season(
        in_club=the_club(),
        by=boss,
        name="S",
        starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 6, 1),
    )
    page.goto(f"{live_server.url}/audit/")
    page.locator("#filters select[name=action]").select_option("season_added")
    page.get_by_role("button", name="Filter").click()

    as_csv = rows_of_csv(download(page, "Download CSV", tmp_path))
    as_xlsx = rows_of_xlsx(download(page, "Download Excel", tmp_path))

    line = AuditEntry.objects.get()
    local = timezone.localtime(line.at).replace(tzinfo=None, microsecond=0)
    assert as_csv[1][0] == local.strftime("%Y-%m-%d %H:%M") and as_csv[1][2] == "Season added"
    assert as_xlsx[1][0] == local and as_xlsx[1][2] == "Season added"
