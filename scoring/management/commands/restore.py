"""`manage.py restore FILE`: load an archive written by `manage.py backup`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from balutclub.backups import BackupError, restore


class Command(BaseCommand):
    help = (
        "Load a backup archive into the configured database (migrated first) and its files "
        "into MEDIA_ROOT. Refuses a database that already holds data unless --replace is given."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="an archive from `manage.py backup`")
        parser.add_argument(
            "--replace",
            "--force",
            action="store_true",
            dest="replace",
            help="delete every row in the database first (irreversible: back it up before)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path}: no such file.")
        try:
            summary = restore(path, replace=options["replace"])
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"Restored {sum(summary.rows.values())} rows in {len(summary.rows)} tables and "
            f"{summary.files} files from {path}."
        )
