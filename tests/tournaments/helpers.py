"""A club night to test with: 12 entrants (members and guests) at tables of 4, bar games."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User

from scoring.models import Game
from tests.factories import the_club
from tests.scoring.services.helpers import fill_game, member
from tournaments.models import Table, Tournament
from tournaments.services.entries import add_entrant, create_tournament
from tournaments.services.rounds import draw_rounds, start_table

MEMBERS = ("Ann", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")
GUESTS = ("Ida", "Jon", "Kim", "Lou")


def club_night(by: User, *, rounds: int = 3, swiss: bool = False, players: int = 12) -> Tournament:
    tournament = create_tournament(
        in_club=the_club(),
        name="Club night",
        starts_on=datetime.date(2026, 11, 27),
        ends_on=datetime.date(2026, 11, 27),
        ruleset="bar",
        table_size=4,
        rounds=rounds,
        swiss=swiss,
        by=by,
        seed=1978,
    )
    for name in (MEMBERS + GUESTS)[:players]:
        if name in MEMBERS:
            add_entrant(tournament=tournament, member=member(name))
        else:
            add_entrant(tournament=tournament, guest_name=name)
    return tournament


def finish(game: Game) -> Game:
    fill_game(game)
    game.refresh_from_db()
    return game


def start_rounds(
    tournament: Tournament, by: User, *, up_to: int, tables: int | None = None, played: bool = False
) -> list[Game]:
    """Draw the day and start the games of its first rounds (of their first `tables` tables
    only, when given), played to the end when asked."""
    draw_rounds(tournament=tournament)
    games = []
    for number in range(1, up_to + 1):
        for table in Table.objects.filter(
            round__tournament=tournament, round__number=number
        ).order_by("number")[:tables]:
            game = start_table(table=table, by=by)
            games.append(finish(game) if played else game)
    return games
