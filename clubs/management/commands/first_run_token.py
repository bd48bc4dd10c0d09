"""`manage.py first_run_token`: print a one-time token for the first-run page.

A server with no club yet offers its first-run page at /clubs/first-run/, where the club and its
secretary are made; the page asks for this token, so nobody but whoever can run commands on the
server opens it. The token is stored hashed, works once, for FIRST_RUN_TOKEN_LIFETIME, and a new
one replaces the last. With a club on the server there is nothing to print (`--if-no-club`, as
`make serve` calls it, then says nothing at all).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Club
from clubs.services import FIRST_RUN_TOKEN_LIFETIME, issue_first_run_token


class Command(BaseCommand):
    help = "Print a one-time token that opens the first-run page (while the server has no club)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--if-no-club",
            action="store_true",
            help="say nothing (and succeed) when the server has a club already",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["if_no_club"] and Club.objects.exists():
            return
        try:
            token = issue_first_run_token()
        except ValidationError as refused:
            raise CommandError("; ".join(refused.messages)) from refused
        hours = int(FIRST_RUN_TOKEN_LIFETIME.total_seconds() // 3600)
        self.stdout.write(
            "This server has no club yet. Open /clubs/first-run/ (or just /) in a browser and "
            f"give this one-time token, good for {hours} hours:\n\n    {token}\n"
        )
