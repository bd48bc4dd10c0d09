"""Dates and numbers as each of the club's languages writes them (balutclub/formats/)."""

from __future__ import annotations

import datetime
import importlib
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone, translation
from django.utils.formats import date_format, number_format, time_format

from scoring.presentation.moments import moment
from scoring.services.records import played_moment

# The club's own format names, besides Django's, that every language sets.
CLUB_FORMATS = ("WEEKDAY_DATETIME_FORMAT", "MONTH_YEAR_FORMAT")
EVENING = datetime.datetime(2025, 10, 2, 21, 30)


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_every_language_sets_the_clubs_own_formats(language: str) -> None:
    module = importlib.import_module(f"balutclub.formats.{language}.formats")
    assert all(isinstance(getattr(module, name, None), str) for name in CLUB_FORMATS)


@pytest.mark.parametrize(
    ("language", "day", "moment_", "started", "month", "decimal"),
    [
        ("en", "2 Oct 2025", "2 Oct 2025, 21:30", "Thu 2 Oct 2025, 21:30", "Oct 2025", "164.0"),
        (
            "da",
            "2. okt. 2025",
            "2. okt. 2025 kl. 21.30",
            "tor. 2. okt. 2025 kl. 21.30",
            "okt. 2025",
            "164,0",
        ),
        (
            "de",
            "2. Okt. 2025",
            "2. Okt. 2025, 21:30",
            "Do., 2. Okt. 2025, 21:30",
            "Okt. 2025",
            "164,0",
        ),
    ],
)
def test_dates_and_numbers_read_as_the_language_writes_them(
    language: str, day: str, moment_: str, started: str, month: str, decimal: str
) -> None:
    with translation.override(language):
        assert date_format(EVENING.date(), "DATE_FORMAT") == day
        assert date_format(EVENING, "DATETIME_FORMAT") == moment_
        assert date_format(EVENING, "WEEKDAY_DATETIME_FORMAT") == started
        assert date_format(EVENING, "MONTH_YEAR_FORMAT") == month
        assert number_format(164.0, 1) == decimal


def test_a_time_alone_reads_as_a_time_in_danish() -> None:
    with translation.override("da"):
        assert time_format(EVENING.time(), "TIME_FORMAT") == "kl. 21.30"
    with translation.override("de"):
        assert time_format(EVENING.time(), "TIME_FORMAT") == "21:30"


def test_a_month_short_enough_is_written_out() -> None:
    with translation.override("da"):
        assert date_format(datetime.date(2026, 5, 3), "DATE_FORMAT") == "3. maj 2026"
    with translation.override("de"):
        assert date_format(datetime.date(2026, 3, 3), "DATE_FORMAT") == "3. März 2026"


def test_a_game_filed_with_its_day_alone_shows_the_day_alone() -> None:
    midnight = timezone.make_aware(datetime.datetime(1979, 11, 2))
    evening = timezone.make_aware(EVENING)
    with translation.override("de"):
        assert moment(midnight) == "2. Nov. 1979"
        assert moment(midnight, with_weekday=True) == "2. Nov. 1979"
        assert moment(evening) == "2. Okt. 2025, 21:30"


@pytest.mark.parametrize(("language", "shown"), [("en", "1 Jan 2027"), ("da", "1. jan. 2027")])
def test_a_game_dated_in_the_future_is_refused_with_the_day_in_the_readers_form(
    language: str, shown: str
) -> None:
    now = timezone.make_aware(datetime.datetime(2026, 11, 25, 20, 0))
    with translation.override(language), pytest.raises(ValidationError) as refused:
        played_moment(datetime.date(2027, 1, 1), now=now)
    assert shown in refused.value.messages[0]


def test_templates_name_a_format_and_never_spell_one_out() -> None:
    """A spelt-out format ("j M Y") reads English in every language."""
    root = Path(__file__).resolve().parents[1] / "templates"
    spelt = re.compile(r'\|(?:date|time):"(?![A-Z_]+_FORMAT")[^"]*"')
    found = [
        f"{path.relative_to(root)}: {match.group()}"
        for path in sorted(root.rglob("*.html"))
        for match in spelt.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []
