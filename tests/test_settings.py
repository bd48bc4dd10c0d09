"""The settings refuse unsafe production configurations and follow the environment."""

import json
import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.conf import global_settings
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

# Everything the settings read, so each subprocess starts from a known environment.
SETTINGS_ENV = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "TIME_ZONE",
    "STATIC_ROOT",
    "SECURE_SSL_REDIRECT",
    "BALUTCLUB_TESTING",
)


def run_django(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS_ENV}
    clean["DJANGO_SETTINGS_MODULE"] = "balutclub.settings"
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def settings_module_with(**env: str) -> dict[str, Any]:
    """The settings module run afresh in this process with `env` as the only settings
    variables set: what a server started with that environment would read (one test below
    starts Django in a process of its own)."""
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS_ENV}
    with mock.patch.dict(os.environ, {**clean, **env}, clear=True):
        return runpy.run_path(str(BASE_DIR / "balutclub" / "settings.py"))


def settings_with(**env: str) -> dict[str, object]:
    module = settings_module_with(**env)
    # What the module leaves unset, Django takes from its own defaults.
    s = {**vars(global_settings), **module}
    database = s["DATABASES"]["default"]
    return {
        "DEBUG": s["DEBUG"],
        "ENGINE": database["ENGINE"],
        "NAME": str(database["NAME"]),
        "ALLOWED_HOSTS": s["ALLOWED_HOSTS"],
        "TIME_ZONE": s["TIME_ZONE"],
        "USE_TZ": s["USE_TZ"],
        "SESSION_COOKIE_SECURE": s["SESSION_COOKIE_SECURE"],
        "CSRF_COOKIE_SECURE": s["CSRF_COOKIE_SECURE"],
        "SECURE_HSTS_SECONDS": s["SECURE_HSTS_SECONDS"],
        "STATICFILES_BACKEND": s["STORAGES"]["staticfiles"]["BACKEND"],
    }


PRODUCTION = {"SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "balut.example.org"}


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = run_django("import django; django.setup()", DEBUG="0", ALLOWED_HOSTS="a.example")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_debug_is_off_unless_asked_for() -> None:
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set when DEBUG is off"):
        settings_module_with()
    assert settings_with(**PRODUCTION)["DEBUG"] is False


def test_production_refuses_to_start_without_allowed_hosts() -> None:
    with pytest.raises(ImproperlyConfigured, match="ALLOWED_HOSTS must be set when DEBUG is off"):
        settings_module_with(DEBUG="0", SECRET_KEY="x" * 50)


def test_local_development_needs_no_configuration() -> None:
    loaded = settings_with(DEBUG="1")
    assert loaded["DEBUG"] is True
    assert loaded["ALLOWED_HOSTS"] == ["127.0.0.1", "localhost"]
    assert loaded["ENGINE"] == "dbengines.sqlite"
    assert loaded["NAME"] == str(BASE_DIR / "db.sqlite3")


def test_database_url_is_honoured() -> None:
    loaded = settings_with(
        DEBUG="1", DATABASE_URL="postgres://club:pw@db.example.org:5432/balutclub"
    )
    assert loaded["ENGINE"] == "django.db.backends.postgresql"
    assert loaded["NAME"] == "balutclub"


def test_allowed_hosts_is_a_comma_separated_list() -> None:
    loaded = settings_with(SECRET_KEY="x" * 50, ALLOWED_HOSTS="balut.example.org, 10.0.0.5")
    assert loaded["ALLOWED_HOSTS"] == ["balut.example.org", "10.0.0.5"]


def test_time_zone_defaults_to_copenhagen_and_can_be_changed() -> None:
    assert settings_with(DEBUG="1")["TIME_ZONE"] == "Europe/Copenhagen"
    assert settings_with(DEBUG="1", TIME_ZONE="Asia/Singapore")["TIME_ZONE"] == "Asia/Singapore"
    assert settings_with(DEBUG="1")["USE_TZ"] is True


def test_production_turns_on_secure_cookies_hsts_and_manifest_static_files() -> None:
    loaded = settings_with(**PRODUCTION)
    assert loaded["SESSION_COOKIE_SECURE"] is True
    assert loaded["CSRF_COOKIE_SECURE"] is True
    assert isinstance(loaded["SECURE_HSTS_SECONDS"], int) and loaded["SECURE_HSTS_SECONDS"] > 0
    assert loaded["STATICFILES_BACKEND"] == (
        "whitenoise.storage.CompressedManifestStaticFilesStorage"
    )


def test_collectstatic_succeeds_with_production_settings(tmp_path: Path) -> None:
    # The manifest storage rewrites every url() and sourceMappingURL; a missing vendored file
    # would only show up at deploy time without this check.
    code = (
        "import django; django.setup();"
        "from django.core.management import call_command;"
        "call_command('collectstatic', interactive=False, verbosity=0)"
    )
    result = run_django(code, **PRODUCTION, STATIC_ROOT=str(tmp_path))
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    for name in (
        "vendor/bootstrap/bootstrap.min.css",
        "vendor/bootstrap/bootstrap.bundle.min.js",
        "vendor/htmx/htmx.min.js",
        "css/balutclub.css",
    ):
        assert name in manifest
        assert (tmp_path / (manifest[name] + ".gz")).is_file()


# Two writers read first, then write (as a turn does: it reads the game, then saves the turn).
# With SQLite's deferred transactions the second upgrade to a write lock fails at once with
# "database is locked"; the settings open every transaction IMMEDIATE so a writer waits.
TWO_WRITERS = """
import threading, time, django
django.setup()
from django.db import connection, transaction
with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE IF NOT EXISTS taps (n integer)")
connection.close()
start = threading.Barrier(2)
errors = []
def write(n):
    try:
        start.wait()
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM taps")
                time.sleep(0.3)
                cursor.execute("INSERT INTO taps VALUES (%s)", [n])
    except Exception as error:
        errors.append(repr(error))
    finally:
        connection.close()
threads = [threading.Thread(target=write, args=(n,)) for n in (1, 2)]
for thread in threads: thread.start()
for thread in threads: thread.join()
with connection.cursor() as cursor:
    cursor.execute("SELECT count(*) FROM taps")
    print(cursor.fetchone()[0], errors)
"""


def test_two_servers_writing_to_sqlite_at_once_both_succeed(tmp_path: Path) -> None:
    result = run_django(
        TWO_WRITERS, DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "2 []"


# Each connection SQLite opens, in any thread: the write-ahead log, a page cache of 20 MB (ten
# years of history outgrow the default 2 MB) and synchronous still FULL (2), for durability.
CONNECTION_PRAGMAS = """
import threading, django
django.setup()
from django.db import connection
def pragmas():
    with connection.cursor() as cursor:
        print([cursor.execute(f"PRAGMA {name}").fetchone()[0]
               for name in ("journal_mode", "cache_size", "synchronous")])
    connection.close()
pragmas()
thread = threading.Thread(target=pragmas)
thread.start()
thread.join()
pragmas()
"""


def test_every_sqlite_connection_keeps_a_larger_page_cache_and_full_sync(tmp_path: Path) -> None:
    result = run_django(
        CONNECTION_PRAGMAS, DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:3] == ["['wal', -20000, 2]"] * 3
