"""No drawn table seats guests only: a table of guests could not start (a member scores every
game), so the draw gives it a member from the nearest table with two, and a day with fewer
members than tables is refused in words before anything is drawn."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.factories import the_club
from tests.page_text import text_of
from tests.scoring.services.helpers import member, secretary
from tests.tournaments.helpers import finish
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.services.entries import add_entrant, create_tournament
from tournaments.services.rounds import draw_rounds, start_table

pytestmark = pytest.mark.django_db


def guest_day(by: object, *, members: int, guests: int, seed: int, swiss: bool) -> Tournament:
    tournament = create_tournament(
        in_club=the_club(),
        name=f"Open day {seed}",
        starts_on=datetime.date(2026, 11, 28),
        ends_on=datetime.date(2026, 11, 28),
        ruleset="bar",
        table_size=4,
        rounds=3,
        swiss=swiss,
        by=by,  # type: ignore[arg-type]
        seed=seed,
    )
    for number in range(members):
        add_entrant(tournament=tournament, member=member(f"Member{number}"))
    for number in range(guests):
        add_entrant(tournament=tournament, guest_name=f"Guest{number}")
    return tournament


def members_at_each_table(tournament: Tournament) -> list[int]:
    return [
        Seat.objects.filter(table=table, entrant__member__isnull=False).count()
        for table in Table.objects.filter(round__tournament=tournament)
    ]


@pytest.mark.parametrize("seed", range(6))
def test_every_table_of_a_swiss_day_of_two_members_and_six_guests_has_a_member_to_score(
    seed: int,
) -> None:
    boss = secretary()
    tournament = guest_day(boss, members=2, guests=6, seed=seed, swiss=True)

    for number in (1, 2, 3):
        draw_rounds(tournament=tournament)
        assert min(members_at_each_table(tournament)) >= 1
        for table in Table.objects.filter(round__tournament=tournament, round__number=number):
            finish(start_table(table=table, by=boss))

    assert Round.objects.filter(tournament=tournament).count() == 3


def test_a_day_with_fewer_members_than_tables_is_refused_in_words_and_nothing_is_drawn() -> None:
    boss = secretary()
    tournament = guest_day(boss, members=1, guests=7, seed=3, swiss=True)

    with pytest.raises(ValidationError, match="only 1 player is a member"):
        draw_rounds(tournament=tournament)

    assert not Round.objects.filter(tournament=tournament).exists()


def test_the_draw_page_says_why_a_day_of_guests_cannot_be_drawn(client: Client) -> None:
    boss = secretary()
    tournament = guest_day(boss, members=1, guests=7, seed=3, swiss=False)
    client.force_login(boss)

    response = client.post(reverse("tournaments:draw", args=[tournament.pk]), follow=True)

    page = text_of(response.content.decode())
    assert "seats 2 tables, but only 1 player is a member" in page
    assert not Round.objects.filter(tournament=tournament).exists()
    assert client.get(reverse("tournaments:draw", args=[tournament.pk])).status_code == 405
