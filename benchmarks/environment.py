"""Django set up for benchmarking: production settings against a throw-away SQLite database.

Everything here must run before `django.setup()`, since balutclub.settings reads the
environment when it is imported.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

# The same values balutclub/pytest_env.py gives the test suite, but forced rather than defaulted:
# a DATABASE_URL or DEBUG=1 left exported in the shell must never point the benchmarks at a real
# database or slow every query down with DEBUG's query log.
BENCH_ENVIRONMENT = {
    "DJANGO_SETTINGS_MODULE": "balutclub.settings",
    # Production settings (DEBUG off), as the club runs them; only the HTTPS redirect is dropped,
    # because the test client speaks plain HTTP and would get a 301 for every request.
    "DEBUG": "0",
    "SECRET_KEY": "balutclub-benchmark-key-not-for-production",
    # localhost: the tablet benchmark's live server.
    "ALLOWED_HOSTS": "testserver,localhost",
    "SECURE_SSL_REDIRECT": "0",
    # Serve static files from the finders: there is no collectstatic in a throw-away setup.
    "BALUTCLUB_TESTING": "1",
}


def configure(database_dir: Path) -> Path:
    """Point Django at a new SQLite file in `database_dir`, set it up and migrate it quietly."""
    database = database_dir / "bench.sqlite3"
    os.environ.update(BENCH_ENVIRONMENT)
    # Four slashes for an absolute path: sqlite:/// plus /tmp/....
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"

    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    close_connections()  # the file complete on disk: each benchmark starts from a copy of it
    return database


def fresh_database(migrated: Path, database: Path) -> None:
    """Point Django at a copy of the `migrated` empty database, at `database`, deleting the
    copy the previous benchmark used (a history of ten years is hundreds of megabytes); forget
    the games the process keeps in memory, whose ids the new database gives to other games."""
    from django.db import connections

    from scoring.live_games import forget_all

    connections.close_all()
    current = Path(connections["default"].settings_dict["NAME"])
    if current != migrated:
        for leftover in current.parent.glob(current.name + "*"):
            leftover.unlink()
    shutil.copyfile(migrated, database)
    # The settings' dict itself: every thread's new connection (the tablet's live server) reads it.
    connections["default"].settings_dict["NAME"] = str(database)
    forget_all()


def close_connections() -> None:
    """Close the SQLite connection before its temporary directory is removed."""
    from django.db import connections

    connections.close_all()
