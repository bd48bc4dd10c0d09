"""Two clubs on one server, built once per test module: club A (the tests' club) with a
finished and an unfinished game, and club B ("other") with something of every kind a page can
name by id (tests/clubs/test_isolation.py, test_isolation_pages.py).
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
from pytest_django import DjangoDbBlocker
from pytest_django.fixtures import Settings

from clubs.models import Club, Role
from clubs.services import join_club
from league.models import AuditEntry, DrinkDebt, RegisterClaim, RegisterEntry, Season
from league.services.books import book_game
from league.services.register import enter_historic_record, open_claims
from scoring.models import Game, Member, Signature, Turn
from scoring.services.members import create_member
from scoring.services.records import import_game_record
from teams.match_rules import Side
from teams.services.cup import draw_cup
from teams.services.fixtures import draw_fixtures
from teams.services.matches import raise_dispute
from teams.services.teams import create_competition, create_team, enter_team
from tests.factories import (
    other_club,
    start_test_game,
    the_club,
)
from tests.league.helpers import png_upload
from tests.module_data import built_once
from tests.scoring.services.helpers import example, member, new_game, secretary
from tests.teams.helpers import start_match_of
from tests.test_permissions_matrix import EXPECTED
from tournaments.services.entries import add_entrant, create_tournament
from tournaments.services.rounds import draw_rounds

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response


ROLES = ("anonymous", "member", "scorer", "secretary")


# Routes that name an object: asked with club B's ids under club A's address.
OBJECT_ROUTES = sorted(route for route in EXPECTED if "<" in route)


REFUSED = {"404", "403", "405", "signin", "login"}


# Names only club B's pages may show.
B_NAMES = (
    "Zebedee",
    "Xanthe",
    "Quentin",
    "Other Balut Club",
    "Bplayer",
    "B League",
    "B Lions",
    "B night",
)


@dataclass
class World:
    users: dict[str, User | None]
    b_secretary: User
    b_kwargs: dict[str, object]
    media: Path


def _b_world() -> dict[str, object]:
    """Club B: a finished bar game with a claim and a debt, a historic line, a season, a
    member, and a game in progress; none of A's members in it."""
    b = other_club()
    zebedee = create_member(in_club=b, name="Zebedee Moss", known_as="Zebedee", pin="1234")
    create_member(in_club=b, name="Xanthe Ray", known_as="Xanthe", pin="1234")
    record = example("bar-register")
    game = import_game_record(in_club=b, data=record, imported_by=None, scorer=None)
    claim = open_claims(game=game)[0]
    debt = book_game(game=game).debts[0]
    boss = User.objects.create_user(username="b-secretary", password="balut-secretary")
    join_club(club=b, user=boss, role=Role.SECRETARY)
    entry = enter_historic_record(
        in_club=b,
        date=datetime.date(1980, 5, 1),
        player_name="Quentin",
        member=None,
        score=172,
        kind="high",
        ruleset="bar",
        scan=png_upload(),
        note="",
        by=boss,
    )
    season = Season.objects.create(
        club=b,
        name="B 1980",
        starts_on=datetime.date(1980, 1, 1),
        ends_on=datetime.date(1980, 12, 31),
    )
    live = start_test_game(zebedee, "Quentin", in_club=b)
    return {
        **_b_tournament_and_league(b, boss),
        "game_id": game.pk,
        "live_game_id": live.pk,
        "member_id": zebedee.pk,
        "number": 0,
        "claim_id": claim.pk,
        "debt_id": debt.pk,
        "entry_id": entry.pk,
        "season_id": season.pk,
        "code": "AAAA-AAAA-AA",
        "token": "not-a-token",
        "side": "home",
        "secretary": boss,
    }


