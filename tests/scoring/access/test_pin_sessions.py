"""A PIN sign-in on the shared tablet ends after the club's idle time (a few hours by default)
and when the scorer taps Done; the secretary's password session is Django's own."""

from __future__ import annotations

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client
from django.urls import reverse

from league.services.settings import update_club_settings
from scoring.access import pins
from scoring.models import Game, Member
from scoring.services.games import Seat, start_game
from tests.factories import (
    PIN,
    MemberFactory,
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
    the_club,
)
from tests.scoring.services.helpers import fill_game, secretary

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

HOUR = 3600
HOME = reverse("scoring:home")


class Clock:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = 1_800_000_000
        monkeypatch.setattr(pins, "_now", lambda: self.now)

    def wait(self, seconds: int) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def ann() -> Member:
    return MemberFactory.create(known_as="Ann")


def finished_game_of(scorer: Member) -> Game:
    game = start_game(
        in_club=the_club(),
        ruleset="bar",
        seats=[Seat(member=scorer), Seat(guest_name="Zed")],
        scorer=scorer,
        created_by=scorer.user,
    )
    fill_game(game)
    return game


def pin_sign_in(client: Client, who: Member) -> None:
    response = client.post(reverse("scoring:signin"), {"member": who.pk, "pin": PIN})
    assert response.status_code == 302 and SESSION_KEY in client.session


def is_signed_in(client: Client) -> bool:
    client.get(HOME)
    return SESSION_KEY in client.session


def test_a_pin_sign_in_ends_after_three_idle_hours_by_default(
    client: Client, clock: Clock, ann: Member
) -> None:
    pin_sign_in(client, ann)

    clock.wait(3 * HOUR + 1)
    response = client.get(HOME)

    assert SESSION_KEY not in client.session
    assert "You were signed out after a while without use." in response.content.decode()


def test_using_the_tablet_keeps_the_pin_session(client: Client, clock: Clock, ann: Member) -> None:
    pin_sign_in(client, ann)

    clock.wait(2 * HOUR)
    assert is_signed_in(client)
    clock.wait(2 * HOUR)
    assert is_signed_in(client), "two idle hours twice, never three in a row"
    clock.wait(3 * HOUR + 1)
    assert not is_signed_in(client)


def test_the_idle_time_is_the_clubs_setting(client: Client, clock: Clock, ann: Member) -> None:
    update_club_settings(
        in_club=the_club(),
        by=secretary(),
        club_name="",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={},
        default_options={},
        pin_session_hours=1,
    )
    pin_sign_in(client, ann)

    clock.wait(HOUR - 60)
    assert is_signed_in(client)
    clock.wait(HOUR + 1)
    assert not is_signed_in(client)


def test_starting_a_game_by_pin_starts_a_pin_session_too(
    client: Client, clock: Clock, ann: Member
) -> None:
    ben = MemberFactory.create(known_as="Ben")
    data = {
        "ruleset": "balut",
        "player_0_member": ann.pk,
        "player_1_member": ben.pk,
        "scorer": ann.pk,
        "pin": PIN,
    }
    assert client.post(reverse("scoring:game_new"), data).status_code == 302
    assert client.session[pins.IDLE_LIMIT_KEY] == 3 * HOUR

    clock.wait(3 * HOUR + 1)

    assert not is_signed_in(client)


def test_the_secretarys_password_session_is_not_cut_by_the_pin_idle_time(
    client: Client, clock: Clock
) -> None:
    client.force_login(secretary())

    clock.wait(10 * HOUR)

    assert is_signed_in(client)


def test_done_on_the_signing_page_signs_the_scorer_out(client: Client, ann: Member) -> None:
    game = finished_game_of(ann)
    pin_sign_in(client, ann)
    page = client.get(reverse("scoring:sign_sheet", args=[game.pk])).content.decode()
    assert f'action="{reverse("scoring:signout")}" class="mt-3" id="done-form"' in page

    response = client.post(reverse("scoring:signout"), follow=True)

    assert response.redirect_chain == [(HOME, 302)]
    assert SESSION_KEY not in client.session
    assert "Signed out: the tablet is free for the next game." in response.content.decode()
