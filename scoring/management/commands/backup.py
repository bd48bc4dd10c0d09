"""`manage.py backup [FILE]`: the whole club (database and uploaded files) in one archive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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
            raise CommandError(
                _("%(path)s is a directory: give the archive's file name.") % {"path": path}
            )
        if not path.parent.is_dir():
            raise CommandError(
                _("%(folder)s does not exist: create it first.") % {"folder": path.parent}
            )
        try:
            summary = backup(path)
        except BackupError as error:
            raise CommandError(str(error)) from error
        rows = sum(summary.rows.values())
        self.stdout.write(
            ngettext(
                "Backed up %(rows)d rows in %(tables)d tables and %(files)d file to %(path)s.",
                "Backed up %(rows)d rows in %(tables)d tables and %(files)d files to %(path)s.",
                summary.files,
            )
            % {"rows": rows, "tables": len(summary.rows), "files": summary.files, "path": path}
        )
