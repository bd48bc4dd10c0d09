"""Which language a page speaks: the member's choice, the browser's, the club's default."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.services.settings import update_club_settings
from scoring.models import Member
from tests.factories import (
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
    the_club,
)
from tests.scoring.services.helpers import PIN, member, secretary

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def page_language(client: Client, **headers: str) -> str:
    response = client.get(reverse("league:standings"), headers=headers)
    assert response.status_code == 200
    return str(response.headers["Content-Language"])


def set_club_default(language: str) -> None:
    update_club_settings(
        in_club=the_club(),
        by=secretary("club-secretary"),
        club_name="",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={},
        default_options={},
        default_language=language,
    )


def test_the_page_speaks_the_browsers_language() -> None:
    assert page_language(Client(), accept_language="de-DE,de;q=0.9,en;q=0.5") == "de"
    assert page_language(Client(), accept_language="da") == "da"


def test_a_browser_asking_for_none_of_the_clubs_languages_gets_the_club_default() -> None:
    set_club_default("da")
    assert page_language(Client(), accept_language="th-TH,fr;q=0.8") == "da"
    assert page_language(Client(), accept_language="de") == "de"


def test_a_visitors_choice_on_the_switcher_wins_over_the_browser() -> None:
    client = Client()
    response = client.post(
        reverse("set_language"), {"language": "da", "next": reverse("league:standings")}
    )
    assert response.status_code == 302
    assert response.headers["Location"] == reverse("league:standings")
    assert page_language(client, accept_language="de") == "da"


def test_the_switcher_remembers_a_signed_in_members_choice() -> None:
    dee = member("Dee")
    client = Client()
    client.force_login(dee.user)
    client.post(reverse("set_language"), {"language": "de"})
    dee.refresh_from_db()
    assert dee.language == "de"
    assert page_language(client, accept_language="da") == "de"


def test_the_switcher_refuses_an_unknown_language_and_keeps_the_members() -> None:
    dee = member("Dee")
    client = Client()
    client.force_login(dee.user)
    response = client.post(reverse("set_language"), {"language": "xx"})
    assert response.status_code == 302
    assert Member.objects.get(pk=dee.pk).language == ""
    assert client.get(reverse("set_language")).status_code == 405


def test_the_tablet_follows_the_scorer_who_signs_in_with_a_pin() -> None:
    dee = member("Dee")
    Member.objects.filter(pk=dee.pk).update(language="de")
    tablet = Client()
    tablet.cookies[settings.LANGUAGE_COOKIE_NAME] = "da"  # the last visitor's choice
    response = tablet.post(reverse("scoring:signin"), {"member": dee.pk, "pin": PIN})
    assert response.status_code == 302
    assert page_language(tablet) == "de"


def test_every_page_loads_the_javascript_catalog_and_the_switcher() -> None:
    body = Client().get(reverse("league:standings"), headers={"accept_language": "de"})
    html = body.content.decode()
    assert reverse("javascript-catalog") in html
    assert 'id="language-switcher"' in html
    assert '<html lang="de"' in html
    catalog = Client().get(reverse("javascript-catalog"), headers={"accept_language": "de"})
    assert catalog.status_code == 200
    assert b"gettext" in catalog.content


def test_a_user_without_a_member_switches_like_a_visitor() -> None:
    user = User.objects.create_user(username="viewer")
    client = Client()
    client.force_login(user)
    client.post(reverse("set_language"), {"language": "da"})
    assert page_language(client) == "da"


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_the_language_menu_names_each_language_in_its_own_words(language: str) -> None:
    html = Client().get(reverse("league:standings"), headers={"accept_language": language})
    menu = html.content.decode().split('id="language-choice"')[1].split("</select>")[0]
    names = re.findall(r'<option value="(\w+)" lang="\w+"[^>]*>([^<]+)</option>', menu)
    assert names == [("en", "English"), ("da", "Dansk"), ("de", "Deutsch")]
