"""The federation's pages read in Danish and in German: no English message of the catalog left
untranslated, no number or date in the English form (tests/test_pages_translated.py's checks)."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.selectors import forget_clubs
from tests.factories import fast_pin_hashing  # noqa: F401 (registers the fixture)
from tests.federation.helpers import make_public, superuser, two_clubs
from tests.scoring.services.helpers import member
from tests.test_pages_translated import english_forms, english_ids, texts_of, untranslated

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

PAGES = (
    "/federation/",
    "/federation/register/",
    "/federation/standings/?ruleset=bar",
    "/federation/records/",
    "/federation/ratings/?ruleset=bar",
)


def read(client: Client, url: str, language: str, *, data: dict[str, str] | None = None) -> str:
    headers = {"accept-language": language}
    if data is None:
        response = client.get(url, headers=headers)
    else:
        response = client.post(url, data, headers=headers)
    assert response.headers["Content-Language"] == language
    return response.content.decode()


@pytest.mark.parametrize("language", ["da", "de"])
@pytest.mark.parametrize("url", PAGES)
def test_the_administrator_reads_each_page_in_the_language(
    client: Client, url: str, language: str
) -> None:
    two_clubs()
    forget_clubs()
    client.force_login(superuser())

    html = read(client, url, language)

    assert untranslated(html, english_ids(language)) == []
    assert english_forms(texts_of(html)) == []


@pytest.mark.parametrize("language", ["da", "de"])
def test_the_forms_and_their_refusals_are_worded_in_the_language(
    client: Client, language: str
) -> None:
    client.force_login(superuser())
    bad = {"slug": "federation", "name": "North", "secretary": "nora", "password": ""}

    html = read(client, "/federation/clubs/new/", language, data=bad)

    assert untranslated(html, english_ids(language)) == []
    assert "/c/" in html


@pytest.mark.parametrize("language", ["da", "de"])
def test_the_refusal_and_the_empty_pages_are_worded_in_the_language(
    client: Client, language: str
) -> None:
    client.force_login(member("Dee").user)
    refused = read(client, "/federation/", language)
    make_public()
    empty = [read(client, url, language) for url in PAGES[1:]]

    for html in (refused, *empty):
        assert untranslated(html, english_ids(language)) == []
