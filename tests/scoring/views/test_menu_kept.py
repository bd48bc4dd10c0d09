"""The base layout's menu is drawn once per state and kept (scoring.templatetags.layout): what
each reader sees is still what their own request says, the moment a setting, a role or a name
changes, with their own CSRF token and their own page's address."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.services.settings import update_club_settings
from scoring.templatetags import layout
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db

VERIFY = reverse("scoring:verify")
LEDGER_LINK = re.compile(r'<a class="nav-link" href="[^"]*/ledger/">')
SECRETARY_MENU = re.compile(r'<details class="nav-menu" id="nav-secretary">')


@pytest.fixture(autouse=True)
def no_kept_menus() -> None:
    layout.forget_menus()


def open_to_visitors(areas: list[str]) -> None:
    chair = User.objects.filter(username="chair").first() or secretary("chair")
    update_club_settings(
        in_club=the_club(),
        by=chair,
        club_name="",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={},
        default_options={},
        public_areas=areas,
    )


def test_a_visitor_sees_the_ledger_in_the_menu_the_moment_the_club_opens_it() -> None:
    client = Client()
    open_to_visitors(["board"])
    assert not LEDGER_LINK.search(client.get(VERIFY).content.decode())
    open_to_visitors(["board", "ledger"])
    assert LEDGER_LINK.search(client.get(VERIFY).content.decode())
    open_to_visitors(["board"])
    assert not LEDGER_LINK.search(client.get(VERIFY).content.decode())


def test_each_member_reads_their_own_name_and_the_secretary_alone_her_menu() -> None:
    ann, ben = member("Ann"), member("Ben")
    chair = secretary("chair")
    pages = {}
    for who in (ann.user, ben.user, chair, ann.user):
        client = Client()
        client.force_login(who)
        pages[who.pk] = client.get(VERIFY).content.decode()
    assert re.search(r'class="[^"]*navbar-text[^"]*"[^>]*>Ann</', pages[ann.user.pk])
    assert re.search(r'class="[^"]*navbar-text[^"]*"[^>]*>Ben</', pages[ben.user.pk])
    assert re.search(r'class="[^"]*navbar-text[^"]*"[^>]*>chair</', pages[chair.pk])
    assert SECRETARY_MENU.search(pages[chair.pk])
    assert not SECRETARY_MENU.search(pages[ann.user.pk])


def test_the_menu_carries_the_readers_own_csrf_token_and_page_address() -> None:
    ann = member("Ann")
    tokens = []
    for path in (VERIFY, VERIFY + "?code=ABC"):
        client = Client()
        client.force_login(ann.user)
        html = client.get(path).content.decode()
        token = client.cookies["csrftoken"].value
        # The menu's two forms (sign out, language) and the page's own.
        assert html.count('name="csrfmiddlewaretoken"') == 3
        assert layout.CSRF_SLOT not in html and layout.PATH_SLOT not in html
        assert re.search(r'<input type="hidden" name="next" value="/verify/(\?code=ABC)?">', html)
        assert f'name="next" value="{path}"' in html
        tokens.append(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html))
    # Masked afresh on every request, never the first reader's token kept in the menu.
    assert tokens[0] != tokens[1]
    assert token


def test_the_menu_speaks_the_language_of_the_request() -> None:
    client = Client()
    english = client.get(VERIFY).content.decode()
    german = client.get(VERIFY, headers={"Accept-Language": "de"}).content.decode()
    assert ">Sign in<" in english
    assert ">Anmelden<" in german


def test_a_kept_menu_is_drawn_only_once_for_the_same_state() -> None:
    client = Client()
    client.get(VERIFY)
    kept = len(layout._menus)
    client.get(VERIFY)
    assert len(layout._menus) == kept == 1
