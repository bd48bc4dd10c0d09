"""Test data made the way the app makes it: through the services, so every check still runs.

    club = the_club()                              # the club every test plays in
    ann = MemberFactory.create(known_as="Ann")     # active, PIN "1234", a member of the_club()
    no_pin = MemberFactory.create(pin=None)        # a member without a PIN
    gone = MemberFactory.create(is_active=False)   # a former member
    game = start_test_game(ann, ben, "Zed")        # a Standard Balut game; "Zed" is a guest

`MemberFactory.create(...)` is typed as returning a Member (plain `MemberFactory(...)` works too,
but mypy cannot see through it). The factories only create, never build: a member is a user and
a member row written by `create_member` in one go.

Hashing a PIN the production way takes a good fraction of a second; a module that makes many
members or checks many PINs can use the `fast_pin_hashing` fixture:

    from tests.factories import fast_pin_hashing  # noqa: F401  (registers the fixture)
    pytestmark = pytest.mark.usefixtures("fast_pin_hashing")
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import factory
import pytest
from django.test import override_settings

from clubs.models import Club
from clubs.services import create_club
from scoring.models import Game, Member
from scoring.services.games import Seat, start_game
from scoring.services.members import create_member

PIN = "1234"
TEST_CLUB_SLUG = "club"


def the_club() -> Club:
    """The club the tests play in: made on first use (each test's database starts without one,
    unless the `one_club` fixture of tests/conftest.py made it)."""
    return Club.objects.filter(slug=TEST_CLUB_SLUG).first() or create_club(
        slug=TEST_CLUB_SLUG, name="Test Balut Club"
    )


def other_club(slug: str = "other") -> Club:
    """A second club of the server, for the tests of one club against another."""
    return Club.objects.filter(slug=slug).first() or create_club(
        slug=slug, name=f"{slug.title()} Balut Club"
    )


class MemberFactory(factory.django.DjangoModelFactory[Member]):
    """An active club member with PIN `PIN`, made by `create_member`.

    Pass `pin=None` for a member without a PIN, `password=...` for one who can also sign in to
    the admin, `is_active=False` for a former member.
    """

    class Meta:
        model = Member

    name = factory.Sequence(lambda n: f"Member {n}")
    known_as = factory.Sequence(lambda n: f"Player{n}")
    email = ""
    pin: Any = PIN
    password: Any = None
    is_active = True
    in_club: Any = None

    @classmethod
    def _create(cls, model_class: type[Member], *args: Any, **kwargs: Any) -> Member:
        is_active = kwargs.pop("is_active")
        kwargs["in_club"] = kwargs.get("in_club") or the_club()
        member = create_member(**kwargs)
        if not is_active:
            # No service retires a member yet; this stands in for it.
            Member.objects.filter(pk=member.pk).update(is_active=False)
            member.refresh_from_db()
        return member

    @classmethod
    def _build(cls, model_class: type[Member], *args: Any, **kwargs: Any) -> Member:
        raise NotImplementedError("MemberFactory only creates: a member needs its user saved.")


def start_test_game(
    *players: Member | str,
    ruleset: str = "balut",
    scorer: Member | None = None,
    guesses: Mapping[int, int] | None = None,
    options: Mapping[str, object] | None = None,
    friendly: bool = False,
    in_club: Club | None = None,
) -> Game:
    """A game started by `start_game` (in the test club unless `in_club`), players in seating
    order (a string is a guest's name).

    With no players, two new members play. The scorer defaults to the first member seated;
    `guesses` maps a seat (0-based) to that player's guess.
    """
    seated = players or (MemberFactory.create(), MemberFactory.create())
    seats = [
        Seat(member=player, guess=(guesses or {}).get(i))
        if isinstance(player, Member)
        else Seat(guest_name=player, guess=(guesses or {}).get(i))
        for i, player in enumerate(seated)
    ]
    if scorer is None:
        scorer = next(seat.member for seat in seats if seat.member is not None)
    return start_game(
        in_club=in_club or the_club(),
        ruleset=ruleset,
        seats=seats,
        scorer=scorer,
        created_by=scorer.user,
        options=options,
        friendly=friendly,
    )


@pytest.fixture
def fast_pin_hashing() -> Iterator[None]:
    """PINs hashed with a fast (insecure) hasher for the test's duration."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield
