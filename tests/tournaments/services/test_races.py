"""Two taps at once on a tournament's buttons (a double tap, two devices): each service that
reads the day then writes takes its row lock, so the second waits for the first and then gets
what the first made (or a refusal in words): one game a table, entrants numbered once, one draw.

At a 24-player day, three quick taps on a table's Start made two games, the table kept the last
and the others stayed "in play" in the books; entries and draws raced into IntegrityErrors.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from scoring.models import Game
from tests.races import at_once
from tests.scoring.services.helpers import secretary
from tests.tournaments.helpers import club_night
from tournaments.models import Round, Table
from tournaments.selectors import last_draw
from tournaments.services import rounds as round_services
from tournaments.services.entries import add_entrant
from tournaments.services.rounds import draw_rounds, start_table

# SQLite takes its write lock at BEGIN (IMMEDIATE): its writers never overlap. PostgreSQL's do.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def slow_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game takes a moment to start: without the table's lock, a second tap would read the
    table still empty and start a game of its own."""
    real = round_services.start_game

    def slowly(**kwargs: Any) -> Game:
        game = real(**kwargs)
        threading.Event().wait(0.3)
        return game

    monkeypatch.setattr(round_services, "start_game", slowly)


def first_table() -> Table:
    table = Table.objects.filter(round__number=1).order_by("number").first()
    assert table is not None
    return table


@pytest.mark.usefixtures("slow_start")
def test_three_taps_at_once_on_start_make_one_game_and_all_get_it() -> None:
    boss = secretary()
    draw_rounds(tournament=club_night(boss))
    table = first_table()

    games, failures = at_once(*[lambda: start_table(table=table, by=boss)] * 3)

    assert failures == []
    assert Game.objects.count() == 1
    assert {game.pk for game in games} == {Game.objects.get().pk}
    table.refresh_from_db()
    assert table.game_id == Game.objects.get().pk


@pytest.mark.usefixtures("slow_start")
def test_two_devices_posting_start_at_once_are_both_taken_to_the_one_game() -> None:
    boss = secretary()
    tournament = club_night(boss)
    draw_rounds(tournament=tournament)
    table = first_table()
    url = reverse("tournaments:start", args=[tournament.pk, table.pk])
    devices = [Client(), Client()]
    for device in devices:
        device.force_login(boss)

    answers, failures = at_once(*[lambda device=device: device.post(url) for device in devices])

    assert failures == []
    game = Game.objects.get()
    assert [a.status_code for a in answers] == [302, 302]
    assert {a.url for a in answers} == {reverse("scoring:game", args=[game.pk])}


def test_entrants_entered_at_once_are_numbered_once_each() -> None:
    boss = secretary()
    tournament = club_night(boss, players=0)
    names = ["Mia", "Ned", "Oda", "Pia"]

    _, failures = at_once(
        *[lambda name=name: add_entrant(tournament=tournament, guest_name=name) for name in names]
    )

    assert failures == []
    numbers = sorted(tournament.entrants.values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4]
    assert sorted(tournament.entrants.values_list("name", flat=True)) == names


def test_the_same_guest_entered_twice_at_once_enters_once_and_the_second_is_told() -> None:
    boss = secretary()
    tournament = club_night(boss, players=0)

    _, failures = at_once(*[lambda: add_entrant(tournament=tournament, guest_name="Mia")] * 2)

    (refusal,) = failures
    assert isinstance(refusal, ValidationError)
    assert "Mia has entered already." in refusal.messages
    assert list(tournament.entrants.values_list("name", flat=True)) == ["Mia"]


def test_two_draws_of_the_same_page_at_once_draw_once_and_the_second_is_told() -> None:
    boss = secretary()
    tournament = club_night(boss)
    seen = last_draw(tournament)

    drawn, failures = at_once(*[lambda: draw_rounds(tournament=tournament, seen=seen)] * 2)

    assert len(drawn) == 1
    assert len(failures) == 1 and isinstance(failures[0], ValidationError)
    assert "drawn a moment ago" in failures[0].messages[0]
    assert list(Round.objects.values_list("number", flat=True)) == [1, 2, 3]
    assert [r.pk for r in drawn[0]] == list(Round.objects.values_list("pk", flat=True))
