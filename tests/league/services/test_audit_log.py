"""The audit log: settings, seasons and members changes land in it with before and after; the
page filters by what, who and when, and downloads as CSV and typed Excel."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook
from pytest_django import DjangoAssertNumQueries

from league.models import AuditAction, AuditEntry
from league.services.members import add_member, set_member_pin, update_member
from league.services.seasons import create_season, update_season
from league.services.settings import update_club_settings
from scoring import rules
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db

AUDIT = reverse("league:audit")


def change_settings(by: User, *, club_name: str, high: int = 159) -> None:
    update_club_settings(
        in_club=the_club(),
        by=by,
        club_name=club_name,
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={"bar": rules.RegisterBounds(high=high, low=41)},
        default_options={},
    )


def test_a_settings_change_is_logged_with_only_what_changed() -> None:
    boss = secretary()
    change_settings(boss, club_name="The Dice Bar")
    change_settings(boss, club_name="The Dice Bar", high=165)

    first, second = AuditEntry.objects.filter(action=AuditAction.SETTINGS_CHANGED).order_by("id")
    assert first.after["club_name"] == "The Dice Bar" and first.by == boss
    assert (second.before, second.after) == ({"bar_register_high": 159}, {"bar_register_high": 165})


def test_saving_the_same_settings_again_logs_nothing_new() -> None:
    boss = secretary()
    change_settings(boss, club_name="Same")
    change_settings(boss, club_name="Same")
    assert AuditEntry.objects.filter(action=AuditAction.SETTINGS_CHANGED).count() == 1


def test_season_changes_are_logged() -> None:
    boss = secretary()
    season = create_season(
        in_club=the_club(),
        by=boss,
        name="2026",
        starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31),
    )
    update_season(
        season=season,
        by=boss,
        name="2026",
        starts_on=datetime.date(2026, 2, 1),
        ends_on=datetime.date(2026, 12, 31),
    )

    added = AuditEntry.objects.get(action=AuditAction.SEASON_ADDED)
    assert added.after == {"name": "2026", "starts_on": "2026-01-01", "ends_on": "2026-12-31"}
    changed = AuditEntry.objects.get(action=AuditAction.SEASON_CHANGED)
    assert (changed.before, changed.after) == (
        {"starts_on": "2026-01-01"},
        {"starts_on": "2026-02-01"},
    )


def test_member_changes_are_logged_and_a_pin_never_is() -> None:
    boss = secretary()
    dee = add_member(
        in_club=the_club(), by=boss, name="Dee Dee", known_as="Dee", email="", pin="4321"
    )
    update_member(
        in_club=the_club(),
        member=dee,
        by=boss,
        name="Dee Dee",
        known_as="DD",
        email="",
        is_active=True,
    )
    set_member_pin(in_club=the_club(), member=dee, by=boss, pin="9876")

    actions = list(AuditEntry.objects.order_by("id").values_list("action", flat=True))
    assert actions == ["member_added", "member_changed", "member_pin_reset"]
    changed = AuditEntry.objects.get(action=AuditAction.MEMBER_CHANGED)
    assert (changed.before, changed.after) == ({"known_as": "Dee"}, {"known_as": "DD"})
    for entry in AuditEntry.objects.all():
        assert "4321" not in str(entry.after) and "9876" not in str(entry.after)


@pytest.fixture
def log() -> User:
    """Two lines by the secretary, one by another secretary a week ago."""
    boss, other = secretary(), secretary("deputy")
    change_settings(boss, club_name="One")
    create_season(
        in_club=the_club(),
        by=boss,
        name="S",
        starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 6, 1),
    )
    change_settings(other, club_name="Two")
    AuditEntry.objects.filter(by=other).update(at=timezone.now() - datetime.timedelta(days=7))
    return boss


def test_the_log_page_is_the_secretarys_and_filters_by_what_who_and_when(
    client: Client, log: User
) -> None:
    client.force_login(log)

    every = client.get(AUDIT).content.decode()
    by_action = client.get(AUDIT, {"action": "season_added"}).content.decode()
    by_who = client.get(AUDIT, {"by": log.pk}).content.decode()
    since = (timezone.localdate() - datetime.timedelta(days=1)).isoformat()
    recent = client.get(AUDIT, {"since": since}).content.decode()

    assert every.count("data-audit=") == 3
    assert by_action.count("data-audit=") == 1 and "Season added" in by_action
    assert by_who.count("data-audit=") == 2
    assert recent.count("data-audit=") == 2


def test_a_nonsense_filter_is_refused_with_its_reason_not_an_error(
    client: Client, log: User
) -> None:
    client.force_login(log)
    response = client.get(AUDIT, {"action": "drop table", "since": "yesterday", "by": "x"})
    # A filter the page cannot use is named beside it (400), never ignored or a server error.
    assert response.status_code == 400
    assert "Select a valid choice. drop table is not one of the" in response.content.decode()


def test_members_and_visitors_do_not_see_the_log(client: Client, log: User) -> None:
    assert client.get(AUDIT).status_code == 302
    client.force_login(member("Ann").user)
    assert client.get(AUDIT).status_code == 403
    client.force_login(log)
    assert client.post(AUDIT).status_code == 405


def test_the_log_downloads_as_filtered_in_csv_and_typed_excel(client: Client, log: User) -> None:
    client.force_login(log)

    text = client.get(AUDIT, {"action": "settings_changed", "export": "csv"}).content.decode(
        "utf-8-sig"
    )
    book = client.get(AUDIT, {"action": "settings_changed", "export": "xlsx"}).content

    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["When", "Who", "What", "Of", "Change", "Why"]
    assert [row[2] for row in rows[1:]] == ["Settings changed", "Settings changed"]
    sheet = load_workbook(io.BytesIO(book)).active
    assert sheet is not None
    when = sheet.cell(row=2, column=1).value
    assert isinstance(when, datetime.datetime)
    latest = AuditEntry.objects.filter(action="settings_changed").order_by("-at").first()
    assert latest is not None
    local = timezone.localtime(latest.at).replace(tzinfo=None, microsecond=0)
    assert when == local


@pytest.mark.parametrize("lines", [1, 8])
def test_the_log_page_costs_the_same_queries_however_long_the_log(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries, lines: int
) -> None:
    boss = secretary()
    for number in range(lines):
        change_settings(boss, club_name=f"Name {number}")
    client.force_login(boss)

    # Session, user, group; the filter's users; the table's count and its page; the navbar.
    with django_assert_num_queries(7):
        assert client.get(AUDIT).status_code == 200


def test_a_name_that_looks_like_a_formula_stays_text_in_excel(client: Client) -> None:
    boss = secretary()
    change_settings(boss, club_name="=HYPERLINK(1)")
    client.force_login(boss)

    book = client.get(AUDIT, {"export": "xlsx"}).content

    sheet = load_workbook(io.BytesIO(book)).active
    assert sheet is not None
    change = sheet.cell(row=2, column=5)
    assert change.data_type == "s" and str(change.value) == "Club name: (empty) → =HYPERLINK(1)"
