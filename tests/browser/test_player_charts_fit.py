"""In Debian's chromium on an iPad: a member with one month of games sees an axis of that
month (not years), and each kind of game in its own spread chart."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import make_password
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from league.services.books import book_game
from scoring.models import Member
from tests.browser.pages import PIN, SHOTS, sign_in
from tests.scoring.services.helpers import fill_game, new_game
from tests.stats.helpers import finished_bar_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What Chart.js made of the x axis: its ends in milliseconds and the labels it drew.
X_AXIS = """id => {
  const scale = Chart.getChart(document.getElementById(id)).scales.x;
  return {min: scale.min, max: scale.max, labels: scale.ticks.map(t => t.label)};
}"""
DAY_MS = 86_400_000


def test_one_month_of_games_is_drawn_on_an_axis_of_that_month(
    live_server: LiveServer, tablet_page: Page
) -> None:
    finished_bar_game()
    standard = new_game("balut", ("Ann", "Ben"))
    fill_game(standard)
    book_game(game=standard)
    ann = Member.objects.get(known_as="Ann")
    # Player pages are for signed-in members (scoring.access.privacy): Ann signs in by PIN.
    Member.objects.filter(pk=ann.pk).update(pin_hash=make_password(PIN))
    sign_in(tablet_page, live_server.url, ann)

    tablet_page.goto(f"{live_server.url}/players/{ann.pk}/")

    for canvas in ("chart-over-time", "chart-spread-bar", "chart-spread-balut"):
        expect(tablet_page.locator(f"#{canvas}")).to_have_attribute("data-drawn", "true")
    axis = tablet_page.evaluate(X_AXIS, "chart-over-time")
    assert axis["max"] - axis["min"] <= 62 * DAY_MS, axis
    assert len(axis["labels"]) == 3 and all(" 20" in label for label in axis["labels"]), axis
    assert tablet_page.locator("canvas.chart-spread").count() == 2
    charts = tablet_page.locator('section[aria-labelledby="charts-heading"]')
    charts.screenshot(path=str(SHOTS / "player-charts-one-month-ipad.png"))
