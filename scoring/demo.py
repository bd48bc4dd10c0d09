"""The demo data's people, per club: who `manage.py load_demo` makes and how they sign in.

Each club given the demo gets people of its own, so that loading it into a second club never
makes the first club's secretary that club's too, nor puts the same people in every club. The
first club given the demo keeps the plain names the demo always had ("secretary", "Ann"); any
later club's demo people carry the club's address in their names ("north-secretary",
"Ann (north)"), as a user's and a member's name are unique on the server.

The club's secretary is shown the demo's sign-ins on the members page (league), not only in
the terminal that loaded them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from clubs.models import Club, Membership, Role
from scoring.models import Game

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
DEMO_CLUB_SLUG = "demo"
DEMO_CLUB_NAME = "Demo Balut Club"
# A demo game's source (scoring.models.Game.source) starts so.
DEMO_SOURCE_PREFIX = "demo:"
KNOWN_AS_LENGTH = 40


def plain_names(club: Club) -> bool:
    """Whether `club`'s demo people have the plain names: the plain secretary is free, or is
    this club's already (the first club given the demo)."""
    plain_secretary = User.objects.filter(username=SECRETARY_USERNAME)
    return not plain_secretary.exists() or (
        Membership.objects.filter(
            club=club, user__username=SECRETARY_USERNAME, role=Role.SECRETARY
        ).exists()
    )


def demo_known_as(club: Club, known_as: str, *, plain: bool) -> str:
    """The name a demo member goes by in `club` ("Ann", or "Ann (north)")."""
    return known_as if plain else f"{known_as} ({club.slug})"[:KNOWN_AS_LENGTH]


def demo_secretary_username(club: Club, *, plain: bool) -> str:
    return SECRETARY_USERNAME if plain else f"{club.slug}-{SECRETARY_USERNAME}"


def record_in_club(club: Club, data: dict[str, Any], *, plain: bool) -> dict[str, Any]:
    """A demo game's record with its players named as the club's demo members go by."""
    if plain:
        return data

    def named(player: str) -> str:
        return demo_known_as(club, player, plain=False) if player in DEMO_MEMBERS else player

    renamed = {**data, "players": [named(player) for player in data["players"]]}
    if "guesses" in data:
        renamed["guesses"] = {named(player): guess for player, guess in data["guesses"].items()}
    renamed["turns"] = [
        {**turn, "player": named(turn["player"])} if "player" in turn else turn
        for turn in data.get("turns", [])
    ]
    return renamed


@dataclass(frozen=True)
class DemoSignIns:
    secretary: str
    password: str
    pin: str
    members: list[str]


def demo_sign_ins(club: Club) -> DemoSignIns | None:
    """How the demo's people sign in to `club`, if the demo was loaded into it."""
    if not Game.objects.filter(club=club, source__startswith=DEMO_SOURCE_PREFIX).exists():
        return None
    plain = plain_names(club)
    return DemoSignIns(
        secretary=demo_secretary_username(club, plain=plain),
        password=SECRETARY_PASSWORD,
        pin=DEMO_PIN,
        members=[demo_known_as(club, known_as, plain=plain) for known_as in DEMO_MEMBERS],
    )