def _b_tournament_and_league(b: Club, boss: User) -> dict[str, object]:
    """Club B's club night (one table drawn) and its team league (a match under dispute)."""
    tournament = create_tournament(
        in_club=b,
        name="B night",
        starts_on=datetime.date(2026, 11, 27),
        ends_on=datetime.date(2026, 11, 27),
        ruleset="bar",
        table_size=4,
        rounds=2,
        swiss=False,
        by=boss,
    )
    people = [
        create_member(in_club=b, name=f"B Player {n}", known_as=f"Bplayer{n}", pin="1234")
        for n in range(1, 13)
    ]
    entrants = [add_entrant(tournament=tournament, member=person) for person in people[:4]]
    table = draw_rounds(tournament=tournament)[0].tables.get()
    competition = create_competition(
        in_club=b, by=boss, name="B League", double_round_robin=True, divisions=["Only"]
    )
    division = competition.divisions.get(level=1)
    teams = []
    for number, name in enumerate(("B Lions", "B Tigers")):
        squad = people[4 + 4 * number : 8 + 4 * number]
        team = create_team(
            in_club=b, by=boss, name=name, captain=squad[0], venue="B Arms", members=squad
        )
        enter_team(by=boss, division=division, team=team)
        teams.append(team)
    fixtures = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )
    # One player a side: each cup team is its captain alone (teams.services.teams.check_roster).
    cup = create_competition(
        in_club=b,
        by=boss,
        name="B Cup",
        kind="cup",
        divisions=["Cup"],
        players_per_team=1,
        table_size=2,
    )
    for name, captain in (("B Pumas", people[0]), ("B Lynxes", people[1])):
        team = create_team(
            in_club=b, by=boss, name=name, captain=captain, venue="B Arms", members=[captain]
        )
        enter_team(by=boss, division=cup.divisions.get(), team=team)
    tie = draw_cup(
        by=boss,
        division=cup.divisions.get(),
        first_round_on=datetime.date(2026, 2, 5),
        starts_at=datetime.time(19, 30),
    )[0]
    match = start_match_of(fixtures[0])
    dispute = raise_dispute(
        match=match, side=Side.AWAY, signer=fixtures[0].away.captain.user, reason="Miscounted."
    )
    return {
        "tournament_id": tournament.pk,
        "entrant_id": entrants[0].pk,
        "table_id": table.pk,
        "kind": "csv",
        "competition_id": competition.pk,
        "division_id": division.pk,
        "team_id": teams[0].pk,
        "fixture_id": fixtures[1].pk,
        "match_id": match.pk,
        "dispute_id": dispute.pk,
        "tie_id": tie.pk,
        # No entry of another club waits: club A's pages must not find one either.
        "request_id": 0,
    }


def build_world(media: Path) -> World:
    dee, eli = member("Dee"), member("Eli")
    a_game = import_game_record(
        in_club=the_club(), data=example("bar-register"), imported_by=None, scorer=dee
    )
    book_game(game=a_game)
    new_game("balut", ("Otto", "Pia"))
    boss = secretary()
    b = _b_world()
    b_secretary = b.pop("secretary")
    assert isinstance(b_secretary, User)
    return World(
        users={"anonymous": None, "member": eli.user, "scorer": dee.user, "secretary": boss},
        b_secretary=b_secretary,
        b_kwargs=b,
        media=media,
    )


@pytest.fixture(scope="module")
def world(
    django_db_setup: None,
    django_db_blocker: DjangoDbBlocker,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[World]:
    media = tmp_path_factory.mktemp("isolation-media")
    with built_once(django_db_blocker, media):
        yield build_world(media)


@pytest.fixture
def media_root(settings: Settings, tmp_path: Path, world: World) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    shutil.copytree(world.media, settings.MEDIA_ROOT)
    return settings.MEDIA_ROOT


def outcome(response: Response) -> str:
    if response.status_code != 302:
        return str(response.status_code)
    location = response["Location"]
    if "/admin/login/" in location:
        return "login"
    if "/signin/" in location:
        return "signin"
    return "302"


def snapshot() -> dict[str, object]:
    """What a write anywhere would change."""
    models = (Game, Turn, Signature, Member, Season, RegisterClaim, RegisterEntry, DrinkDebt)
    return {
        "counts": {model.__name__: model.objects.count() for model in (*models, AuditEntry)},
        "games": list(Game.objects.order_by("pk").values_list("pk", "status", "voided_at")),
        "claims": list(RegisterClaim.objects.order_by("pk").values_list("pk", "status")),
        "debts": list(DrinkDebt.objects.order_by("pk").values_list("pk", "status")),
        "entries": list(RegisterEntry.objects.order_by("pk").values_list("pk", "removed_at")),
        "members": list(Member.objects.order_by("pk").values_list("pk", "known_as", "pin_hash")),
    }
