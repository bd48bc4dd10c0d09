"""`manage.py load_demo [--club SLUG]`: a secretary, a few members and a game of each kind,
finished and in progress, in one club (made, as "Demo Balut Club", when the server has none yet).

The people are the club's own (scoring.demo names them per club): loading the demo into another
club leaves this one's accounts alone. Safe to run again: what is already there is left alone,
so `make run` can call it every time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from clubs.commands import add_club_option, club_from_option
from clubs.models import Club, Role
from clubs.services import create_club, join_club
from scoring.demo import (
    DEMO_CLUB_NAME,
    DEMO_CLUB_SLUG,
    DEMO_MEMBERS,
    DEMO_PIN,
    SECRETARY_PASSWORD,
    demo_known_as,
    demo_secretary_username,
    plain_names,
    record_in_club,
)
from scoring.models import Game, Member
from scoring.selectors import members_of
from scoring.services.members import create_member
from scoring.services.records import import_game_record

DEMO_DIR = Path(settings.BASE_DIR) / "fixtures" / "demo"
# The finished demo games are the golden records the tests check (one copy of each game).
GOLDEN_DIR = Path(settings.BASE_DIR) / "fixtures" / "golden"


class Command(BaseCommand):
    help = "Load demo members, games and a secretary account for local play (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        add_club_option(parser, what="demo data is loaded")

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        club = self._club(options["club"])
        plain = plain_names(club)
        secretary = self._secretary(club, plain=plain)
        members = self._members(club, plain=plain)
        by_name = {member.known_as: member for member in members.values()}
        loaded = 0
        for path, source in demo_records():
            if Game.objects.filter(club=club, source=source).exists():
                continue
            data = record_in_club(club, json.loads(path.read_text(encoding="utf-8")), plain=plain)
            # The import books the game's results and drinks in its own transaction.
            import_game_record(
                in_club=club,
                data=data,
                imported_by=secretary,
                source=source,
                scorer=by_name.get(data["players"][0]),
                imported=False,
            )
            loaded += 1
        self.stdout.write(
            f"Demo data in {club.name} (/c/{club.slug}/): {len(members)} members, "
            f"{loaded} games added."
        )
        self.stdout.write(
            f"Sign in as the secretary: user {secretary.username!r}, "
            f"password {SECRETARY_PASSWORD!r}."
        )
        names = ", ".join(member.known_as for member in members.values())
        self.stdout.write(f"Members {names} sign in on the tablet with PIN {DEMO_PIN}.")

    def _club(self, slug: str | None) -> Club:
        if slug is None and not Club.objects.exists():
            return create_club(slug=DEMO_CLUB_SLUG, name=DEMO_CLUB_NAME)
        return club_from_option(slug)

    def _secretary(self, club: Club, *, plain: bool) -> User:
        """The club's own demo secretary: no staff (the club's sign-in page takes them)."""
        username = demo_secretary_username(club, plain=plain)
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User.objects.create_user(username=username, password=SECRETARY_PASSWORD)
        join_club(club=club, user=user, role=Role.SECRETARY)
        return user

    def _members(self, club: Club, *, plain: bool) -> dict[str, Member]:
        """The club's own demo members, by the plain names the demo games give them."""
        present = {member.known_as: member for member in members_of(club)}
        members: dict[str, Member] = {}
        for first_name, name in DEMO_MEMBERS.items():
            known_as = demo_known_as(club, first_name, plain=plain)
            found = present.get(known_as) or Member.objects.filter(known_as=known_as).first()
            if found is None:
                found = create_member(in_club=club, name=name, known_as=known_as, pin=DEMO_PIN)
            else:
                join_club(club=club, user=found.user)
            members[first_name] = found
        return members


def demo_records() -> list[tuple[Path, str]]:
    """Each demo game's record and the source it is imported under, finished games first.

    The finished games kept the source names they had as fixtures/demo/finished-*.json, so a
    database loaded before they moved to fixtures/golden does not get them a second time.
    """
    golden = sorted(
        path
        for path in GOLDEN_DIR.glob("*.json")
        if not path.name.startswith("invalid-") and not path.name.endswith(".expected.json")
    )
    in_progress = sorted(DEMO_DIR.glob("*.json"))
    return [(path, f"demo:finished-{path.name}") for path in golden] + [
        (path, f"demo:{path.name}") for path in in_progress
    ]
