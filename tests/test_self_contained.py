"""The project needs nothing beside its own folder: no code, test or doc reads a path outside it."""

from __future__ import annotations

import os
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SKIPPED_DIRS = {".git", ".venv", "node_modules", "vendor", "staticfiles", "build", "media"}
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".html", ".js", ".css", ".cfg", ".ini", ".lock"}
TEXT_NAMES = {"Makefile", "run"}
# Built from pieces so this file does not match itself.
OUTSIDE = re.compile(
    "|".join([r"/" + "work/", r"\.\./" + "shared", r"\bshared/" + "examples", r'/\s*"' + 'shared"'])
)


def project_text_files() -> list[Path]:
    files = []
    for root, dirs, names in os.walk(REPO):
        # Hidden folders are caches and tools' state, except the CI entry point.
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and (d == ".ci" or d[0] != ".")]
        files += [
            Path(root, name)
            for name in names
            if Path(name).suffix in TEXT_SUFFIXES or name in TEXT_NAMES
        ]
    return files


def test_the_scan_sees_the_code_the_tests_and_the_docs() -> None:
    seen = {path.relative_to(REPO).as_posix() for path in project_text_files()}
    assert {"Makefile", ".ci/run", "docs/install.md", "tests/golden.py"} <= seen


def test_no_file_names_a_path_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(REPO)}:{number}: {line.strip()}"
        for path in project_text_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if OUTSIDE.search(line)
    ]
    assert found == []
