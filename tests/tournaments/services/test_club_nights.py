"""A club night's round drawn from the season's meetings: the club's finished games so far."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from scoring.models import Member
from tests.scoring.services.helpers import secretary
from tests.tournaments.helpers import club_night, start_rounds
from tournaments.models import Round, Seat, Tournament
from tournaments.services.entries import add_entrant, create_tournament
from tournaments.services.nights import METHOD, draw_tonight

pytestmark = pytest.mark.django_db


def tables_of(tournament: Tournament, number: int) -> list[set[str]]:
    tables: dict[int, set[str]] = {}
    for table, name in Seat.objects.filter(
        round__tournament=tournament, round__number=number
    ).values_list("table__number", "entrant__member__name"):
        tables.setdefault(table, set()).add(name)
    return list(tables.values())


def test_tonight_splits_every_table_of_last_night_as_evenly_as_the_tables_allow() -> None:
    boss = secretary("boss")
    last_night = club_night(boss, players=8, rounds=1)
    start_rounds(last_night, boss, up_to=1, played=True)
    before = tables_of(last_night, 1)
    # A random split of the eight is two and two only about half the time: every seed is.
    for seed in range(5):
        tonight = create_tournament(
            in_club=last_night.club,
            name=f"Next club night {seed}",
            starts_on=datetime.date(2026, 12, 4),
            ends_on=datetime.date(2026, 12, 4),
            ruleset="bar",
            table_size=4,
            rounds=1,
            swiss=False,
            by=boss,
            seed=seed,
        )
        for entrant in last_night.entrants.order_by("pk"):
            add_entrant(tournament=tonight, member=entrant.member)

        drawn = draw_tonight(tournament=tonight)

        # Two tables of four from two tables of four: two of each, so 4 pairs meet again (the
        # fewest possible; three and one would make 6).
        now = tables_of(tonight, 1)
        assert sorted(len(table & old) for table in now for old in before) == [2, 2, 2, 2]
        assert drawn.repeats == 4
        assert Round.objects.get(tournament=tonight).method == METHOD


def test_a_second_tap_on_an_old_page_is_refused_rather_than_drawn_twice() -> None:
    tonight = club_night(secretary("boss"), players=8, rounds=2)
    draw_tonight(tournament=tonight, seen=0)

    with pytest.raises(ValidationError, match="a moment ago"):
        draw_tonight(tournament=tonight, seen=0)

    assert Round.objects.filter(tournament=tonight).count() == 1


def test_the_secretary_draws_tonights_round_from_the_day_page(client: Client) -> None:
    boss = secretary("boss")
    client.force_login(boss)
    tonight = club_night(boss, players=8, rounds=1)

    page = client.get(reverse("tournaments:detail", args=[tonight.pk])).content.decode()
    drawn = client.post(
        reverse("tournaments:draw", args=[tonight.pk]), {"tonight": "1"}, follow=True
    )

    assert 'id="draw-tonight"' in page
    assert "Drawn from the season&#x27;s meetings: round 1." in drawn.content.decode()
    assert Seat.objects.filter(round__tournament=tonight).count() == 8


def test_tonight_s_players_hear_of_the_draw_once_it_commits(
    django_capture_on_commit_callbacks: Any,
) -> None:
    tonight = club_night(secretary("boss"), players=8, rounds=2)
    Member.objects.filter(known_as="Ann").update(email="ann@example.org")

    with django_capture_on_commit_callbacks(execute=True):
        draw_tonight(tournament=tonight)

    assert [message.to for message in mail.outbox] == [["ann@example.org"]]
    assert mail.outbox[0].subject == f"The draw of {tonight.name} is out"
