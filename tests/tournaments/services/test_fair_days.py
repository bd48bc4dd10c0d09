"""A day where players have played different numbers of games (a drop-out, a late entry, a
void) ranks them fairly as the organiser asks; a voided table plays again; many enter at once;
the scorer named before a game starts is the one the app picks."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from league.models import PlayerResultRow
from scoring.models import Game
from scoring.services.games import void_game
from tests.scoring.services.helpers import member, secretary
from tests.tournaments.helpers import club_night, finish
from tournaments.exports import scorer_line
from tournaments.models import ReplacedGame, Seat, Table, Tournament
from tournaments.selectors import StandingRow, finalists, rounds, standings
from tournaments.services.entries import add_entrant, add_entrants, drop_entrant
from tournaments.services.rounds import draw_rounds, replay_table, start_table

pytestmark = pytest.mark.django_db


def play_round(tournament: Tournament, number: int) -> None:
    for table in Table.objects.filter(round__tournament=tournament, round__number=number):
        finish(start_table(table=table, by=tournament.created_by))


def points_each_game(tournament: Tournament, points: dict[str, int], others: int) -> None:
    """The league's rows of the day's games say these game points (negative ones included),
    and the day ranks by game points first (as a Balut day does)."""
    tournament.tiebreakers = ["points", "score"]
    tournament.save()
    for row in PlayerResultRow.objects.filter(game__tournament_table__round__tournament=tournament):
        row.points = points.get(row.player.name, others)
        row.save(update_fields=["points"])


@pytest.fixture
def day_with_a_drop_out() -> Tournament:
    """8 players, 3 rounds: Ann drops out after round 1 (one game, -2); the others play three
    games of -1 each (-3)."""
    tournament = club_night(secretary(), players=8)
    draw_rounds(tournament=tournament)
    play_round(tournament, 1)
    drop_entrant(entrant=tournament.entrants.get(name="Ann"))
    draw_rounds(tournament=tournament)
    play_round(tournament, 2)
    play_round(tournament, 3)
    points_each_game(tournament, {"Ann": -2}, others=-1)
    return tournament


def names(rows: list[StandingRow]) -> list[str]:
    return [row.entrant.name for row in rows]


def test_by_total_a_drop_out_with_one_game_leads_players_of_three(
    day_with_a_drop_out: Tournament,
) -> None:
    rows = standings(day_with_a_drop_out)

    assert names(rows)[0] == "Ann"
    assert (rows[0].points, rows[0].games) == (-2, 1)


def test_by_average_the_drop_out_is_ranked_on_the_game_played(
    day_with_a_drop_out: Tournament,
) -> None:
    day_with_a_drop_out.ranked_by = "average"
    day_with_a_drop_out.save()

    rows = standings(day_with_a_drop_out)

    assert names(rows)[-1] == "Ann"
    assert rows[-1].rank == 8 and rows[-1].ranked
    assert rows[0].points_a_game == -1.0


def test_below_the_minimum_of_games_a_player_is_listed_apart_unranked(
    day_with_a_drop_out: Tournament,
) -> None:
    day_with_a_drop_out.min_games = 3
    day_with_a_drop_out.save()

    rows = standings(day_with_a_drop_out)

    assert names(rows)[-1] == "Ann"
    assert not rows[-1].ranked and rows[-1].place == "–" and rows[-1].needed == 3
    assert all(row.ranked for row in rows[:-1])
    assert "Ann" not in names(finalists(day_with_a_drop_out))


def test_a_swiss_late_entrant_below_the_minimum_is_not_given_the_top_table() -> None:
    tournament = club_night(secretary(), players=8, swiss=True)
    tournament.min_games = 2
    tournament.save()
    draw_rounds(tournament=tournament)
    play_round(tournament, 1)
    add_entrant(tournament=tournament, guest_name="Max")
    draw_rounds(tournament=tournament)
    play_round(tournament, 2)
    # Max's one game was the day's best by far.
    points_each_game(tournament, {"Max": 40}, others=-1)

    draw_rounds(tournament=tournament)

    assert names(standings(tournament))[-1] == "Max"
    top = Seat.objects.filter(round__number=3, table__number=1).values_list(
        "entrant__name", flat=True
    )
    assert "Max" not in top


def test_a_voided_table_plays_again_and_keeps_its_void_in_history() -> None:
    boss = secretary()
    tournament = club_night(boss)
    draw_rounds(tournament=tournament)
    table = Table.objects.filter(round__number=1).order_by("number").first()
    assert table is not None
    voided = void_game(game=finish(start_table(table=table, by=boss)), by=boss, reason="Dice")
    assert all(row.games == 0 for row in standings(tournament))

    replay = replay_table(table=table, by=boss)
    finish(replay)

    table.refresh_from_db()
    assert table.game == replay and replay != voided
    assert list(ReplacedGame.objects.values_list("game", flat=True)) == [voided.pk]
    assert sum(row.games for row in standings(tournament)) == 4
    assert rounds(tournament)[0].tables[0].replaced == [voided.pk]
    # A second tap gets the replay, not a third game.
    assert replay_table(table=table, by=boss) == replay
    assert Game.objects.count() == 2


def test_a_table_not_started_cannot_be_replayed() -> None:
    boss = secretary()
    tournament = club_night(boss)
    draw_rounds(tournament=tournament)
    table = Table.objects.filter(round__number=1).first()
    assert table is not None

    with pytest.raises(ValidationError, match="has not started"):
        replay_table(table=table, by=boss)
    assert not Game.objects.exists()


def test_many_enter_at_once_members_matched_by_name_and_the_others_as_guests() -> None:
    tournament = club_night(secretary(), players=0)
    ann, ben = member("Ann"), member("Ben")

    added = add_entrants(tournament=tournament, members=[ann], names="ben\n\n  Ida  \nJon\n")

    assert [(e.number, e.name, e.member) for e in added] == [
        (1, "Ann", ann),
        (2, "Ben", ben),
        (3, "Ida", None),
        (4, "Jon", None),
    ]


@pytest.mark.parametrize(
    ("names", "said"),
    [
        ("Ida\nida", "Given twice: ida. Nobody was entered."),
        ("Zoe\nAnn", "Entered already: Ann. Nobody was entered."),
        ("", "Tick members or paste names, one a line."),
        ("Zoe\n" + "x" * 41, "A name is at most 40 letters"),
    ],
)
def test_a_list_with_a_name_twice_or_entered_already_enters_nobody(names: str, said: str) -> None:
    tournament = club_night(secretary(), players=0)
    add_entrant(tournament=tournament, member=member("Ann"))

    with pytest.raises(ValidationError) as refused:
        add_entrants(tournament=tournament, names=names)

    assert said in refused.value.messages[0]
    assert list(tournament.entrants.values_list("name", flat=True)) == ["Ann"]


def test_the_card_names_the_member_the_app_will_ask_to_score_not_a_guest_in_seat_one() -> None:
    boss = secretary()
    tournament = club_night(boss, players=0)
    add_entrants(tournament=tournament, names="Ida\nJon\nKim\nLou\nAnn\nBen\nCy\nDee")
    tournament.table_size = 8
    tournament.save()
    add_entrant(tournament=tournament, member=member("Eli"))
    add_entrant(tournament=tournament, member=member("Fay"))
    draw_rounds(tournament=tournament)
    # Two tables, two members: the draw seats one member at each (a table of guests only could
    # not start), so Eli is the one member at his table.
    view = next(t for t in rounds(tournament)[0].tables if any(p.name == "Eli" for p in t.players))

    scorer = view.scorer
    game = start_table(table=view.table, by=boss)

    assert scorer is not None and scorer.name == "Eli"
    assert game.scorer == scorer.member
    assert scorer_line(scorer) == "Seat 1 starts; Eli scores the game."
    assert "Nobody here is a member" in scorer_line(None)
