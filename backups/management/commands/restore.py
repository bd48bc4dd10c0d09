"""`manage.py restore FILE`: load an archive written by `manage.py backup`, whole or not at all.
`manage.py restore --club SLUG FILE`: one club's archive (`backup --club`) into a server that may
host other clubs (backups.club_restoring)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from backups.archive import BackupError
from backups.club_restoring import ClubRestore, club_restore
from backups.progress import Progress
from backups.restoring import restore


class Command(BaseCommand):
    help = (
        "Load a backup archive into the configured database (migrated first) and its files "
        "into MEDIA_ROOT, all or nothing. Refuses a database that already holds data unless "
        "--replace is given. With --club SLUG: one club's archive, added as the club at SLUG "
        "beside the server's other clubs (with --replace: in place of that club's rows)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="an archive from `manage.py backup`")
        parser.add_argument(
            "--replace",
            "--force",
            action="store_true",
            dest="replace",
            help=(
                "delete every row in the database first, or with --club only that club's rows "
                "(irreversible: back it up before)"
            ),
        )
        parser.add_argument(
            "--club",
            metavar="SLUG",
            help="the address the club of a `backup --club` archive gets on this server",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(_("%(path)s: no such file.") % {"path": path})
        progress = Progress(self.stderr.write)
        if options["club"]:
            try:
                report = club_restore(
                    path, slug=options["club"], replace=options["replace"], progress=progress
                )
            except BackupError as error:
                raise CommandError(str(error)) from error
            self._tell(report, path=path, slug=options["club"])
            return
        try:
            summary = restore(path, replace=options["replace"], progress=progress)
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

    def _tell(self, report: ClubRestore, *, path: Path, slug: str) -> None:
        self.stdout.write(
            ngettext(
                "Restored club %(slug)s: %(rows)d rows and %(files)d file from %(path)s.",
                "Restored club %(slug)s: %(rows)d rows and %(files)d files from %(path)s.",
                report.files,
            )
            % {"slug": slug, "rows": report.rows, "files": report.files, "path": path}
        )
        if report.archive_slug != slug:
            self.stdout.write(
                _("The archive's club was at %(old)s; it is at /c/%(new)s/ here.")
                % {"old": report.archive_slug, "new": slug}
            )
        for username in report.linked:
            self.stdout.write(
                _("%(user)s already has an account on this server: linked to it, not duplicated.")
                % {"user": username}
            )
        for before, after in report.renamed:
            self.stdout.write(
                _(
                    "%(before)s goes by %(after)s here: another person of this server goes by "
                    "%(before)s."
                )
                % {"before": before, "after": after}
            )
        for club in report.other_clubs:
            self.stdout.write(
                _("Visitors from %(club)s play for that club of this server, at its address.")
                % {"club": club}
            )
        for username in report.demoted:
            self.stdout.write(
                _("%(user)s was a server administrator where the archive was made; not here.")
                % {"user": username}
            )
        if report.renumbered:
            self.stdout.write(
                ngettext(
                    "%(count)d signed game has a new number here: its printed sheet names the "
                    "old one, which the verify page still finds.",
                    "%(count)d signed games have new numbers here: their printed sheets name the "
                    "old ones, which the verify page still finds.",
                    report.renumbered,
                )
                % {"count": report.renumbered}
            )
        self.stdout.write(
            _(
                "The ratings are the whole server's: run check_books --repair to count this "
                "club's games in them."
            )
        )
