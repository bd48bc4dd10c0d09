"""The season's end on the tablet: the organiser's secretary signs in with their password, opens
the season's end from the competition's setup page, previews who goes up and who down, and sets
next season up."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from teams.models import Competition
from tests.browser.pages import shot
from tests.factories import the_club
from tests.scoring.services.helpers import secretary
from tests.teams.test_next_season import season_over

pytestmark = pytest.mark.browser

PASSWORD = "balut-secretary"  # tests.scoring.services.helpers.secretary's


def test_the_secretary_ends_the_season_with_promotion_and_relegation_from_its_page(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    # The club's secretary, as the team tests make them: a user with a password, joined to
    # the club as its secretary by clubs.services.join_club (no staff flag).
    boss = secretary("boss")
    club = the_club()
    competition = season_over(boss)
    home = f"{live_server.url}/c/{club.slug}"

    page.goto(f"{home}/signin/")
    form = page.locator("#password-signin")
    form.locator("input[name=username]").fill("boss")
    form.locator("input[name=password]").fill(PASSWORD)
    form.get_by_role("button", name="Sign in as the secretary").click()
    page.wait_for_url(lambda url: "/signin/" not in url)

    page.goto(f"{home}/competitions/{competition.pk}/setup/")
    page.locator("#next-season").click()
    page.wait_for_url(re.compile(rf"/competitions/{competition.pk}/next-season/$"))
    page.locator("input[name=name]").fill("Winter League 2027")
    page.locator("input[name=promoted]").fill("1")
    page.locator("input[name=relegated]").fill("1")
    page.locator("#preview-season").click()

    plan = page.locator("#season-plan")
    top = plan.locator("[data-division-level='1']")
    expect(top.locator("[data-team]")).to_have_text(["Lions", re.compile("Bears")])
    expect(top.locator("[data-team='Bears'] [data-moved='up']")).to_have_text("Promoted")
    lower = plan.locator("[data-division-level='2']")
    expect(lower.locator("[data-team='Tigers'] [data-moved='down']")).to_have_text("Relegated")
    shot(page, "season-end-preview")
    assert Competition.objects.count() == 1

    page.locator("#confirm-season").click()
    following = Competition.objects.filter(name="Winter League 2027")
    page.wait_for_url(re.compile(r"/competitions/\d+/setup/$"))
    expect(page.locator("main")).to_contain_text("Winter League 2027")
    shot(page, "season-end-next-season")

    nxt = following.get()
    assert page.url.endswith(f"/competitions/{nxt.pk}/setup/")
    top_teams = nxt.divisions.get(level=1).entries.order_by("seed")
    first_teams = nxt.divisions.get(level=2).entries.order_by("seed")
    assert [entry.team.name for entry in top_teams] == ["Lions", "Bears"]
    assert sorted(entry.team.name for entry in first_teams) == ["Tigers", "Wolves"]
    assert Competition.objects.get(pk=competition.pk).name == "Winter League"
