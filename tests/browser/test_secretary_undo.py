"""The secretary on the tablet: voiding a game asks first and leaves it readable, marked void;
every page of the Django admin opens."""

from __future__ import annotations

import re

import pytest
from django.contrib import admin
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from league.models import AuditEntry, DebtStatus, DrinkDebt, PlayerResultRow
from league.services.books import book_game
from league.services.register import open_claims
from scoring.models import Game
from tests.browser.pages import shot
from tests.browser.test_downloads import signed_in_as_secretary
from tests.league.helpers import play_bar

pytestmark = pytest.mark.browser


def test_the_secretary_voids_a_game_after_confirming_and_it_stays_readable(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    signed_in_as_secretary(page, live_server.url)
    game = play_bar()
    book_game(game=game)
    open_claims(game=game)
    page.goto(f"{live_server.url}/games/{game.pk}/")

    page.get_by_role("link", name="Void…").click()
    page.get_by_label("Why").fill("Entered twice from the same paper sheet")
    page.get_by_role("button", name="Void the game").click()
    expect(page.locator(".invalid-feedback, .text-danger").first).to_contain_text("I am sure")
    assert not Game.objects.get(pk=game.pk).is_void
    page.get_by_label("I am sure").check()
    shot(page, "void-confirm")
    page.get_by_role("button", name="Void the game").click()

    page.wait_for_url(re.compile(rf"/games/{game.pk}/$"))
    expect(page.locator("#void")).to_contain_text("Entered twice from the same paper sheet")
    expect(page.locator("#void-link")).to_have_count(0)
    shot(page, "void-game")
    assert not PlayerResultRow.objects.filter(game=game).exists()
    assert not DrinkDebt.objects.filter(game=game, status=DebtStatus.OWED).exists()
    assert AuditEntry.objects.filter(action="game_voided").count() == 1


def test_every_admin_list_and_page_opens_on_the_tablet(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    boss = signed_in_as_secretary(page, live_server.url)
    boss.is_staff = boss.is_superuser = True
    boss.save(update_fields=["is_staff", "is_superuser"])
    game = play_bar()
    book_game(game=game)
    open_claims(game=game)

    opened = []
    for model in admin.site._registry:
        name = f"{model._meta.app_label}/{model._meta.model_name}"
        response = page.goto(f"{live_server.url}/admin/{name}/")
        assert response is not None and response.status == 200, name
        rows = page.locator("#result_list tbody th a")
        pages = [rows.nth(i).get_attribute("href") for i in range(min(rows.count(), 2))]
        for href in pages:
            response = page.goto(f"{live_server.url}{href}")
            assert response is not None and response.status == 200, href
            expect(page.locator("#content h1, #content h2").first).to_be_visible()
            opened.append(href)
    # A row of each model that has one: games, players' members, claims, debts, results...
    assert len(opened) >= 5
