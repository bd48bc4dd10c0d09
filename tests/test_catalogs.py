"""The Danish and German catalogs are complete, and they compile (as `make install` does)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import polib  # type: ignore[import-untyped]  # no stubs pinned; a small, stable API
import pytest
from django.utils import translation

from balutclub.catalogs import LOCALE_DIR, catalogs, compile_all, unfinished

LANGUAGES = ("da", "de")
DOMAINS = ("django", "djangojs")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_entry_is_translated_and_none_is_fuzzy(language: str, domain: str) -> None:
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
    assert path.exists()
    assert unfinished(path) == []
    assert len(polib.pofile(str(path))) > 0


def test_an_untranslated_or_fuzzy_entry_is_found(tmp_path: Path) -> None:
    path = tmp_path / "xx" / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    path.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Done"\nmsgstr ""\n\n#, fuzzy\nmsgid "Sign in"\nmsgstr "Log ind"\n\n'
        'msgid "Board"\nmsgstr "Tavle"\n',
        encoding="utf-8",
    )
    assert unfinished(path) == ["Done", "Sign in"]


def test_the_catalogs_compile_without_gettext_tools(tmp_path: Path) -> None:
    for path in catalogs():
        target = tmp_path / path.relative_to(LOCALE_DIR)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    written = compile_all(tmp_path)
    assert len(written) == len(LANGUAGES) * len(DOMAINS)
    assert all(mo.stat().st_size > 0 for mo in written)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("da", ("Log ind", "Skyldige omgange", "Skæv")),
        ("de", ("Anmelden", "Offene Runden", "Schief")),
    ],
)
def test_the_compiled_catalog_speaks_the_clubs_words(language: str, words: tuple[str, ...]) -> None:
    with translation.override(language):
        assert (
            translation.gettext("Sign in"),
            translation.gettext("Rounds owed"),
            translation.gettext("Cocked"),
        ) == words


# The club's words (docs/glossary.md) -----------------------------------------------------------

GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary.md"
# What a message holds besides words: placeholders, markup, settings' names (CLUB_NAME).
NOT_WORDS = re.compile(r"%\(\w+\)[sdr]|%[sd]|\{\w+\}|<[^>]+>|\b[A-Z]+_[A-Z_]+\b")
LETTER = "a-zæøåäöüß"


@dataclass(frozen=True)
class Term:
    english: tuple[str, ...]
    words: dict[str, tuple[str, ...]]
    banned: dict[str, tuple[str, ...]]


def _forms(cell: str) -> tuple[str, ...]:
    """ "Zug (Züge, dran)" -> ("zug", "züge", "dran"); "" -> ()."""
    head, _, rest = cell.partition("(")
    forms = [head, *rest.rstrip(")").split(",")] if rest else [head]
    return tuple(form.strip().lower() for form in forms if form.strip())


def glossary() -> list[Term]:
    terms = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("English", "---"):
            continue
        english, danish, german, not_danish, not_german = cells
        terms.append(
            Term(
                english=_forms(english),
                words={"da": _forms(danish), "de": _forms(german)},
                banned={
                    "da": tuple(w.strip().lower() for w in not_danish.split(",") if w.strip()),
                    "de": tuple(w.strip().lower() for w in not_german.split(",") if w.strip()),
                },
            )
        )
    return terms


def terms_named(msgid: str, terms: list[Term]) -> list[Term]:
    """The terms a message names, the longest form winning where one holds another."""
    by_form = {form: term for term in terms for form in term.english}
    forms = sorted(by_form, key=len, reverse=True)
    pattern = re.compile(
        rf"(?<![{LETTER}])({'|'.join(map(re.escape, forms))})(?![{LETTER}])", re.IGNORECASE
    )
    named = {id(by_form[m.lower()]): by_form[m.lower()] for m in pattern.findall(msgid)}
    return list(named.values())


def glossary_breaches(language: str, entries: list[polib.POEntry]) -> list[str]:
    terms = glossary()
    breaches = []
    for entry in entries:
        english = " ".join(NOT_WORDS.sub(" ", f"{entry.msgid} {entry.msgid_plural}").split())
        translations = [entry.msgstr, *entry.msgstr_plural.values()]
        for term in terms_named(english, terms):
            for text in (
                " ".join(NOT_WORDS.sub(" ", t).lower().split()) for t in translations if t
            ):
                if not any(word in text for word in term.words[language]):
                    breaches.append(f"{entry.msgid!r} lacks {term.words[language][0]!r}")
                for word in term.banned[language]:
                    if re.search(rf"(?<![{LETTER}]){re.escape(word)}", text):
                        breaches.append(f"{entry.msgid!r} says {word!r}")
    return breaches


def test_the_glossary_lists_the_clubs_terms() -> None:
    english = {term.english[0] for term in glossary()}
    assert {"club", "game", "record claim", "round owed", "board", "sheet", "witness"} <= english
    assert all(term.words["da"] and term.words["de"] for term in glossary())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_catalog_speaks_the_glossarys_words(language: str, domain: str) -> None:
    catalog = polib.pofile(str(LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"))
    assert glossary_breaches(language, list(catalog)) == []


def test_a_word_against_the_glossary_is_caught() -> None:
    entries = [
        polib.POEntry(msgid="No claim waiting.", msgstr="Kein Anspruch wartet."),
        polib.POEntry(msgid="The TV board", msgstr="Die TV-Tafel"),
        polib.POEntry(msgid="Sign in", msgstr="Anmelden"),
        polib.POEntry(msgid="%(club)s: club night", msgstr="%(club)s: Clubabend"),
    ]
    assert glossary_breaches("de", entries) == [
        "'No claim waiting.' lacks 'rekordmeldung'",
        "'No claim waiting.' says 'anspruch'",
        "'The TV board' lacks 'anzeigetafel'",
        "'The TV board' says 'tafel'",
    ]
