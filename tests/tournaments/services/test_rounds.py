"""Drawing a tournament's rounds, starting tables' games, and the day's standings."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scoring.models import Game
from scoring.services.games import void_game
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary
from tests.tournaments.helpers import club_night, finish, start_rounds
from tournaments.models import Seat, Table
from tournaments.selectors import rounds, standings
from tournaments.services.entries import add_entrant, create_tournament, drop_entrant, substitute
from tournaments.services.rounds import draw_rounds, start_table

pytestmark = pytest.mark.django_db


def seated(round_number: int, tournament_id: int) -> list[int]:
    return sorted(
        Seat.objects.filter(
            round__tournament_id=tournament_id, round__number=round_number
        ).values_list("entrant_id", flat=True)
    )


def test_a_drawn_day_seats_every_entrant_once_in_every_round() -> None:
    boss = secretary()
    tournament = club_night(boss)

    drawn = draw_rounds(tournament=tournament)

    assert [r.number for r in drawn] == [1, 2, 3]
    everyone = sorted(tournament.entrants.values_list("pk", flat=True))
    for number in (1, 2, 3):
        assert seated(number, tournament.pk) == everyone
    assert [len(view.tables) for view in rounds(tournament)] == [3, 3, 3]


def test_a_tables_game_is_seated_as_drawn_and_scored_by_its_first_member() -> None:
    boss = secretary()
    tournament = club_night(boss)
    draw_rounds(tournament=tournament)
    table = Table.objects.filter(round__number=1).order_by("number").first()
    assert table is not None

    game = start_table(table=table, by=boss)

    names = [s.entrant.name for s in table.seats.order_by("seat")]
    assert [p.name for p in game.players.order_by("seat")] == names
    first_member = next(s.entrant.member for s in table.seats.order_by("seat") if s.entrant.member)
    assert game.scorer == first_member
    # A second tap gets the game the first one started, not a second game.
    assert start_table(table=table, by=boss) == game
    assert Game.objects.count() == 1


def test_the_standings_follow_finished_and_voided_games() -> None:
    boss = secretary()
    tournament = club_night(boss)
    draw_rounds(tournament=tournament)
    table = Table.objects.filter(round__number=1).order_by("number").first()
    assert table is not None
    assert all(row.games == 0 for row in standings(tournament))

    game = finish(start_table(table=table, by=boss))

    played = [row for row in standings(tournament) if row.games]
    assert len(played) == 4
    assert played == standings(tournament)[:4]
    assert all(row.score > 0 for row in played)
    void_game(game=game, by=boss, reason="Wrong table")
    assert all(row.games == 0 for row in standings(tournament))


def test_a_drop_out_and_a_late_entry_redraw_the_rounds_not_started() -> None:
    boss = secretary()
    tournament = club_night(boss)
    draw_rounds(tournament=tournament)
    for table in Table.objects.filter(round__number=1):
        start_table(table=table, by=boss)
    leaving = tournament.entrants.get(name="Ann")

    drop_entrant(entrant=leaving)
    late = add_entrant(tournament=tournament, member=member("Max"))
    draw_rounds(tournament=tournament)

    assert leaving.pk in seated(1, tournament.pk)
    assert leaving.pk not in seated(2, tournament.pk)
    assert late.pk in seated(2, tournament.pk) and late.pk not in seated(1, tournament.pk)
    assert late.joined_round == 2


def test_a_substitute_takes_the_place_from_the_next_round() -> None:
    boss = secretary()
    tournament = club_night(boss)
    draw_rounds(tournament=tournament)
    for table in Table.objects.filter(round__number=1):
        start_table(table=table, by=boss)

    new = substitute(entrant=tournament.entrants.get(name="Ida"), guest_name="Ned")
    draw_rounds(tournament=tournament)

    assert new.pk in seated(3, tournament.pk)
    assert tournament.entrants.get(name="Ida").left_after == 1


def test_keep_apart_entrants_never_share_a_table() -> None:
    boss = secretary()
    tournament = club_night(boss)
    tournament.entrants.filter(name__in=["Ann", "Ben", "Cy"]).update(apart="family")

    draw_rounds(tournament=tournament)

    for view in rounds(tournament):
        for table in view.tables:
            assert len({e.name for e in table.players} & {"Ann", "Ben", "Cy"}) <= 1


def test_a_swiss_day_draws_one_round_at_a_time() -> None:
    boss = secretary()
    tournament = club_night(boss, swiss=True)

    assert [r.number for r in draw_rounds(tournament=tournament)] == [1]
    for table in Table.objects.filter(round__number=1):
        finish(start_table(table=table, by=boss))

    assert [r.number for r in draw_rounds(tournament=tournament)] == [2]


def test_a_table_of_guests_only_cannot_start_without_a_member_to_score() -> None:
    boss = secretary()
    tournament = club_night(boss, players=12)
    tournament.entrants.exclude(name__in=["Ida", "Jon", "Kim", "Lou"]).update(apart="")
    draw_rounds(tournament=tournament)
    table = Table.objects.filter(round__number=1).first()
    assert table is not None
    Seat.objects.filter(table=table).delete()
    guests = tournament.entrants.filter(member__isnull=True)[:2]
    for seat, entrant in enumerate(guests):
        Seat.objects.filter(round=table.round, entrant=entrant).delete()
        Seat.objects.create(round=table.round, table=table, seat=seat, entrant=entrant)

    with pytest.raises(ValidationError, match="member must score"):
        start_table(table=table, by=boss)


def test_drawing_a_day_of_one_player_is_refused() -> None:
    boss = secretary()
    tournament = club_night(boss, players=1)

    with pytest.raises(ValidationError, match="two players"):
        draw_rounds(tournament=tournament)


def test_each_round_counts_only_the_pairs_that_meet_again_in_it() -> None:
    boss = secretary()
    tournament = club_night(boss)

    drawn = draw_rounds(tournament=tournament)

    # Twelve at three tables of four: round 1 has no repeat, rounds 2 and 3 three each.
    assert [r.repeats for r in drawn] == [0, 3, 3]


def test_each_round_keeps_why_its_pairs_meet_again_at_the_table_they_share() -> None:
    boss = secretary()
    tournament = club_night(boss)

    drawn = draw_rounds(tournament=tournament)

    for round_ in drawn:
        assert len(round_.explanations) == round_.repeats
        for explained in round_.explanations:
            table = Table.objects.get(round=round_, number=explained["table"])
            sitting = set(table.seats.values_list("entrant_id", flat=True))
            assert set(explained["players"]) <= sitting
            # Twelve at three tables of four: each table seats more than there are tables.
            assert explained["reason"] == "crowded"
            assert (explained["tables"], explained["largest"]) == (3, 4)


def test_a_round_without_repeats_keeps_no_explanation() -> None:
    tournament = club_night(secretary(), rounds=1)

    (round_,) = draw_rounds(tournament=tournament)

    assert round_.explanations == []


def test_the_standings_follow_the_days_own_tie_breakers_and_name_the_one_that_decided() -> None:
    boss = secretary()
    tournament = club_night(boss)
    # Nobody throws a Balut here: the total score decides everything.
    tournament.tiebreakers = ["baluts", "score"]
    tournament.save()
    start_rounds(tournament, boss, up_to=1, tables=1, played=True)

    ranked = standings(tournament)

    played, unplayed = ranked[:4], ranked[4:]
    assert all(row.games == 1 and row.rank == 1 and row.decided_by == "" for row in played)
    assert unplayed[0].decided_by == "Total score"
    # The eight who have not played are level on both: one rank, in the order they entered.
    assert {row.rank for row in unplayed} == {5}
    assert [row.entrant.number for row in unplayed] == sorted(r.entrant.number for r in unplayed)
    assert all(row.decided_by == "" for row in unplayed[1:])


def test_a_new_day_ranks_by_points_then_total_score_then_baluts_until_the_club_chooses() -> None:
    tournament = club_night(secretary())
    by_points = create_tournament(
        in_club=the_club(),
        name="Balut cup",
        starts_on=tournament.starts_on,
        ends_on=tournament.ends_on,
        ruleset="balut",
        table_size=4,
        rounds=2,
        swiss=False,
        by=secretary("boss"),
    )

    # Bar has no game points: its total score ranks first.
    assert tournament.tiebreakers == ["score", "wins", "baluts"]
    assert by_points.tiebreakers == ["points", "score", "baluts"]
