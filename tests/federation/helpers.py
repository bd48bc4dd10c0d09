"""Two clubs side by side for the federation's pages: each with a secretary, a member, a
finished bar game, a season and historic register lines."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.utils import timezone

from clubs.models import Club, Federation, Role
from clubs.services import join_club
from league.models import Season
from league.services.register import enter_historic_record
from scoring.models import Member
from scoring.services.members import create_member
from scoring.services.records import import_game_record
from tests.factories import other_club, the_club
from tests.scoring.services.helpers import example

SUPERUSER_PASSWORD = "federation-admin-1978"


@dataclass
class Side:
    club: Club
    secretary: User
    member: Member


def club_side(club: Club, prefix: str, *, high: int, low: int) -> Side:
    boss = User.objects.create_user(username=f"{prefix}-secretary", password="balut-secretary")
    join_club(club=club, user=boss, role=Role.SECRETARY)
    person = create_member(in_club=club, name=f"{prefix} Member", known_as=f"{prefix}Player")
    import_game_record(in_club=club, data=example("bar-register"), imported_by=None, scorer=None)
    for score, kind, name in ((high, "high", f"{prefix} High"), (low, "low", f"{prefix} Low")):
        enter_historic_record(
            in_club=club,
            date=datetime.date(1979, 11, 2),
            player_name=name,
            member=None,
            score=score,
            kind=kind,
            ruleset="bar",
            scan=None,
            note="",
            by=boss,
        )
    today = timezone.localdate()
    Season.objects.create(
        club=club,
        name=f"{prefix} season",
        starts_on=today.replace(month=1, day=1),
        ends_on=today.replace(month=12, day=31),
    )
    return Side(club, boss, person)


def two_clubs() -> tuple[Side, Side]:
    """The test club ("Test Balut Club", bar register 171/30) and another ("Other Balut Club",
    175/35): the other holds the federation's highest, the test club its lowest."""
    return (
        club_side(the_club(), "Alpha", high=171, low=30),
        club_side(other_club(), "Beta", high=175, low=35),
    )


def superuser() -> User:
    return User.objects.create_superuser(
        username="federation-admin", email="", password=SUPERUSER_PASSWORD
    )


def make_public(public: bool = True) -> None:
    Federation.objects.update_or_create(
        pk=Federation.SINGLETON_ID, defaults={"public": public, "name": "Balut Federation"}
    )
