"""A club's first day on the iPad (issue 36), as its people do it: a club opened by
`manage.py create_club`, one opened on the federation's "new club" page, and one made on the
first-run page of an empty server. Each secretary signs in with their password on the club's
own sign-in page (no force_login, no staff flag) and runs the club: adds a member, changes a
setting, reads and settles the ledger."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Club
from clubs.selectors import forget_clubs
from league.models import DebtStatus, DrinkDebt
from league.services.books import book_game
from scoring.models import Member
from tests.browser.pages import shot
from tests.factories import TEST_CLUB_SLUG
from tests.league.helpers import play_bar

pytestmark = pytest.mark.browser

PASSWORD = "a-long-pass-phrase"


def sign_in_with_password(page: Page, signin_url: str, username: str, password: str) -> None:
    """Through the sign-in page's password form, as the secretary types it."""
    page.goto(signin_url)
    form = page.locator("#password-signin")
    form.locator("#secretary_username").fill(username)
    form.locator("#secretary_password").fill(password)
    form.get_by_role("button", name="Sign in as the secretary").click()


def add_member(page: Page, home: str, name: str, known_as: str) -> None:
    page.goto(f"{home}members/")
    page.locator("#add-member").click()
    page.locator("#id_name").fill(name)
    page.locator("#id_known_as").fill(known_as)
    page.locator("#id_pin").fill("4321")
    page.get_by_role("button", name="Add the member").click()
    expect(page.get_by_role("alert")).to_contain_text(f"{known_as} is saved.")


def change_a_setting(page: Page, home: str) -> None:
    page.goto(f"{home}settings/")
    page.get_by_label("PIN sign-in lasts (hours unused)").fill("7")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.get_by_role("alert")).to_contain_text("The club's settings are saved.")
    expect(page.get_by_label("PIN sign-in lasts (hours unused)")).to_have_value("7")


