"""`manage.py restore FILE`: load an archive written by `manage.py backup`, whole or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from balutclub.backups import BackupError
from balutclub.restoring import restore


class Command(BaseCommand):
    help = (
        "Load a backup archive into the configured database (migrated first) and its files "
        "into MEDIA_ROOT, all or nothing. Refuses a database that already holds data unless "
        "--replace is given."
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
            raise CommandError(_("%(path)s: no such file.") % {"path": path})
        try:
            summary = restore(path, replace=options["replace"])
        except BackupError as error:
            raise CommandError(str(error)) from error
        rows = sum(summary.rows.values())
        self.stdout.write(
            ngettext(
                "Restored %(rows)d rows in %(tables)d tables and %(files)d file from %(path)s.",
                "Restored %(rows)d rows in %(tables)d tables and %(files)d files from %(path)s.",
                summary.files,
            )
            % {"rows": rows, "tables": len(summary.rows), "files": summary.files, "path": path}
        )
