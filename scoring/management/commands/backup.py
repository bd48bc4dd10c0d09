"""`manage.py backup [FILE]`: the whole club (database and uploaded files) in one archive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from balutclub.backups import BackupError, backup


class Command(BaseCommand):
    help = (
        "Write one archive (.tar.gz) with every row of the database and every uploaded file, "
        "consistent while the app keeps serving. `manage.py restore FILE` loads it back."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file",
            nargs="?",
            metavar="FILE",
            help="where to write it (default: balutclub-backup-<UTC time>.tar.gz here)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"] or timezone.now().strftime("balutclub-backup-%Y%m%dT%H%M%SZ.tar.gz")
        path = Path(name)
        if path.is_dir():
            raise CommandError(f"{path} is a directory: give the archive's file name.")
        if not path.parent.is_dir():
            raise CommandError(f"{path.parent} does not exist: create it first.")
        try:
            summary = backup(path)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"Backed up {sum(summary.rows.values())} rows in {len(summary.rows)} tables and "
            f"{summary.files} files to {path}."
        )
