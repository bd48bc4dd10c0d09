"""Every URL of the app, tried by every role with every method: the answer is the one the table
below expects, and never a 500.

The URLs come from the URL resolver (every namespace but Django's admin, which guards itself
and is tested in tests/league/test_admin.py), so a new page without a row here fails
`test_every_url_has_a_row`. Each (URL, role) is its own test, starting from the same world,
built once for the module and rolled back to after each test (tests/module_data.py), so a POST
that succeeds cannot change what the next role meets.

Outcomes: an HTTP status, or where a redirect goes: "login" (the secretary's password sign-in,
LOGIN_URL), "signin" (a member's PIN sign-in), "302" (anywhere else: the action was done).
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
from scoring.models import Game
from scoring.services.records import import_game_record
from tests.factories import fast_pin_hashing  # noqa: F401 (registers the fixture)
from tests.league.helpers import png_upload
from tests.module_data import built_once
from tests.scoring.services.helpers import (
    example,
    member,
    new_game,
    secretary,
)

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

ROLES = ("anonymous", "member", "other_scorer", "scorer", "secretary")
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
SKIPPED_NAMESPACES = ("admin",)

Outcomes = dict[str, str]


def everyone(outcome: str) -> Outcomes:
    return dict.fromkeys(ROLES, outcome)


def secretary_only(outcome: str, *, visitors: str = "login") -> Outcomes:
    """The secretary's pages: visitors are sent to sign in, members are refused."""
    return {**everyone("403"), "anonymous": visitors, "secretary": outcome}


def keepers_only(outcome: str, *, visitors: str) -> Outcomes:
    """The game's scorer and the secretary."""
    return {**everyone("403"), "anonymous": visitors, "scorer": outcome, "secretary": outcome}


def members_only(outcome: str) -> Outcomes:
    """A part the club keeps from visitors by default: they are sent to the PIN sign-in."""
    return {**everyone(outcome), "anonymous": "signin"}


# Route -> method -> role -> outcome. A method not listed answers 405 to everyone.
EXPECTED: dict[str, dict[str, Outcomes]] = {
    "": {"GET": everyone("200")},
    "signin/": {"GET": everyone("200"), "POST": everyone("422")},
    "signout/": {"POST": everyone("302")},
    "games/new/": {"GET": everyone("200"), "POST": everyone("422")},
    "games/import/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "games/<int:game_id>/": {"GET": everyone("200")},
    # An empty turn is refused with a message on the game page (a redirect, for a plain post).
    "games/<int:game_id>/turns/": {"POST": keepers_only("302", visitors="403")},
    "games/<int:game_id>/turns/<int:number>/correct/": {
        "GET": keepers_only("200", visitors="signin"),
        "POST": keepers_only("422", visitors="signin"),
    },
    # Visitors read the page (it tells them to sign in) but sign nothing; the empty post of a
    # signed-in role is refused as bad input. tests/test_signing_matrix.py tries real
    # signatures.
    "games/<int:game_id>/sign/": {"GET": everyone("200"), "POST": members_only("422")},
    "games/<int:game_id>/record.json": {"GET": members_only("200")},
    "games/<int:game_id>/sheet.pdf": {"GET": members_only("200")},
    # Without ?ruleset=... the blank sheet is refused with its reason.
    "sheets/blank.pdf": {"GET": everyone("400")},
    "sheets/club-night/": {
        "GET": secretary_only("200", visitors="signin"),
        "POST": secretary_only("200", visitors="signin"),
    },
    "verify/": {"GET": everyone("200"), "POST": everyone("422")},
    "verify/<str:code>/": {"GET": everyone("404")},
    "register/": {"GET": everyone("200")},
    "register/historic/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "register/<int:entry_id>/scan/": {"GET": members_only("200")},
    "register/claims/<int:claim_id>/ratify/": {"POST": secretary_only("302")},
    # Rejecting needs a note: the empty post goes back to the register with the reason.
    "register/claims/<int:claim_id>/reject/": {"POST": secretary_only("302")},
    "ledger/": {"GET": members_only("200")},
    # The member is the one who owes this round: they may settle it.
    "ledger/<int:debt_id>/settle/": {
        "POST": {**secretary_only("302", visitors="signin"), "member": "302"}
    },
    # The round here is owed, settled by nobody: each signed-in role is told "nothing changed".
    "ledger/<int:debt_id>/settle/undo/": {"POST": members_only("302")},
    "ledger/<int:debt_id>/write-off/": {"POST": secretary_only("302")},
    "members/": {"GET": members_only("200")},
    "players/<int:member_id>/": {"GET": members_only("200")},
    "records/": {"GET": everyone("200")},
    "board/": {"GET": everyone("200")},
    "settings/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "standings/": {"GET": everyone("200")},
    # Monitoring: public, and 200 only while the books are whole (the matrix's games are).
    "healthz": {"GET": everyone("200")},
    # The tablet's service worker script: a static file, public.
    "sw.js": {"GET": everyone("200")},
    # The language switcher (an empty post still goes back, to the home page) and the
    # JavaScript catalog every page loads.
    "i18n/setlang/": {"POST": everyone("302")},
    "jsi18n/": {"GET": everyone("200")},
    "seasons/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "seasons/<int:season_id>/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    # Taking decisions back: a page that asks for the reason and a tick; an empty post is
    # refused on it, nothing changed.
    "register/<int:entry_id>/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "register/claims/<int:claim_id>/reopen/": {
        "GET": secretary_only("200"),
        "POST": secretary_only("422"),
    },
    "ledger/<int:debt_id>/reopen/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "games/<int:game_id>/void/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "games/<int:game_id>/attest/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "audit/": {"GET": secretary_only("200")},
    "members/add/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "members/<int:member_id>/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
}


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
    game = import_game_record(data=example("bar-register"), imported_by=None, scorer=dee)
    claim = open_claims(game=game)[0]
    (debt,) = book_game(game=game).debts
    other: Game = new_game("balut", ("Otto", "Pia"))
    assert other.scorer is not None
    boss = secretary()
    entry = enter_historic_record(
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
        name="1979", starts_on=datetime.date(1979, 1, 1), ends_on=datetime.date(1979, 12, 31)
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
            "code": "AAAA-AAAA-AA",
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
