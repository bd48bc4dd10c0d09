"""`manage.py backup [--club SLUG] [FILE]`: the whole server (database and uploaded files) in one
archive, or with --club one club of it (backups.club_backups), for `restore --club`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from backups.archive import BackupError, backup
from backups.club_backups import club_backup
from backups.progress import Progress
from clubs.commands import club_from_option


class Command(BaseCommand):
    help = (
        "Write one archive (.tar.gz) with every row of the database and every uploaded file, "
        "consistent while the app keeps serving. `manage.py restore FILE` loads it back. "
        "With --club SLUG: that club's rows and files only, for `restore --club`."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file",
            nargs="?",
            metavar="FILE",
            help="where to write it (default: balutclub-backup-<UTC time>.tar.gz here)",
        )
        parser.add_argument(
            "--club",
            metavar="SLUG",
            help="back up this club of the server only (its archive restores with --club)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        club = club_from_option(options["club"]) if options["club"] else None
        default = "balutclub-backup-%Y%m%dT%H%M%SZ.tar.gz"
        if club is not None:
            default = f"balutclub-{club.slug}-%Y%m%dT%H%M%SZ.tar.gz"
        name = options["file"] or timezone.now().strftime(default)
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
            if club is None:
                summary = backup(path, progress=Progress(self.stderr.write))
            else:
                summary = club_backup(path, club_id=club.pk, slug=club.slug, name=club.name)
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
        if club is not None:
            self.stdout.write(
                _("The archive holds club %(slug)s only: restore it with restore --club.")
                % {"slug": club.slug}
            )
