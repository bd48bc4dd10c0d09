"""The club a management command works on: named by --club, or the server's only club."""

from __future__ import annotations

from django.core.management.base import CommandError, CommandParser

from clubs.models import Club


def add_club_option(parser: CommandParser, *, what: str) -> None:
    parser.add_argument(
        "--club",
        metavar="SLUG",
        help=f"the club whose {what} (may be left out on a server with one club)",
    )


def club_from_option(slug: str | None) -> Club:
    """The club named, else the only one; a clear refusal otherwise (never a guess)."""
    if slug:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"No club has the address {slug!r}.")
        return club
    clubs = list(Club.objects.order_by("slug")[:2])
    if not clubs:
        raise CommandError("This server has no club yet: make one with manage.py create_club.")
    if len(clubs) > 1:
        raise CommandError("This server hosts several clubs: say which with --club SLUG.")
    return clubs[0]
