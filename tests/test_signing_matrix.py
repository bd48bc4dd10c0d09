"""Who may sign a game's sheet for whom, and how: every role tries every way of signing, with
real bodies, and the answer (and the database) is the one the table below expects.

The roles and outcomes are those of tests/test_permissions_matrix.py. The game is built once
for the module and rolled back to after each test (tests/module_data.py), so a signature one
test keeps is never there for the next.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoDbBlocker
from pytest_django.fixtures import Settings

from scoring.models import Game, GamePlayer, Signature
from scoring.services.games import Seat, start_game
from tests.factories import (
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
    the_club,
)
from tests.module_data import built_once
from tests.permission_table import ROLES, Outcomes, everyone
from tests.scoring.services.helpers import PIN, drawing, fill_game, member, new_game, secretary
from tests.test_permissions_matrix import outcome

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing", "media_root")]


@pytest.fixture
def media_root(settings: Settings, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


# Signing, with real bodies. The game: Dee scores, Eli (a member with a PIN) and the guest Zed
# play. "member" is Eli himself, "other_scorer" scores another game. "302": the signature is
# kept (and the table checks the database); "422": refused with the reason, nothing kept.
SIGNING: dict[str, Outcomes] = {
    # Zed's finger drawing, witnessed by whoever is signed in on the device.
    "guest draws": {
        "anonymous": "signin",
        "member": "422",
        "other_scorer": "422",
        "scorer": "302",
        "secretary": "302",
    },
    # Eli types his PIN on whichever device: the PIN proves him.
    "member types his PIN": {**everyone("302"), "anonymous": "signin"},
    # Eli signs as himself without a PIN: only when he is the one signed in.
    "member signs as himself": {**everyone("422"), "anonymous": "signin", "member": "302"},
    # Eli has a PIN: a drawing is never his signature, whoever witnesses it.
    "member draws": {**everyone("422"), "anonymous": "signin"},
    # A wrong PIN signs nothing.
    "member types a wrong PIN": {**everyone("422"), "anonymous": "signin"},
}


@dataclass
class SigningWorld:
    users: dict[str, User | None]
    game: Game
    eli: GamePlayer
    zed: GamePlayer


@pytest.fixture(scope="module")
def signing_world(
    django_db_setup: None,
    django_db_blocker: DjangoDbBlocker,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[SigningWorld]:
    with built_once(django_db_blocker, tmp_path_factory.mktemp("signing-media")):
        yield build_signing_world()


def build_signing_world() -> SigningWorld:
    dee, eli = member("Dee"), member("Eli")
    game = start_game(
        in_club=the_club(),
        ruleset="bar",
        seats=[Seat(member=dee), Seat(member=eli), Seat(guest_name="Zed")],
        scorer=dee,
        created_by=dee.user,
    )
    fill_game(game)
    other: Game = new_game("balut", ("Otto", "Pia"))
    assert other.scorer is not None
    return SigningWorld(
        users={
            "anonymous": None,
            "member": eli.user,
            "other_scorer": other.scorer.user,
            "scorer": dee.user,
            "secretary": secretary(),
        },
        game=game,
        eli=game.players.get(seat=1),
        zed=game.players.get(seat=2),
    )


def signing_body(action: str, world: SigningWorld) -> dict[str, object]:
    eli, zed = world.eli.pk, world.zed.pk
    return {
        "guest draws": {"player": zed, "method": "drawing", "drawing": drawing()},
        "member types his PIN": {"player": eli, "method": "pin", "pin": PIN},
        "member signs as himself": {"player": eli, "method": "pin"},
        "member draws": {"player": eli, "method": "drawing", "drawing": drawing()},
        "member types a wrong PIN": {"player": eli, "method": "pin", "pin": "0000"},
    }[action]


def test_every_signing_role_pair_has_a_cell() -> None:
    assert all(set(row) == set(ROLES) for row in SIGNING.values())


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", sorted(SIGNING))
def test_each_role_may_sign_as_the_table_says(
    client: Client, signing_world: SigningWorld, action: str, role: str
) -> None:
    user = signing_world.users[role]
    if user is not None:
        client.force_login(user)
    url = reverse("scoring:sign_sheet", args=[signing_world.game.pk])

    answer = outcome(client.post(url, signing_body(action, signing_world)))

    assert answer == SIGNING[action][role]
    signatures = list(Signature.objects.all())
    if answer == "302":
        (kept,) = signatures
        assert kept.witness == user
        assert kept.player == (signing_world.zed if action == "guest draws" else signing_world.eli)
    else:
        assert signatures == []
