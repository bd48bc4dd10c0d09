"""The cut to a final table: only after the last round, the top of the standings seated, the
final's game deciding the top places, and the undo until it starts."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import rules
from scoring.models import Game
from scoring.selectors import load_game
from scoring.services.games import void_game
from tests.scoring.services.helpers import five_dice, play, secretary
from tests.tournaments.helpers import club_night, start_rounds
from tournaments.models import Round, Table, Tournament
from tournaments.selectors import cut_refusal, standings
from tournaments.services.final import cut_to_final, undo_final
from tournaments.services.rounds import draw_rounds, start_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss() -> User:
    return secretary("boss")


def played_day(boss: User) -> Tournament:
    tournament = club_night(boss)
    start_rounds(tournament, boss, up_to=3, played=True)
    return tournament


def play_final_won_by_the_last_seat(game: Game) -> None:
    """Every seat throws 44412 in its first open box, but the last seat throws 66666."""
    last = game.players.count() - 1
    while True:
        state = load_game(game).state
        assert isinstance(state, rules.FiveDiceGame)
        seat = state.next_seat
        if seat is None or state.turn_count >= state.total_turns:
            return
        dice = "66666" if seat == last else "44412"
        play(game, five_dice(game, state.open_boxes(seat)[0], dice))


def test_the_cut_waits_for_every_table_of_the_last_round(boss: User) -> None:
    tournament = club_night(boss)
    start_rounds(tournament, boss, up_to=3, played=False)

    assert "must finish" in cut_refusal(tournament)
    with pytest.raises(ValidationError, match="must finish"):
        cut_to_final(tournament=tournament)
    assert not Round.objects.filter(final=True).exists()


def test_the_cut_seats_the_top_of_the_standings_a_tables_worth_leader_first(boss: User) -> None:
    tournament = played_day(boss)
    before = [row.entrant.pk for row in standings(tournament)]

    final = cut_to_final(tournament=tournament)

    assert (final.number, final.final) == (4, True)
    (table,) = final.tables.all()
    assert list(table.seats.order_by("seat").values_list("entrant_id", flat=True)) == before[:4]
    assert [row.entrant.pk for row in standings(tournament)] == before
    with pytest.raises(ValidationError, match="seated already"):
        cut_to_final(tournament=tournament)
    with pytest.raises(ValidationError, match="undo the cut"):
        draw_rounds(tournament=tournament)


def test_the_finals_game_decides_the_top_places_and_adds_nothing_to_the_totals(boss: User) -> None:
    tournament = played_day(boss)
    before = standings(tournament)
    totals = {row.entrant.pk: row.points for row in before}
    final = cut_to_final(tournament=tournament)
    table = final.tables.get()

    play_final_won_by_the_last_seat(start_table(table=table, by=boss))

    # The rounds' results and the final's places in one read, after the entrants.
    with CaptureQueriesContext(connection) as queries:
        after = standings(tournament)
    assert len(queries.captured_queries) == 2
    fourth = before[3].entrant.pk
    assert after[0].entrant.pk == fourth and after[0].final_place == 1
    assert [row.rank for row in after[:4]] == [1, 2, 3, 4]
    assert {row.entrant.pk for row in after[:4]} == {row.entrant.pk for row in before[:4]}
    assert [row.entrant.pk for row in after[4:]] == [row.entrant.pk for row in before[4:]]
    assert all(row.rank >= 5 and row.final_place is None for row in after[4:])
    assert {row.entrant.pk: row.points for row in after} == totals


def test_a_voided_final_leaves_the_rounds_order_standing(boss: User) -> None:
    tournament = played_day(boss)
    before = [row.entrant.pk for row in standings(tournament)]
    table = cut_to_final(tournament=tournament).tables.get()
    game = start_table(table=table, by=boss)
    play_final_won_by_the_last_seat(game)

    void_game(game=game, by=boss, reason="Wrong players")

    assert [row.entrant.pk for row in standings(tournament)] == before


def test_the_cut_is_undone_until_the_finals_game_starts(boss: User) -> None:
    tournament = played_day(boss)
    cut_to_final(tournament=tournament)

    undo_final(tournament=tournament)

    assert not Round.objects.filter(final=True).exists()
    table = cut_to_final(tournament=tournament).tables.get()
    start_table(table=table, by=boss)
    with pytest.raises(ValidationError, match="can no longer be undone"):
        undo_final(tournament=tournament)
    assert Table.objects.filter(round__final=True).count() == 1


def test_who_dropped_out_is_left_out_of_the_final(boss: User) -> None:
    tournament = played_day(boss)
    leader = standings(tournament)[0].entrant
    leader.left_after = 3
    leader.save()

    table = cut_to_final(tournament=tournament).tables.get()

    assert leader.pk not in set(table.seats.values_list("entrant_id", flat=True))
    assert table.seats.count() == 4
