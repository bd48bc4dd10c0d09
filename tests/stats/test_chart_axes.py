"""The player page's charts fit their data: the time axis spans the months played (a month
either side), and each kind of game has its own spread chart."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from league.services.books import book_game
from scoring.models import Member
from stats.charts import MAX_TICKS, time_axis
from tests.scoring.services.helpers import fill_game, new_game
from tests.stats.helpers import finished_bar_game


def milliseconds(year: int, month: int) -> int:
    return int(timezone.make_aware(datetime(year, month, 1)).timestamp() * 1000)


def test_one_month_of_games_gets_an_axis_of_three_months_not_seven_years() -> None:
    axis = time_axis([date(2026, 3, 1)])

    assert axis is not None
    assert axis["min"] == milliseconds(2026, 2) and axis["max"] == milliseconds(2026, 4)
    assert [tick["label"] for tick in axis["ticks"]] == ["Feb 2026", "Mar 2026", "Apr 2026"]  # type: ignore[attr-defined]


def test_ten_years_get_ticks_on_januaries_and_no_more_than_fit() -> None:
    axis = time_axis([date(2016, 5, 1), date(2026, 9, 1)])

    assert axis is not None
    labels = [tick["label"] for tick in axis["ticks"]]  # type: ignore[attr-defined]
    assert len(labels) <= MAX_TICKS
    assert all(label.startswith("Jan ") for label in labels)


def test_no_games_no_axis() -> None:
    assert time_axis([]) is None


months = st.dates(date(1950, 1, 1), date(2090, 12, 1)).map(lambda d: d.replace(day=1))


@given(st.lists(months, min_size=1, max_size=40, unique=True))
def test_the_axis_always_holds_every_month_played_with_little_to_spare(played: list[date]) -> None:
    played.sort()
    axis = time_axis(played)

    assert axis is not None
    ticks = axis["ticks"]
    assert isinstance(ticks, list) and 2 <= len(ticks) <= MAX_TICKS
    assert ticks[0]["value"] == axis["min"] and ticks[-1]["value"] == axis["max"]
    first, last = played[0], played[-1]
    lowest = int(timezone.make_aware(datetime(first.year, first.month, 1)).timestamp() * 1000)
    highest = int(timezone.make_aware(datetime(last.year, last.month, 1)).timestamp() * 1000)
    assert axis["min"] < lowest and highest < axis["max"]  # type: ignore[operator]
    # Evenly stepped ticks, and at most a step and a month of margin beyond the months played
    # at either end: never years around a few months.
    step = ticks[1]["value"] - ticks[0]["value"]
    month = 31 * 86_400_000
    assert axis["min"] >= lowest - step - month
    assert axis["max"] <= highest + step + month


@pytest.mark.django_db
def test_each_kind_of_game_gets_its_own_spread_chart(member_client: Client) -> None:
    finished_bar_game()
    standard = new_game("balut", ("Ann", "Ben"))
    fill_game(standard)
    book_game(game=standard)
    ann = Member.objects.get(known_as="Ann")

    html = member_client.get(reverse("stats:player", args=[ann.pk])).content.decode()

    assert 'id="chart-spread-bar"' in html and 'id="chart-spread-balut"' in html
    assert 'id="chart-distribution"' not in html
    assert '"timeAxis": {"min":' in html
