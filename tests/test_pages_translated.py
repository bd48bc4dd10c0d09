"""Every page, read by the secretary in Danish and in German, shows no English message id of the
catalog untranslated: a word left out of a template's {% translate %} or a Python gettext, or a
catalog entry that never reached the page, fails here by name.

The pages are the GET routes of tests/test_permissions_matrix.py that answer the secretary with
HTML; the matrix's world supplies a game, a claim, a debt, an entry and a season to show.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import polib  # type: ignore[import-untyped]  # no stubs pinned; a small, stable API
import pytest
from django.test import Client

from balutclub.catalogs import LOCALE_DIR
from tests.factories import fast_pin_hashing  # noqa: F401 (registers the fixture)
from tests.test_permissions_matrix import EXPECTED, World, url_of
from tests.test_permissions_matrix import media_root as media_root  # noqa: F401 (fixture)
from tests.test_permissions_matrix import world as world  # noqa: F401 (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing", "media_root")]

# Words the same in the language as in English, which a page rightly shows as they are.
SAME_WORD = {
    "da": {"Register", "Drinks", "Note", "Status", "%(points)s bonus", "Straight", "Balut"},
    "de": {"Register", "Name", "Baluts", "Scan", "Balut"},
}
# Answers that are not HTML pages (files, JSON, the JS catalog, monitoring).
NOT_PAGES = ("record.json", "sheet.pdf", "blank.pdf", "scan/", "jsi18n/", "healthz")
# Long message ids are looked for inside the text as well: a sentence never occurs by chance.
SENTENCE = 30
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|%[sd]|<[^>]+>")


class TextOf(HTMLParser):
    """The words a reader meets: text outside scripts and styles, and the labels read aloud."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skipping += 1
        self.texts += [value.strip() for name, value in attrs if name in READ_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skipping = max(0, self._skipping - 1)

    def handle_data(self, data: str) -> None:
        if not self._skipping and data.strip():
            self.texts.append(" ".join(data.split()))


def english_ids(language: str) -> set[str]:
    """The catalog's message ids a page can show whole (no placeholders, no markup)."""
    catalog = polib.pofile(str(LOCALE_DIR / language / "LC_MESSAGES" / "django.po"))
    ids = {e.msgid for e in catalog if not e.msgid_plural and not PLACEHOLDER.search(e.msgid)}
    return ids - SAME_WORD[language]


def pages() -> list[str]:
    return sorted(
        route
        for route, methods in EXPECTED.items()
        if methods.get("GET", {}).get("secretary") == "200"
        and not any(route.endswith(end) for end in NOT_PAGES)
    )


def untranslated(html: str, ids: set[str]) -> list[str]:
    reader = TextOf()
    reader.feed(html)
    whole = " ".join(reader.texts)
    found = {text for text in reader.texts if text in ids}
    found |= {msgid for msgid in ids if len(msgid) >= SENTENCE and msgid in whole}
    return sorted(found)


def test_the_page_list_covers_the_apps_pages() -> None:
    assert {"", "games/<int:game_id>/", "register/", "settings/", "ledger/"} <= set(pages())


@pytest.mark.parametrize("language", ["da", "de"])
@pytest.mark.parametrize("route", pages())
def test_the_secretary_reads_every_page_in_the_language(
    client: Client, world: World, route: str, language: str
) -> None:
    secretary = world.users["secretary"]
    assert secretary is not None
    client.force_login(secretary)
    response = client.get(url_of(route, world.kwargs), headers={"accept-language": language})
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    left = untranslated(response.content.decode(), english_ids(language))
    assert left == []


def test_an_english_word_left_on_a_page_is_caught() -> None:
    html = '<p>Standings</p><button aria-label="Tap a face">1</button><script>"Board"</script>'
    assert untranslated(html, english_ids("de")) == ["Standings", "Tap a face"]
