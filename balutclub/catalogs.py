"""Compile and check the translation catalogs (locale/*/LC_MESSAGES/*.po) in pure Python.

Django's compilemessages needs GNU gettext's msgfmt, which a fresh machine may lack; polib
writes the same .mo files. `python -m balutclub.catalogs` compiles every catalog and fails,
naming the entries, when one is untranslated or fuzzy: a page would show it in English, or
written twice: git merges the catalogs as a union (.gitattributes), so two branches that worded
one message differently leave both entries, and only one of them would be used.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib  # type: ignore[import-untyped]  # no stubs pinned; a small, stable API

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def catalogs(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def unfinished(path: Path) -> list[str]:
    """The msgids of `path` a reader would meet in English: untranslated or fuzzy."""
    catalog = polib.pofile(str(path))
    return [entry.msgid for entry in catalog.untranslated_entries() + catalog.fuzzy_entries()]


def duplicated(path: Path) -> list[str]:
    """The msgids (with their context) that `path` holds more than once."""
    seen: set[tuple[str, str]] = set()
    twice = []
    for entry in polib.pofile(str(path)):
        key = (entry.msgctxt or "", entry.msgid)
        if key in seen:
            twice.append(entry.msgid)
        seen.add(key)
    return twice


def compile_all(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    written = []
    for path in catalogs(locale_dir):
        target = path.with_suffix(".mo")
        polib.pofile(str(path)).save_as_mofile(str(target))
        written.append(target)
    return written


def main() -> int:
    problems = {path: unfinished(path) for path in catalogs()}
    for path, msgids in problems.items():
        for msgid in msgids:
            print(f"{path.relative_to(LOCALE_DIR)}: untranslated or fuzzy: {msgid!r}")
    twice = {path: duplicated(path) for path in catalogs()}
    for path, msgids in twice.items():
        for msgid in msgids:
            print(f"{path.relative_to(LOCALE_DIR)}: written twice: {msgid!r}")
    written = compile_all()
    print(f"compiled {len(written)} catalogs in {LOCALE_DIR}")
    return 1 if any(problems.values()) or any(twice.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
