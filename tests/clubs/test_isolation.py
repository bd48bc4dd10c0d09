"""Two clubs on one server: nothing of club B can be read or written from club A's address.

The permission matrix's URLs (tests/test_permissions_matrix.py), each with the ids of club B's
objects, asked under club A's address (/c/club/...) by every role of club A with every method:
the answer is a refusal (404, 403, 405 or the way to sign in), never a page of B's, and nothing
in the database changes. B's secretary tries A's secretary's pages the same way
(A's pages, exports and PDFs read for B's names: test_isolation_pages.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from tests.clubs.isolation_world import (
    OBJECT_ROUTES,
    REFUSED,
    ROLES,
    World,
    outcome,
    snapshot,
)
from tests.clubs.isolation_world import (
    media_root as media_root,  # noqa: F401 (registers the fixture)
)
from tests.clubs.isolation_world import (
    world as world,  # noqa: F401 (registers the fixture)
)
from tests.factories import (
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
)
from tests.test_permissions_matrix import METHODS, url_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", OBJECT_ROUTES)
def test_club_a_can_neither_read_nor_change_club_bs_objects(
    client: Client, world: World, media_root: Path, route: str, role: str
) -> None:
    user = world.users[role]
    url = "/c/club" + url_of(route, world.b_kwargs)
    before = snapshot()
    answers = {}
    for method in METHODS:
        if user is not None:
            client.force_login(user)
        answers[method] = outcome(client.generic(method, url))
    assert {method: answer for method, answer in answers.items() if answer not in REFUSED} == {}
    assert snapshot() == before


@pytest.mark.parametrize("role", ROLES)
def test_club_bs_game_in_progress_takes_no_turn_from_club_a(
    client: Client, world: World, role: str
) -> None:
    user = world.users[role]
    if user is not None:
        client.force_login(user)
    game_id = world.b_kwargs["live_game_id"]
    before = snapshot()

    page = client.get(f"/c/club/games/{game_id}/")
    turn = client.post(f"/c/club/games/{game_id}/turns/", {"expected_number": 0})

    assert page.status_code == 404
    assert outcome(turn) in REFUSED
    assert snapshot() == before


@pytest.mark.parametrize(
    "route", ["settings/", "audit/", "members/add/", "seasons/", "register/historic/"]
)
def test_club_bs_secretary_is_refused_club_as_secretarys_pages(
    client: Client, world: World, route: str
) -> None:
    client.force_login(world.b_secretary)
    before = snapshot()

    answers = {outcome(client.get(f"/c/club/{route}")), outcome(client.post(f"/c/club/{route}"))}

    assert answers <= REFUSED
    assert snapshot() == before