def test_a_club_made_by_create_club_is_run_by_its_secretary_signed_in_with_the_password(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    # The club the tests play in is the one the administrator makes here, so play_bar's game
    # (and its drinks owed) is this club's.
    Club.objects.all().delete()
    forget_clubs()
    call_command(
        "create_club",
        TEST_CLUB_SLUG,
        name="North Balut Club",
        secretary="nora",
        email="nora@example.org",
        password=PASSWORD,
        stdout=io.StringIO(),
    )
    home = f"{live_server.url}/"

    # A wrong password first: refused in words, on the same page.
    sign_in_with_password(page, f"{home}signin/", "nora", "not-her-password")
    expect(page.locator("#password-error")).to_contain_text("not a secretary")
    sign_in_with_password(page, f"{home}signin/?next=/members/", "nora", PASSWORD)
    expect(page).to_have_url(f"{home}members/")
    expect(page.locator(".navbar-brand")).to_have_text("North Balut Club")
    expect(page).to_have_title(re.compile("North Balut Club"))

    page.goto(home)
    expect(page.locator("#first-steps")).to_be_visible()
    shot(page, "first-day-create-club-home")
    add_member(page, home, "Ann Larsen", "Ann")
    change_a_setting(page, home)

    (debt,) = book_game(game=play_bar()).debts
    page.goto(f"{home}ledger/")
    expect(page.get_by_role("heading", name="The drinks ledger")).to_be_visible()
    page.get_by_role("button", name="Settle").click()
    expect(page.locator("#settle-undo")).to_be_visible()
    assert DrinkDebt.objects.get(pk=debt.pk).status == DebtStatus.SETTLED

    # Signing out ends it: the secretary's pages ask for the sign-in again.
    page.get_by_role("button", name="Sign out").click()
    page.goto(f"{home}settings/")
    expect(page.locator("#password-signin")).to_be_visible()


def test_a_club_made_on_the_federations_page_is_run_by_its_secretary(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as env:
        env.setenv("DJANGO_SUPERUSER_PASSWORD", "the-roots-own-password")
        call_command(
            "createsuperuser",
            interactive=False,
            username="root",
            email="root@example.org",
            stdout=out,
        )
    # The server's administrator signs in on the admin's page and opens the club.
    page.goto(f"{live_server.url}/admin/login/?next=/federation/")
    page.locator("#id_username").fill("root")
    page.locator("#id_password").fill("the-roots-own-password")
    page.locator("input[type=submit]").click()
    expect(page).to_have_url(f"{live_server.url}/federation/")
    club_form = page.locator("#new-club")
    club_form.locator("#new_club_slug").fill("south")
    club_form.locator("#new_club_name").fill("South Balut Club")
    club_form.locator("#new_club_secretary").fill("sune")
    club_form.locator("#new_club_email").fill("sune@example.org")
    club_form.locator("#new_club_password").fill(PASSWORD)
    club_form.get_by_role("button", name="Make the club").click()
    expect(page.get_by_role("alert").first).to_contain_text("South Balut Club is at /c/south/")
    page.context.clear_cookies()

    home = f"{live_server.url}/c/south/"
    sign_in_with_password(page, f"{home}signin/", "sune", PASSWORD)
    # Home is the club's own, never the server's list of clubs.
    expect(page).to_have_url(home)
    expect(page.locator("#club-name")).to_have_text("South Balut Club")
    expect(page.locator("#first-steps")).to_be_visible()
    page.locator("#first-steps-members").click()
    expect(page).to_have_url(f"{home}members/")
    add_member(page, home, "Bo Nielsen", "Bo")
    assert Member.objects.get(known_as="Bo").user.memberships.get().club.slug == "south"
    change_a_setting(page, home)
    page.goto(f"{home}ledger/")
    expect(page.get_by_role("heading", name="The drinks ledger")).to_be_visible()
    shot(page, "first-day-federation-ledger")
    # The admin is the server's: the club's secretary is no staff there.
    page.goto(f"{live_server.url}/admin/")
    expect(page).to_have_url(re.compile("/admin/login/"))


@pytest.mark.no_club
def test_the_first_run_page_of_an_empty_server_makes_the_club_and_its_secretary(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    forget_clubs()
    out = io.StringIO()
    call_command("first_run_token", stdout=out)
    found = re.search(r"^    (\S+)$", out.getvalue(), re.MULTILINE)
    assert found is not None
    token = found[1]

    page.goto(f"{live_server.url}/")
    expect(page).to_have_url(f"{live_server.url}/clubs/first-run/")
    form = page.locator("#first-run")
    form.locator("#id_token").fill(token)
    form.locator("#id_name").fill("North Balut Club")
    form.locator("#id_slug").fill("north")
    form.locator("#id_secretary").fill("nora")
    form.locator("#id_email").fill("nora@example.org")
    form.locator("#id_password").fill(PASSWORD)
    form.locator("#id_password_again").fill("a-different-one")
    form.get_by_role("button", name="Open the club").click()
    expect(page.locator("#id_password_again").locator("..")).to_contain_text(
        "The two passwords differ."
    )
    assert not Club.objects.exists()

    page.locator("#id_token").fill(token)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password_again").fill(PASSWORD)
    page.get_by_role("button", name="Open the club").click()
    expect(page).to_have_url(f"{live_server.url}/")
    expect(page.locator(".navbar-brand")).to_have_text("North Balut Club")
    expect(page.locator("#first-steps")).to_be_visible()
    shot(page, "first-day-first-run-home")

    # Signed out and back in with the password the page took.
    page.get_by_role("button", name="Sign out").click()
    sign_in_with_password(page, f"{live_server.url}/signin/", "nora", PASSWORD)
    expect(page).to_have_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/settings/")
    expect(page.get_by_role("heading", name="Club settings")).to_be_visible()
    # The page is gone now that the server has its club.
    page.goto(f"{live_server.url}/clubs/first-run/")
    expect(page).to_have_url(f"{live_server.url}/clubs/")
