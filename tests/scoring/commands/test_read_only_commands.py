"""Commands that only read run on a fresh checkout: no DEBUG, no SECRET_KEY, no ALLOWED_HOSTS.

Each runs in a process of its own with an environment holding none of the settings' variables,
as on a machine where the app was just cloned; the server's guard stays as strict as before.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RECORD = ROOT / "fixtures" / "golden" / "bar-register.json"
SETTINGS_ENV = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "BALUTCLUB_TESTING",
    "DJANGO_SETTINGS_MODULE",
)


def fresh_checkout(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in SETTINGS_ENV}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def test_score_game_needs_no_secret_and_no_debug() -> None:
    result = fresh_checkout("manage.py", "score_game", str(RECORD))

    assert result.returncode == 0, result.stderr
    scored = json.loads(result.stdout)
    assert scored["ruleset"] == "bar" and scored["complete"] is True


def test_score_game_reads_a_record_with_a_played_date(tmp_path: Path) -> None:
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    record["played"] = "2025-03-14T21:30:00+01:00"
    path = tmp_path / "dated.json"
    path.write_text(json.dumps(record), encoding="utf-8")

    result = fresh_checkout("manage.py", "score_game", str(path), str(RECORD))

    assert result.returncode == 0, result.stderr
    dated, undated = (json.loads(line) for line in result.stdout.splitlines())
    assert {**dated, "file": ""} == {**undated, "file": ""}


def test_a_draw_of_tables_needs_no_secret_and_reaches_none_repeated_at_a_design_size() -> None:
    """A Kirkman size no test names elsewhere (87 players in threes over 43 rounds)."""
    result = fresh_checkout(
        "manage.py", "draw_tables", "--players", "87", "--table-size", "3",
        "--rounds", "43", "--seed", "3", "--json",
    )  # fmt: skip

    assert result.returncode == 0, result.stderr
    drawn = json.loads(result.stdout)
    assert len(drawn["rounds"]) == 43
    assert drawn["repeats"] == 0


def test_backup_needs_no_secret(tmp_path: Path) -> None:
    # A SQLite database of its own, so the checkout's db.sqlite3 is neither read nor made.
    database = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    migrate = fresh_checkout(
        "-c",
        "import os, sys; os.environ['DEBUG'] = '1'; os.environ['DATABASE_URL'] = sys.argv[1];"
        "sys.argv = ['manage.py', 'migrate', '-v0']; import runpy;"
        "runpy.run_path('manage.py', run_name='__main__')",
        database,
    )
    assert migrate.returncode == 0, migrate.stderr
    env_script = (
        "import os, sys; os.environ['DATABASE_URL'] = sys.argv[1];"
        "sys.argv = ['manage.py', 'backup', sys.argv[2]]; import runpy;"
        "runpy.run_path('manage.py', run_name='__main__')"
    )

    result = fresh_checkout("-c", env_script, database, str(tmp_path / "club.tar.gz"))

    assert result.returncode == 0, result.stderr
    assert (tmp_path / "club.tar.gz").is_file()


def test_commands_that_write_and_the_server_still_refuse_to_start_without_a_secret() -> None:
    for args in (
        ("manage.py", "migrate"),
        ("manage.py", "check_books", "--repair"),
        ("-c", "import balutclub.wsgi"),
    ):
        result = fresh_checkout(*args)

        assert result.returncode != 0, args
        assert "SECRET_KEY must be set when DEBUG is off" in result.stderr, args
