"""`manage.py delete_club SLUG`: one club of the server and every row of it, after the club's
address is typed again (or with --yes, for scripts); all or nothing (backups.club_deletion)."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from backups.archive import BackupError
from backups.club_deletion import delete_club, own_rows
from clubs.models import Club
from clubs.selectors import forget_clubs


class Command(BaseCommand):
    help = (
        "Delete one club of this server: its games, books, tournaments and teams, and its "
        "uploaded files. The people stay. Asks for the club's address to be typed again, unless "
        "--yes is given. Irreversible: back the club up first (backup --club SLUG)."
    )
    # Where the typed confirmation is read from (tests give their own).
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", metavar="SLUG", help="the address of the club to delete")
        parser.add_argument(
            "--yes", action="store_true", help="delete without asking (for scripts)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        slug = options["slug"]
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(_("No club has the address %(slug)s.") % {"slug": slug})
        if not options["yes"]:
            self._confirm(club, options.get("stdin") or sys.stdin)
        try:
            deleted = delete_club(club_id=club.pk, slug=club.slug)
        except BackupError as error:
            raise CommandError(str(error)) from error
        forget_clubs()
        self.stdout.write(
            ngettext(
                "Deleted club %(slug)s: %(rows)d rows and %(files)d file.",
                "Deleted club %(slug)s: %(rows)d rows and %(files)d files.",
                len(deleted.files),
            )
            % {"slug": slug, "rows": deleted.rows, "files": len(deleted.files)}
        )
        self.stdout.write(
            _(
                "The ratings are the whole server's: run check_books --repair to take this club's "
                "games out of them."
            )
        )

    def _confirm(self, club: Club, stdin: Any) -> None:
        games = own_rows(club.pk)["scoring.Game"].count()
        self.stdout.write(
            ngettext(
                "This deletes club %(name)s (%(slug)s) with its %(games)d game and all its "
                "books, for good. Type its address, %(slug)s, to go on:",
                "This deletes club %(name)s (%(slug)s) with its %(games)d games and all its "
                "books, for good. Type its address, %(slug)s, to go on:",
                games,
            )
            % {"name": club.name, "slug": club.slug, "games": games}
        )
        typed = stdin.readline()
        if not typed:
            raise CommandError(
                _(
                    "Nothing was typed: club %(slug)s was not deleted. Give --yes to delete it "
                    "without asking (for scripts)."
                )
                % {"slug": club.slug}
            )
        if typed.strip() != club.slug:
            raise CommandError(
                _("%(typed)s is not %(slug)s: nothing was deleted.")
                % {"typed": repr(typed.strip()), "slug": club.slug}
            )
