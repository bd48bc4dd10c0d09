"""Every URL of the app, tried by every role with every method: the answer is the one the table
below expects, and never a 500.

The URLs come from the URL resolver (every namespace but Django's admin, which guards itself
and is tested in tests/league/test_admin.py), so a new page without a row here fails
`test_every_url_has_a_row`. Each (URL, role) is its own test, starting from the same world,
built once for the module and rolled back to after each test (tests/module_data.py), so a POST
that succeeds cannot change what the next role meets.

Outcomes: an HTTP status, or where a redirect goes: "login" (the admin's password sign-in, for
the server's administrator), "signin" (the club's sign-in page, LOGIN_URL: a member's PIN or the
secretary's password), "302" (anywhere else: the action was done).
Bodies are empty, so a POST a role may make is refused as bad input (400/422, or a redirect
back to its page with the reason), never a 500. Visitors meet the club's default privacy
(scoring.access.privacy): the ledger, members, PDFs, records and scans send them to sign in.

Signing has a second table with real bodies, in tests/test_signing_matrix.py.
"""

from __future__ import annotations

import datetime
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from pytest_django import DjangoDbBlocker
from pytest_django.fixtures import Settings

from league.models import Season
from league.services.books import book_game
from league.services.register import enter_historic_record, open_claims
from scoring.models import Game, Member
from scoring.services.records import import_game_record
from teams.match_rules import Side
from teams.services.cup import draw_cup
from teams.services.matches import raise_dispute
from tests.factories import (
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
    the_club,
)
from tests.league.helpers import png_upload
from tests.module_data import built_once
from tests.permission_table import (
    EXPECTED,
    METHODS,
    ROLES,
    SKIPPED_NAMESPACES,
    everyone,
)
from tests.scoring.services.helpers import (
    example,
    member,
    new_game,
    secretary,
)
from tests.teams.helpers import cup_of, drawn_league, start_match_of
from tournaments.services.entries import add_entrant, create_tournament
from tournaments.services.rounds import draw_rounds

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def app_routes() -> Iterator[str]:
    """Each route of the app's namespaces, as written in the URLconf ("games/<int:game_id>/")."""

    def walk(patterns: list[URLPattern | URLResolver], prefix: str, space: str) -> Iterator[str]:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, route, pattern.namespace or space)
            elif space not in SKIPPED_NAMESPACES:
                yield route

    yield from walk(get_resolver().url_patterns, "", "")


def test_every_url_has_a_row() -> None:
    assert sorted(app_routes()) == sorted(EXPECTED)


@dataclass
class World:
    """One finished bar game (the shared example) and everything the URLs name."""

    users: dict[str, User | None]
    kwargs: dict[str, object]
    media: Path


@pytest.fixture(scope="module")
def world(
    django_db_setup: None,
    django_db_blocker: DjangoDbBlocker,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[World]:
    """Built once for the module; each test starts from it as built (tests/module_data.py)."""
    media = tmp_path_factory.mktemp("matrix-media")
    with built_once(django_db_blocker, media):
        yield build_world(media)


@pytest.fixture
def media_root(settings: Settings, tmp_path: Path, world: World) -> Path:
    """The test's own copy of the world's uploads, so no test meets another's files."""
    settings.MEDIA_ROOT = tmp_path / "media"
    shutil.copytree(world.media, settings.MEDIA_ROOT)
    return settings.MEDIA_ROOT


def build_world(media: Path) -> World:
    # Dee scores and wins; Eli comes last and owes the round; Otto scores a game of his own.
    dee, eli = member("Dee"), member("Eli")
    member("Fay"), member("Hal")
    game = import_game_record(
        in_club=the_club(), data=example("bar-register"), imported_by=None, scorer=dee
    )
    claim = open_claims(game=game)[0]
    (debt,) = book_game(game=game).debts
    other: Game = new_game("balut", ("Otto", "Pia"))
    assert other.scorer is not None
    boss = secretary()
    entry = enter_historic_record(
        in_club=the_club(),
        date=datetime.date(1979, 11, 2),
        player_name="Old Tom",
        member=None,
        score=171,
        kind="high",
        ruleset="bar",
        scan=png_upload(),
        note="",
        by=boss,
    )
    season = Season.objects.create(
        club=the_club(),
        name="1979",
        starts_on=datetime.date(1979, 1, 1),
        ends_on=datetime.date(1979, 12, 31),
    )
    tournament = create_tournament(
        in_club=the_club(),
        name="Club night",
        starts_on=datetime.date(1979, 11, 2),
        ends_on=datetime.date(1979, 11, 2),
        ruleset="bar",
        table_size=4,
        rounds=2,
        swiss=False,
        by=boss,
    )
    entrants = [
        add_entrant(tournament=tournament, member=m)
        for m in Member.objects.filter(known_as__in=["Dee", "Eli", "Fay", "Hal"])
    ]
    table = draw_rounds(tournament=tournament)[0].tables.get()
    competition, teams, fixtures = drawn_league(boss, 2)
    cup, _ = cup_of(boss, 2, names=("Pumas", "Lynxes"))
    tie = draw_cup(
        by=boss,
        division=cup,
        first_round_on=datetime.date(2026, 2, 5),
        starts_at=datetime.time(19, 30),
    )[0]
    match = start_match_of(fixtures[0])
    dispute = raise_dispute(
        match=match, side=Side.AWAY, signer=fixtures[0].away.captain.user, reason="Miscounted."
    )
    return World(
        users={
            "anonymous": None,
            "member": eli.user,
            "other_scorer": other.scorer.user,
            "scorer": dee.user,
            "secretary": boss,
        },
        kwargs={
            "game_id": game.pk,
            "member_id": eli.pk,
            "number": 0,
            "claim_id": claim.pk,
            "debt_id": debt.pk,
            "entry_id": entry.pk,
            "season_id": season.pk,
            "tournament_id": tournament.pk,
            "entrant_id": entrants[0].pk,
            "table_id": table.pk,
            "kind": "csv",
            "competition_id": competition.pk,
            "division_id": fixtures[0].division_id,
            "team_id": teams[0].pk,
            "fixture_id": fixtures[1].pk,
            "match_id": match.pk,
            "dispute_id": dispute.pk,
            "tie_id": tie.pk,
            # No other club's entry waits here: the answer after the role's check is a 404.
            "request_id": 0,
            "side": "home",
            "code": "AAAA-AAAA-AA",
            "token": "not-a-token",
        },
        media=media,
    )


def url_of(route: str, kwargs: dict[str, object]) -> str:
    """The route with its parameters filled from the world."""
    url = "/" + route
    for name, value in kwargs.items():
        for converter in ("int", "str"):
            url = url.replace(f"<{converter}:{name}>", str(value))
    assert "<" not in url, f"no value for a parameter of {route}"
    return url


def outcome(response: Response) -> str:
    if response.status_code != 302:
        return str(response.status_code)
    location = response["Location"]
    if location.startswith(reverse("admin:login")):
        return "login"
    if location.startswith(reverse("scoring:signin")):
        return "signin"
    return "302"


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", sorted(EXPECTED))
def test_each_role_gets_the_expected_answer_to_each_method(
    client: Client, world: World, media_root: Path, route: str, role: str
) -> None:
    user = world.users[role]
    url = url_of(route, world.kwargs)
    answers = {}
    for method in METHODS:
        if user is not None:
            # Signed in afresh each time: a sign-out (or a refused one) must not leak onwards.
            client.force_login(user)
        response = client.generic(method, url)
        answers[method] = outcome(response)
    expected = {method: EXPECTED[route].get(method, everyone("405"))[role] for method in METHODS}
    assert answers == expected
