"""`manage.py restore`: an archive of `manage.py backup` loaded whole, or not at all.

Every check comes before the club's database is touched (backups.archive_reader: the
manifest, every name, every size, every checksum; the archive's database migrated forward in
the scratch folder). The media files are unpacked into a staging folder inside MEDIA_ROOT, on
the same disk. Then, in one transaction: the rows are copied, their counts compared with the
archive's, and each file is moved into place (a file it replaces is moved aside); the
transaction commits last. When anything fails before the commit completes (a move, a foreign
key checked at commit), the moved files go back where they were, the transaction rolls back,
and the command says why: the club keeps the data and files it had.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, DataError, IntegrityError, transaction
from django.db.migrations.exceptions import InconsistentMigrationHistory
from django.db.migrations.loader import MigrationLoader
from django.utils.translation import gettext as _

from backups.archive import (
    STAGING_PREFIX,
    BackupError,
    Summary,
    applied_migrations,
    copy_rows,
    is_empty,
    row_counts,
    sqlite_database,
)
from backups.archive_reader import unpack
from backups.progress import Progress
from backups.schema import migrate


def restore(path: Path, *, replace: bool = False, progress: Progress | None = None) -> Summary:
    """Load the archive into the configured database (migrated first, emptied only when
    `replace`) and its files into MEDIA_ROOT; BackupError, with nothing changed, when the
    archive is not a sound one of this app's version or older, or the database is not empty."""
    progress = progress or Progress()
    root = Path(settings.MEDIA_ROOT)
    if not replace and not is_empty():
        raise BackupError(
            _(
                "The database already holds a club's data: restoring would mix two clubs. "
                "Restore into an empty database, or give --replace to delete everything in it "
                "first (back it up before!)."
            )
        )
    with (
        tempfile.TemporaryDirectory(prefix="balutclub-restore-") as scratch,
        _staging(root) as staging,
    ):
        progress.step(_("Checking and unpacking %(path)s…") % {"path": path})
        unpacked = unpack(path, scratch=Path(scratch), staging=staging / "new")
        placement = MediaPlacement(root=root, staging=staging, names=unpacked.media)
        placement.check()
        with sqlite_database(unpacked.database) as alias, refused_as_backup_errors(path):
            progress.step(_("Bringing the tables up to this version…"))
            _upgrade(alias)
            migrate()
            expected = row_counts(alias)
            progress.step(_("Copying the rows…"))
            try:
                with transaction.atomic():
                    copy_rows(source=alias, target="default", progress=progress)
                    _check_counts(expected)
                    placement.install()
            except BaseException:
                placement.undo()
                raise
    return Summary(rows=expected, files=len(unpacked.media))


@contextlib.contextmanager
def refused_as_backup_errors(path: Path) -> Iterator[None]:
    """The database's refusal of a restore as the command's message: nothing was restored."""
    try:
        yield
    except (IntegrityError, DataError, InconsistentMigrationHistory) as error:
        raise BackupError(
            _("The data in %(path)s does not fit together (%(error)s): nothing was restored.")
            % {"path": path, "error": error}
        ) from error
    except DatabaseError as error:
        # The club's database unreachable, or the archive's not a database at all.
        raise BackupError(
            _("The restore stopped on a database error (%(error)s): nothing was restored.")
            % {"error": error}
        ) from error


def _check_counts(expected: dict[str, int]) -> None:
    rows = row_counts("default")
    differ = {table: count for table, count in expected.items() if rows.get(table) != count}
    if differ:
        raise BackupError(
            _("These tables differ from the archive: %(tables)s; nothing was restored.")
            % {"tables": differ}
        )


def _upgrade(alias: str) -> None:
    """Bring an archive from an older version of the app up to this one's tables."""
    known = set(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)
    newer = [(app, name) for app, name in applied_migrations(alias) if (app, name) not in known]
    if newer:
        raise BackupError(
            _(
                "The archive comes from a newer version of BalutClub (migrations this one does "
                "not have: %(migrations)s); upgrade the app first."
            )
            % {"migrations": newer[:3]}
        )
    migrate(alias)


@contextlib.contextmanager
def _staging(root: Path) -> Iterator[Path]:
    """A folder inside MEDIA_ROOT for the archive's files, removed afterwards."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        staging = root / f"{STAGING_PREFIX}{uuid.uuid4().hex[:12]}"
        staging.mkdir()
        (staging / "new").mkdir()
    except OSError as error:
        raise BackupError(
            _("Cannot write into MEDIA_ROOT, %(folder)s (%(error)s): nothing was restored.")
            % {"folder": root, "error": error.strerror or error}
        ) from error
    try:
        yield staging
    finally:
        shutil.rmtree(staging, ignore_errors=True)


class MediaPlacement:
    """The archive's files, unpacked to `staging/new/<name>`, moved to `root/<name>`; what they
    replace is moved to `staging/old/<name>`, and back by undo()."""

    def __init__(self, *, root: Path, staging: Path, names: list[str]) -> None:
        self.root = root
        self.new = staging / "new"
        self.old = staging / "old"
        self.names = names
        self.placed: list[tuple[Path, Path | None]] = []
        self.made: list[Path] = []

    def check(self) -> None:
        """Each file can be put in place: inside MEDIA_ROOT (through no link), not over a
        folder, with no file where a folder of its path must be."""
        real_root = self.root.resolve()
        for name in self.names:
            destination = self.root / name
            folders = [self.root / parent for parent in reversed(Path(name).parents)][1:]
            blocked = any(
                folder.is_symlink() or (folder.exists() and not folder.is_dir())
                for folder in folders
            ) or (destination.is_dir() and not destination.is_symlink())
            if blocked or not destination.parent.resolve().is_relative_to(real_root):
                raise BackupError(
                    _(
                        "%(name)s cannot be restored into %(folder)s: something else stands in "
                        "its way there. Nothing was restored."
                    )
                    % {"name": name, "folder": self.root}
                )

    def install(self) -> None:
        try:
            for name in self.names:
                destination = self.root / name
                self._make_folders(destination.parent)
                aside = None
                if destination.exists() or destination.is_symlink():
                    aside = self.old / name
                    aside.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(destination, aside)
                self.placed.append((destination, aside))
                os.replace(self.new / name, destination)
        except OSError as error:
            raise BackupError(
                _("Could not put %(name)s into %(folder)s (%(error)s): nothing was restored.")
                % {"name": name, "folder": self.root, "error": error.strerror or error}
            ) from error

    def undo(self) -> None:
        """Best effort, in reverse: each replaced file back, each new one and new folder gone."""
        for destination, aside in reversed(self.placed):
            with contextlib.suppress(OSError):
                if aside is None:
                    destination.unlink(missing_ok=True)
                else:
                    os.replace(aside, destination)
        for folder in reversed(self.made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        self.placed, self.made = [], []

    def _make_folders(self, folder: Path) -> None:
        missing = []
        while not folder.exists() and folder != self.root:
            missing.append(folder)
            folder = folder.parent
        for new in reversed(missing):
            new.mkdir()
            self.made.append(new)
