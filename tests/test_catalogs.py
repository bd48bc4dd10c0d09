"""The Danish and German catalogs are complete, and they compile (as `make install` does)."""

from __future__ import annotations

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
