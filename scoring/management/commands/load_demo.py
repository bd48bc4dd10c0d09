"""`manage.py load_demo`: a few members and a game of each kind, finished and in progress.

Safe to run again: what is already there is left alone, so `make run` can call it every time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.access.roles import secretary_group
from scoring.models import Game, Member
from scoring.services.members import create_member
from scoring.services.records import import_game_record

DEMO_DIR = Path(settings.BASE_DIR) / "fixtures" / "demo"
# The finished demo games are the golden records the tests check (one copy of each game).
GOLDEN_DIR = Path(settings.BASE_DIR) / "fixtures" / "golden"
DEMO_MEMBERS = {
    "Ann": "Ann Larsen",
    "Ben": "Ben Okafor",
    "Cy": "Cyrus Tan",
    "Dee": "Deirdre Walsh",
    "Eli": "Eli Mortensen",
    "Fay": "Fay Wong",
    "Gus": "Gustav Holm",
    "Hal": "Hal Pereira",
}
DEMO_PIN = "1234"
SECRETARY_USERNAME = "secretary"
SECRETARY_PASSWORD = "balut-secretary"


class Command(BaseCommand):
    help = "Load demo members, games and a secretary account for local play (idempotent)."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        secretary = self._secretary()
        members = self._members()
        loaded = 0
        for path, source in demo_records():
            if Game.objects.filter(source=source).exists():
                continue
            data = json.loads(path.read_text(encoding="utf-8"))
            # The import books the game's results and drinks in its own transaction.
            import_game_record(
                data=data,
                imported_by=secretary,
                source=source,
                scorer=members.get(data["players"][0]),
                imported=False,
            )
            loaded += 1
        self.stdout.write(f"Demo data: {len(members)} members, {loaded} games added.")
        self.stdout.write(
            f"Sign in as the secretary: user {SECRETARY_USERNAME!r}, "
            f"password {SECRETARY_PASSWORD!r}."
        )
        self.stdout.write(
            f"Members {', '.join(DEMO_MEMBERS)} sign in on the tablet with PIN {DEMO_PIN}."
        )

    def _secretary(self) -> User:
        user = User.objects.filter(username=SECRETARY_USERNAME).first()
        if user is None:
            user = User.objects.create_user(
                username=SECRETARY_USERNAME, password=SECRETARY_PASSWORD, is_staff=True
            )
        user.groups.add(secretary_group())
        return user

    def _members(self) -> dict[str, Member]:
        members = {member.known_as: member for member in Member.objects.all()}
        for known_as, name in DEMO_MEMBERS.items():
            if known_as not in members:
                members[known_as] = create_member(name=name, known_as=known_as, pin=DEMO_PIN)
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
