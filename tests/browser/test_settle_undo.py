"""Settle on the ledger shows Undo for about ten seconds: a tap takes the round back, and left
alone the bar goes by itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from league.models import DebtStatus, DrinkDebt
from league.services.books import book_game
from tests.browser.test_downloads import signed_in_as_secretary
from tests.league.helpers import play_bar

pytestmark = pytest.mark.browser


def test_the_secretary_settles_undoes_at_once_and_the_undo_bar_goes_by_itself(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    signed_in_as_secretary(page, live_server.url)
    (debt,) = book_game(game=play_bar()).debts
    page.goto(f"{live_server.url}/ledger/")

    page.get_by_role("button", name="Settle").click()
    bar = page.locator("#settle-undo")
    expect(bar).to_contain_text("Ben's round: settled.")
    assert DrinkDebt.objects.get(pk=debt.pk).status == DebtStatus.SETTLED
    bar.get_by_role("button", name="Undo").click()

    expect(page.get_by_role("alert").first).to_contain_text("is owed again.")
    expect(page.locator("#settle-undo")).to_have_count(0)
    assert DrinkDebt.objects.get(pk=debt.pk).status == DebtStatus.OWED

    page.get_by_role("button", name="Settle").click()
    expect(page.locator("#settle-undo")).to_be_visible()
    # The stylesheet hides it after ten seconds; no script, no later undo from this page.
    expect(page.locator("#settle-undo")).to_be_hidden(timeout=20_000)
    assert DrinkDebt.objects.get(pk=debt.pk).status == DebtStatus.SETTLED
