"""A server whose database lacks migrations answers every page 503 in words naming the command
to run, in the reader's language, never a 500; /healthz keeps its JSON. Each case runs a fresh
process on a SQLite database of its own (the suite's database is migrated, and the check is
kept per process once it passes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("/", "/verify/", "/games/1/", "/board/", "/admin/", "/c/oak/", "/no-such-page/")

ASK = """
import json, sys
import django
django.setup()
from django.test import Client
client = Client(HTTP_ACCEPT_LANGUAGE=sys.argv[1])
answers = {}
for path in sys.argv[2:]:
    response = client.get(path)
    answers[path] = [response.status_code, response.content.decode(), response.get("Retry-After")]
print(json.dumps(answers))
"""


def run(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "balutclub.settings",
    }
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )


def answers(database: Path, language: str, *paths: str) -> dict[str, list[object]]:
    answered: dict[str, list[object]] = json.loads(
        run(database, "-c", ASK, language, *paths).stdout
    )
    return answered


def test_an_empty_database_gets_503_in_words_on_every_page_and_healthz_its_json(
    tmp_path: Path,
) -> None:
    database = tmp_path / "empty.sqlite3"
    answered = answers(database, "en", *PAGES, "/healthz")
    for path in PAGES:
        status, body, retry = answered[path]
        assert status == 503, path
        assert "migrations are not applied" in str(body), path
        assert "manage.py migrate" in str(body), path
        assert retry == "60"
    status, body, _retry = answered["/healthz"]
    assert status == 503
    assert json.loads(str(body))["migrations_applied"] is False


def test_the_refusal_speaks_the_readers_language(tmp_path: Path) -> None:
    database = tmp_path / "empty.sqlite3"
    danish = answers(database, "da", "/")["/"]
    german = answers(database, "de-DE,de;q=0.9", "/")["/"]
    assert danish[0] == german[0] == 503
    assert "manage.py migrate" in str(danish[1]) and "manage.py migrate" in str(german[1])
    assert 'lang="da"' in str(danish[1]) and 'lang="de"' in str(german[1])
    assert "migrations are not applied" not in str(danish[1]) + str(german[1])


def test_a_database_half_migrated_is_refused_and_served_once_migrated(tmp_path: Path) -> None:
    database = tmp_path / "half.sqlite3"
    run(database, "manage.py", "migrate", "--no-input", "auth")
    status, body, _retry = answers(database, "en", "/")["/"]
    assert (status, "manage.py migrate" in str(body)) == (503, True)
    run(database, "manage.py", "migrate", "--no-input")
    answered = answers(database, "en", "/", "/admin/login/", "/healthz")
    # A new server with no club yet sends its visitors on (302); its pages answer.
    assert (answered["/"][0], answered["/admin/login/"][0]) == (302, 200)
    assert "migrations are not applied" not in str(answered["/admin/login/"][1])
    assert json.loads(str(answered["/healthz"][1]))["migrations_applied"] is True
