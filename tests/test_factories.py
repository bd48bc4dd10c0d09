"""The shared test factories make what the app makes, through its services."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import check_password

from scoring.models import Member
from tests.factories import (
    PIN,
    MemberFactory,
    fast_pin_hashing,  # noqa: F401  (registers the fixture)
    start_test_game,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def test_a_factory_member_is_active_with_its_own_user_and_the_known_pin() -> None:
    member = MemberFactory.create(known_as="Ann")

    assert member.is_active and member.user.pk is not None
    assert member.user.username == "ann"
    assert check_password(PIN, member.pin_hash)


def test_factory_members_can_be_former_or_without_a_pin() -> None:
    assert not MemberFactory.create(is_active=False).is_active
    assert MemberFactory.create(pin=None).pin_hash == ""
    assert Member.objects.count() == 2


def test_a_test_game_seats_members_and_guests_in_order_with_the_first_member_scoring() -> None:
    ann, ben = MemberFactory.create(known_as="Ann"), MemberFactory.create(known_as="Ben")

    game = start_test_game("Zed", ann, ben, ruleset="jackpot", guesses={0: 1}, friendly=True)

    assert [(p.name, p.member, p.guess) for p in game.players.all()] == [
        ("Zed", None, 1),
        ("Ann", ann, None),
        ("Ben", ben, None),
    ]
    assert game.ruleset == "jackpot" and game.friendly
    assert game.scorer == ann and game.created_by == ann.user


def test_a_test_game_without_players_has_two_new_members() -> None:
    game = start_test_game()

    assert game.players.count() == 2
    assert game.scorer == game.players.first().member  # type: ignore[union-attr]
