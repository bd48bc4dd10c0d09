"""`manage.py create_club SLUG --name NAME --secretary USERNAME [--email EMAIL]
[--password PASSWORD]`.

A federation administrator's command: a new club of the server, at /c/SLUG/ (or at / while it
is the server's only club), with its first secretary. The secretary is an existing user (who
then belongs to this club too), or a new one with the e-mail address and password given (each
asked for, the password twice, when the command runs at a terminal). The secretary signs in
with that password on the club's sign-in page; they need no staff status.
"""

from __future__ import annotations

import getpass
import sys
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.services import open_club


class Command(BaseCommand):
    help = "Make a new club of the server, with its first secretary."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the club's address: /c/SLUG/ (small letters, digits, -)")
        parser.add_argument("--name", required=True, help="the club's name")
        parser.add_argument(
            "--secretary", required=True, help="the secretary's user name (made if new)"
        )
        parser.add_argument(
            "--email", help="the new secretary's e-mail address (asked for when left out)"
        )
        parser.add_argument(
            "--password", help="the new secretary's password (asked for when left out)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        username = options["secretary"].strip()
        if not username:
            raise CommandError("--secretary names the club's secretary: give a user name.")
        user = User.objects.filter(username=username).first()
        password = options["password"]
        email = options["email"]
        if user is None and email is None:
            email = self._ask_email()
        if user is None and password is None:
            password = self._ask_password()
        try:
            club, user = open_club(
                slug=options["slug"],
                name=options["name"],
                secretary=username,
                password=password,
                email=email or "",
            )
        except ValidationError as refused:
            raise CommandError("; ".join(refused.messages)) from refused
        self.stdout.write(
            f"Club {club.name!r} is at /c/{club.slug}/; {user.username} is its secretary."
        )
        self.stdout.write(
            f"{user.username} signs in with their password at /c/{club.slug}/signin/ "
            "(at /signin/ while it is the server's only club)."
        )

    def _ask_email(self) -> str:
        """At a terminal: the address, which may be left empty. A script passes --email."""
        if not sys.stdin.isatty():
            return ""
        return input("The new secretary's e-mail address: ").strip()

    def _ask_password(self) -> str:
        if not sys.stdin.isatty():
            raise CommandError("A new secretary needs a password: give --password.")
        first = getpass.getpass("The new secretary's password: ")
        if first != getpass.getpass("Again: "):
            raise CommandError("The two passwords differ: nothing was made.")
        return first
