"""Every page, read by the secretary in Danish and in German, shows no English message id of the
catalog untranslated: a word left out of a template's {% translate %} or a Python gettext, or a
catalog entry that never reached the page, fails here by name. Nor does it show a number or a
date in the English form ("164.0", "25 Nov 2026", "Nov. 25, 2026"): Danish and German write
"164,0" and "25. nov. 2026" / "25. Nov. 2026" (balutclub/formats/).

The pages are the GET routes of tests/test_permissions_matrix.py that answer the secretary with
HTML; the matrix's world supplies a game, a claim, a debt, an entry and a season to show. The
game's PDF sheet and the blank sheets are read the same way, in the language they are printed
in, and so are the downloads' column headings and words (their numbers and dates stay typed, as
a spreadsheet reads them: league/exports.py).
"""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser

import polib  # type: ignore[import-untyped]  # no stubs pinned; a small, stable API
import pytest
from django.test import Client

from balutclub.catalogs import LOCALE_DIR
from scoring import rules
from tests.factories import fast_pin_hashing  # noqa: F401 (registers the fixture)
from tests.scoring.pdf.helpers import lines_of
from tests.test_permissions_matrix import EXPECTED, World, url_of
from tests.test_permissions_matrix import media_root as media_root  # noqa: F401 (fixture)
from tests.test_permissions_matrix import world as world  # noqa: F401 (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing", "media_root")]

# Words the same in the language as in English, which a page rightly shows as they are.
SAME_WORD = {
    # Danish sport says "walkover" as English does.
    "da": {
        "Register",
        "Note",
        "Status",
        "%(points)s bonus",
        "Straight",
        "Balut",
        "PIN",
        "Walkover",
    },
    "de": {"Register", "Name", "Baluts", "Scan", "Balut", "PIN", "Club", "Clubs"},
}
# Answers that are not HTML pages (files, JSON, the JS catalog, monitoring).
NOT_PAGES = (
    "record.json",
    "sheet.pdf",
    "blank.pdf",
    "cards.pdf",
    "scan/",
    "jsi18n/",
    "healthz",
    "calendar.ics",
    "card.pdf",
    "manifest.webmanifest",
    "results.atom",
    "favicon.ico",
    ".png",
)
# Long message ids are looked for inside the text as well: a sentence never occurs by chance.
SENTENCE = 30
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|%[sd]|<[^>]+>")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
# Numbers and dates as English writes them, which a Danish or German reader must not meet. A
# Danish time ("kl. 21.30") has a dot too, but always after "kl.".
ENGLISH_FORMS = {
    "date": re.compile(rf"\b\d{{1,2}} {_MONTH} \d{{4}}\b|\b{_MONTH}\.? \d{{1,2}}, \d{{4}}\b"),
    "decimal": re.compile(r"(?<![\w.,:/#-])(?<!kl\. )\d+\.\d{1,2}(?![\w.])"),
}
# Marks the text of a <time> element in TextOf.texts.
TIME_TEXT = "\N{WATCH} "
# The downloads of the pages that offer them.
EXPORTS = ("ledger/", "register/", "audit/", "standings/")


class TextOf(HTMLParser):
    """The words a reader meets: text outside scripts and styles, and the labels read aloud."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skipping = 0
        # A time of day alone ("16.41" in Danish) reads like a decimal: a <time> element says
        # what it is, and its text is checked as a date only (TIME_TEXT below).
        self._in_time = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skipping += 1
        if tag == "time":
            self._in_time += 1
        self.texts += [value.strip() for name, value in attrs if name in READ_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skipping = max(0, self._skipping - 1)
        if tag == "time":
            self._in_time = max(0, self._in_time - 1)

    def handle_data(self, data: str) -> None:
        if not self._skipping and data.strip():
            text = " ".join(data.split())
            self.texts.append(TIME_TEXT + text if self._in_time else text)


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


def english_forms(texts: list[str]) -> list[str]:
    """The texts that hold a number or a date in the English form (a <time>'s text: a date)."""
    return sorted(
        {
            text
            for text in texts
            if (
                ENGLISH_FORMS["date"].search(text)
                if text.startswith(TIME_TEXT)
                else any(p.search(text) for p in ENGLISH_FORMS.values())
            )
        }
    )


def texts_of(html: str) -> list[str]:
    reader = TextOf()
    reader.feed(html)
    return reader.texts


def pdf_texts(content: bytes) -> list[str]:
    """A PDF's lines, and their parts: the header's fields ("Scorer: Cy   Friendly: no") and
    each field's label."""
    texts = []
    for line in lines_of(content):
        texts.append(line)
        for part in re.split(r"\s{2,}", line):
            texts += [part, part.split(":")[0].strip()]
    return texts


def as_secretary(client: Client, world: World) -> None:
    secretary = world.users["secretary"]
    assert secretary is not None
    client.force_login(secretary)


def test_the_page_list_covers_the_apps_pages() -> None:
    assert {"", "games/<int:game_id>/", "register/", "settings/", "ledger/"} <= set(pages())


@pytest.mark.parametrize("language", ["da", "de"])
@pytest.mark.parametrize("route", pages())
def test_the_secretary_reads_every_page_in_the_language(
    client: Client, world: World, route: str, language: str
) -> None:
    as_secretary(client, world)
    response = client.get(url_of(route, world.kwargs), headers={"accept-language": language})
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    html = response.content.decode()
    assert untranslated(html, english_ids(language)) == []
    assert english_forms(texts_of(html)) == []


@pytest.mark.parametrize("language", ["da", "de"])
def test_the_sheets_print_in_the_language(client: Client, world: World, language: str) -> None:
    as_secretary(client, world)
    sheets: list[tuple[str, dict[str, str]]] = [
        (url_of("games/<int:game_id>/sheet.pdf", world.kwargs), {})
    ]
    sheets += [("/sheets/blank.pdf", {"ruleset": info.key}) for info in rules.RULESETS]
    ids = english_ids(language)
    for url, query in sheets:
        response = client.get(url, {**query, "lang": language})
        assert response.status_code == 200, url
        texts = pdf_texts(response.content)
        assert sorted({text for text in texts if text in ids}) == [], url
        assert english_forms(texts) == [], url


@pytest.mark.parametrize("language", ["da", "de"])
@pytest.mark.parametrize("route", EXPORTS)
def test_the_downloads_speak_the_language(
    client: Client, world: World, route: str, language: str
) -> None:
    as_secretary(client, world)
    response = client.get(
        url_of(route, world.kwargs), {"export": "csv"}, headers={"accept-language": language}
    )
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows, route
    words = [cell for row in rows for cell in row if cell and not cell[0].isdigit()]
    assert sorted({cell for cell in words if cell in english_ids(language)}) == []


def test_a_number_or_a_date_in_the_english_form_is_caught() -> None:
    texts = ["164.0", "164,0", "25 Nov 2026", "25. Nov. 2026", "Jan. 1, 2027", "kl. 21.30", "#12"]
    assert english_forms(texts) == ["164.0", "25 Nov 2026", "Jan. 1, 2027"]


def test_an_english_word_left_on_a_page_is_caught() -> None:
    html = '<p>Standings</p><button aria-label="Tap a face">1</button><script>"Board"</script>'
    assert untranslated(html, english_ids("de")) == ["Standings", "Tap a face"]
