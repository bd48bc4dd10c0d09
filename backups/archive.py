"""One archive with the whole club: every row of every table and every uploaded file.

The archive is a gzipped tar of `manifest.json` (what it holds: row counts per table, the
SHA-256 of each file and of the database, the migrations applied), `database.sqlite3` and
`media/...`. The database is
always a SQLite file, whatever the club runs on, so one archive restores onto SQLite or
PostgreSQL alike (that is how a club moves from one to the other):

- from SQLite it is SQLite's online backup API: a consistent copy page by page while the app
  keeps writing;
- from PostgreSQL every row is copied through the ORM inside one REPEATABLE READ, READ ONLY
  transaction, so the copy is one snapshot while the app keeps serving. Python values go across
  unchanged (datetimes to the microsecond, JSON, text), unlike Django's JSON serialiser, which
  keeps milliseconds only; tests/backups compares every field of every row.

Restoring (backups.restoring) copies every row from the archive's database into the
configured one, primary keys included, in one transaction (foreign keys are checked at commit,
so table order does not matter), then moves PostgreSQL's sequences past the highest key.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import sqlite3
import tarfile
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management.color import no_style
from django.db import connections, models, transaction
from django.db.utils import load_backend
from django.utils import timezone
from django.utils.translation import gettext as _

from backups.bulk import copy_queryset
from backups.progress import Progress
from backups.schema import create_schema

ARCHIVE_FORMAT = 1
MANIFEST = "manifest.json"
DATABASE = "database.sqlite3"
MEDIA = "media"
# `manage.py restore` unpacks an archive's files into a folder of this name inside MEDIA_ROOT
# (the same disk, so each is moved into place in one step); never backed up.
STAGING_PREFIX = ".restoring-"
# `migrate` writes these two itself; a database holding nothing else is empty.
SCHEMA_ROWS = (ContentType, Permission)
# An archive's database as it is written: no fsync, the rollback journal in memory.
SCRATCH_PRAGMAS = "PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY"
# gzip's level: 9 took seven times as long as 3 on a ten-year club's database (52 MB) for an
# archive 13% smaller (issue 36).
COMPRESSLEVEL = 3


class BackupError(Exception):
    """The archive cannot be written or restored; the message says why. Nothing was changed."""


@dataclass(frozen=True)
class Summary:
    rows: dict[str, int]
    files: int


def data_models() -> list[type[models.Model]]:
    """Every table the app keeps rows in, many-to-many tables included."""
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy
    ]


def row_counts(alias: str) -> dict[str, int]:
    return {
        model._meta.db_table: model._base_manager.using(alias).count() for model in data_models()
    }


def sqlite_database(path: Path, *, scratch: bool = False) -> contextlib.AbstractContextManager[str]:
    """A connection alias for the SQLite file at `path`, for as long as the block runs. A
    `scratch` file (an archive being written, thrown away should anything fail) is written
    without waiting for the disk at each commit."""
    options = {"init_command": SCRATCH_PRAGMAS} if scratch else {}
    return extra_database(
        {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path), "OPTIONS": options}
    )


@contextlib.contextmanager
def extra_database(config: dict[str, Any]) -> Iterator[str]:
    """A connection alias for the database `config` describes, for as long as the block runs."""
    alias = f"archive_{uuid.uuid4().hex[:12]}"
    configured = connections.configure_settings(
        {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}, alias: config}
    )
    # Only this thread's handler holds it: it is not one of the project's configured databases.
    connections[alias] = load_backend(config["ENGINE"]).DatabaseWrapper(configured[alias], alias)
    try:
        yield alias
    finally:
        connections[alias].close()
        del connections[alias]


def copy_rows(*, source: str, target: str, progress: Progress | None = None) -> None:
    """Every row of `source` into `target`, which is emptied first; one transaction."""
    progress = progress or Progress()
    tables = data_models()
    copied = 0
    with transaction.atomic(using=target):
        for model in tables:
            model._base_manager.using(target).all()._raw_delete(target)
        for done, model in enumerate(tables, start=1):
            copied += copy_queryset(model._base_manager.using(source).order_by("pk"), target=target)
            progress.copied(tables=done, of=len(tables), rows=copied, done=done == len(tables))
        reset = connections[target].ops.sequence_reset_sql(no_style(), tables)
        if reset:
            with connections[target].cursor() as cursor:
                for statement in reset:
                    cursor.execute(statement)


def applied_migrations(alias: str) -> list[list[str]]:
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations ORDER BY app, name")
        return [[app, name] for app, name in cursor.fetchall()]


def _snapshot(database: Path, progress: Progress) -> None:
    """The configured database, as it is at one moment, into a SQLite file."""
    connection = connections["default"]
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        with contextlib.closing(sqlite3.connect(database)) as copy:
            connection.connection.backup(copy)
        return
    with sqlite_database(database, scratch=True) as alias:
        create_schema(alias, migrations=applied_migrations("default"))
        with transaction.atomic(using="default"):
            with connection.cursor() as cursor:
                if connection.vendor == "postgresql":
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            copy_rows(source="default", target=alias, progress=progress)


def _media_files() -> list[Path]:
    root = Path(settings.MEDIA_ROOT)
    if not root.is_dir():
        return []
    return sorted(
        path
        for path in root.rglob("*")
        if path.is_file()
        and not path.is_symlink()
        and not path.relative_to(root).parts[0].startswith(STAGING_PREFIX)
    )


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def backup(path: Path, *, progress: Progress | None = None) -> Summary:
    """Write the archive to `path` (atomically: a half-written archive never has its name)."""
    progress = progress or Progress()
    root = Path(settings.MEDIA_ROOT)
    with tempfile.TemporaryDirectory(prefix="balutclub-backup-") as scratch:
        database = Path(scratch) / DATABASE
        progress.step(_("Reading the database…"))
        _snapshot(database, progress)
        with sqlite_database(database) as alias:
            rows = row_counts(alias)
            migrations = applied_migrations(alias)
        files = {
            str(file.relative_to(root).as_posix()): file_sha256(file) for file in _media_files()
        }
        manifest = {
            "format": ARCHIVE_FORMAT,
            "app": "balutclub",
            "created_at": timezone.now().isoformat(),
            "source_engine": connections["default"].vendor,
            "migrations": migrations,
            "rows": rows,
            "files": files,
            "database_sha256": file_sha256(database),
        }
        progress.step(_("Writing %(path)s…") % {"path": path})
        partial = path.with_name(f".{path.name}.partial")
        with tarfile.open(partial, "w:gz", compresslevel=COMPRESSLEVEL) as archive:
            add_bytes(archive, MANIFEST, json.dumps(manifest, indent=1).encode())
            archive.add(database, arcname=DATABASE)
            for name in files:
                archive.add(root / name, arcname=f"{MEDIA}/{name}")
        partial.replace(path)
    return Summary(rows=rows, files=len(files))


def add_bytes(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(timezone.now().timestamp())
    archive.addfile(info, io.BytesIO(data))


def is_empty(alias: str = "default") -> bool:
    """No rows but those `migrate` writes by itself (a database not yet migrated is empty)."""
    tables = set(connections[alias].introspection.table_names())
    return not any(
        model._base_manager.using(alias).exists()
        for model in data_models()
        if model not in SCHEMA_ROWS and model._meta.db_table in tables
    )
