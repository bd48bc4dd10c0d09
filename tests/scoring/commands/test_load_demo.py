"""`manage.py load_demo`: the finished demo games are the golden records, each loaded once."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from clubs.models import Membership, Role
from scoring.models import Game, GameStatus, Member
from scoring.selectors import load_game
from tests import golden
from tests.factories import fast_pin_hashing, other_club, the_club

__all__ = ["fast_pin_hashing"]

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def test_the_demos_finished_games_are_the_golden_records_with_their_expected_results() -> None:
    call_command("load_demo", stdout=io.StringIO())

    finished = Game.objects.filter(status=GameStatus.FINISHED).order_by("pk")
    assert [game.source for game in finished] == [
        f"demo:finished-{path.name}" for path in golden.valid_paths()
    ]
    for game, path in zip(finished, golden.valid_paths(), strict=True):
        result = load_game(game).result()
        assert [(p.name, p.score, p.total_points, p.rank) for p in result.players] == [
            (p["name"], p["score"], p["points"], p["rank"])
            for p in golden.expected(path.stem)["players"]
        ], path.stem


def test_loading_the_demo_again_adds_no_game() -> None:
    call_command("load_demo", stdout=io.StringIO())
    games = Game.objects.count()

    out = io.StringIO()
    call_command("load_demo", stdout=out)

    assert Game.objects.count() == games
    assert "0 games added" in out.getvalue()


def test_the_demo_in_a_second_club_makes_that_clubs_own_people_and_leaves_the_first_alone() -> None:
    call_command("load_demo", stdout=io.StringIO())
    first = the_club()
    first_people = set(Membership.objects.filter(club=first).values_list("user_id", "role"))
    south = other_club("south")
    out = io.StringIO()

    call_command("load_demo", "--club", "south", stdout=out)

    assert set(Membership.objects.filter(club=first).values_list("user_id", "role")) == (
        first_people
    )
    south_people = Membership.objects.filter(club=south)
    assert not south_people.filter(user_id__in=[user for user, _ in first_people]).exists()
    secretary = User.objects.get(username="south-secretary")
    assert south_people.get(user=secretary).role == Role.SECRETARY and not secretary.is_staff
    assert not Membership.objects.filter(club=south, user__username="secretary").exists()
    assert Member.objects.get(known_as="Ann (south)").user.memberships.get().club == south
    # Its games are played by its own members, not by guests named like the first club's.
    demo_game = Game.objects.filter(club=south).order_by("pk").first()
    assert demo_game is not None
    assert all(player.member is not None for player in demo_game.players.all())
    assert "user 'south-secretary'" in out.getvalue() and "Ann (south)" in out.getvalue()


def test_the_demos_secretary_is_no_staff_and_reads_the_demo_sign_ins_on_the_members_page() -> None:
    call_command("load_demo", stdout=io.StringIO())
    assert not User.objects.get(username="secretary").is_staff
    client = Client()
    client.post(
        reverse("scoring:password_signin"),
        {"username": "secretary", "password": "balut-secretary"},
    )

    page = client.get(reverse("league:members")).content.decode()

    assert 'id="demo-sign-ins"' in page and "1234" in page and "balut-secretary" in page
    # A visitor who may read the members' list is not told the demo's sign-ins.
    assert "balut-secretary" not in Client().get(reverse("league:members")).content.decode()
