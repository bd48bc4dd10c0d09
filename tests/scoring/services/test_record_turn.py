"""record_turn: once per request key, in order, only as the rules allow, only by the scorer."""

from __future__ import annotations

import uuid
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from scoring.models import Game, GameStatus, Turn
from scoring.services.turns import StaleTurn
from tests.postgres import RATINGS_LOCK_QUERIES
from tests.scoring.services.helpers import (
    fill_game,
    five_dice,
    member,
    new_game,
    play,
    play_boxes,
    scorer_of,
    secretary,
)

pytestmark = pytest.mark.django_db


def test_a_turn_is_recorded_with_the_box_and_score_the_engine_gives() -> None:
    game = new_game("balut")
    before = game.updated_at
    key = uuid.uuid4()

    recorded = play(game, five_dice(game, "fours", "44412"), key=key)

    assert recorded.repeated is False
    turn = Turn.objects.get(game=game)
    assert (turn.number, turn.box, turn.score) == (0, "fours", 12)
    assert turn.player.name == "Ann"
    assert turn.record == {"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}
    assert turn.request_key == key
    assert turn.recorded_by == scorer_of(game)
    game.refresh_from_db()
    assert game.updated_at > before
    assert game.status == GameStatus.IN_PROGRESS
    assert recorded.live.turn_count == 1
    assert recorded.live.recent_keys == (str(key),)
    assert recorded.live.next_player is not None
    assert recorded.live.next_player.name == "Ben"


def test_the_same_request_key_twice_records_once_and_answers_as_the_first_time() -> None:
    game = new_game("balut")
    key = uuid.uuid4()
    record = five_dice(game, "fours", "44412")

    first = play(game, record, key=key, expected=0)
    again = play(game, record, key=key, expected=0)

    assert Turn.objects.filter(game=game).count() == 1
    assert again.repeated is True
    assert again.turn == first.turn
    assert (again.turn.box, again.turn.score) == ("fours", 12)
    assert again.live.turn_count == 1


def test_a_retry_of_the_turn_that_finished_the_game_answers_as_recorded() -> None:
    game = new_game("bar")
    fill_game(game, leave=1)
    key = uuid.uuid4()
    last = five_dice(game, "balut", "66666")
    first = play(game, last, key=key)
    game.refresh_from_db()
    assert game.is_finished

    again = play(game, last, key=key, expected=first.turn.number)

    assert again.repeated is True
    assert again.turn == first.turn
    assert Turn.objects.filter(game=game).count() == 14


def test_a_turn_sent_for_a_stale_number_raises_stale_turn_and_writes_nothing() -> None:
    game = new_game("balut")
    play(game, five_dice(game, "fours", "44412"))

    with pytest.raises(StaleTurn, match="moved on: turn 2 is next"):
        play(game, five_dice(game, "fives", "55512"), expected=0)
    with pytest.raises(StaleTurn):
        play(game, five_dice(game, "fives", "55512"), expected=7)

    assert Turn.objects.filter(game=game).count() == 1


def test_a_turn_another_tablet_stored_at_the_same_moment_is_refused_in_the_readers_language() -> (
    None
):
    # The database's unique (game, number) is what catches two tablets racing past the lock
    # (SQLite has no row lock): the loser's insert fails, and it is told so in its language.
    game = new_game("balut")
    raced = IntegrityError("UNIQUE constraint failed: scoring_turn.game_id, scoring_turn.number")

    with (
        mock.patch.object(Turn, "save", side_effect=raced),
        translation.override("de"),
        pytest.raises(StaleTurn, match="Ein anderes Tablet hat im selben Moment"),
    ):
        play(game, five_dice(game, "fours", "44412"))

    assert not Turn.objects.filter(game=game).exists()


def test_a_stale_turn_is_refused_even_when_its_dice_are_fine_for_the_next_player() -> None:
    game = new_game("balut")
    stale = five_dice(game, "fours", "44412")
    play(game, five_dice(game, "fours", "44412"))

    with pytest.raises(StaleTurn):
        play(game, stale, expected=0)

    assert list(Turn.objects.filter(game=game).values_list("number", flat=True)) == [0]


def _full_box(game: Game) -> dict[str, object]:
    play_boxes(game, [("fours", "44412"), ("fours", "44123")])
    return five_dice(game, "fours", "44441")


def _die_of_seven(game: Game) -> dict[str, object]:
    return {"player": "Ann", "box": "fours", "dice": [4, 4, 7, 1, 2]}


def _wrong_player(game: Game) -> dict[str, object]:
    return {"player": "Ben", "box": "fours", "dice": [4, 4, 4, 1, 2]}


def _forged_player(game: Game) -> dict[str, object]:
    return {"player": "Zed", "box": "fours", "dice": [4, 4, 4, 1, 2]}


def _player_of_another_game(game: Game) -> dict[str, object]:
    new_game("bar", ["Ann", "Cy"])
    return {"player": "Cy", "box": "fours", "dice": [4, 4, 4, 1, 2]}


def _not_a_box(game: Game) -> dict[str, object]:
    return {"player": "Ann", "box": "fours_jackpot", "dice": [4, 4, 4, 1, 2]}


def _strike_outside_jackpot(game: Game) -> dict[str, object]:
    return {"player": "Ann", "box": "fours", "dice": [4, 4, 4, 1, 2], "strike": True}


def _four_dice(game: Game) -> dict[str, object]:
    return {"player": "Ann", "box": "fours", "dice": [4, 4, 4, 1]}


@pytest.mark.parametrize(
    ("make_turn", "message"),
    [
        (_full_box, "Ann has no open Fours box: it is filled"),
        (_die_of_seven, "7 is not a face of a die"),
        (_wrong_player, "it is Ann's turn, not Ben's"),
        (_forged_player, "'Zed' is not a player in this game"),
        (_player_of_another_game, "'Cy' is not a player in this game"),
        (_not_a_box, "'fours_jackpot' is not a box in Bar Balut"),
        (_strike_outside_jackpot, "only a jackpot box can be struck"),
        (_four_dice, "5 dice expected, 4 given"),
    ],
)
def test_a_turn_the_rules_refuse_raises_a_validation_error_and_writes_nothing(
    make_turn: object, message: str
) -> None:
    game = new_game("bar")
    assert callable(make_turn)
    record = make_turn(game)
    count = Turn.objects.filter(game=game).count()
    updated_at = Game.objects.get(pk=game.pk).updated_at

    with pytest.raises(ValidationError, match=message) as refused:
        play(game, record)

    assert not isinstance(refused.value, StaleTurn)
    assert Turn.objects.filter(game=game).count() == count
    assert Game.objects.get(pk=game.pk).updated_at == updated_at


def test_someone_who_is_not_the_scorer_or_secretary_is_refused() -> None:
    game = new_game("balut", ["Ann", "Ben"])
    ben = User.objects.get(member__known_as="Ben")
    outsider = member("Dee").user

    for user in (ben, outsider):
        with pytest.raises(PermissionDenied):
            play(game, five_dice(game, "fours", "44412"), by=user)

    assert not Turn.objects.filter(game=game).exists()


def test_the_secretary_may_record_a_turn_for_the_scorer() -> None:
    game = new_game("balut")
    clerk = secretary()

    recorded = play(game, five_dice(game, "fours", "44412"), by=clerk)

    assert recorded.turn.recorded_by == clerk


def test_the_last_turn_finishes_the_game() -> None:
    game = new_game("bar")
    fill_game(game, leave=1)
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS and game.finished_at is None

    recorded = play(game, five_dice(game, "balut", "66666"))

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.finished_at is not None
    assert recorded.live.state.complete
    assert recorded.live.next_player is None


def test_a_turn_after_the_game_is_finished_is_refused() -> None:
    game = new_game("bar")
    fill_game(game)
    game.refresh_from_db()
    assert game.is_finished

    with pytest.raises(ValidationError, match="The game is over"):
        play(game, {"player": "Ann", "box": "fours", "dice": [4, 4, 4, 1, 2]})
    with pytest.raises(ValidationError, match="The game is over"):
        play(game, {"player": "Ann", "box": "fours", "dice": [4, 4, 4, 1, 2]}, by=secretary())

    assert Turn.objects.filter(game=game).count() == 14


def test_the_database_refuses_a_second_turn_with_the_same_number() -> None:
    game = new_game("balut")
    first = play(game, five_dice(game, "fours", "44412")).turn

    with pytest.raises(IntegrityError), transaction.atomic():
        Turn.objects.create(game=game, number=0, player=first.player, record=first.record, score=12)

    assert Turn.objects.filter(game=game).count() == 1


def test_the_database_refuses_a_second_turn_with_the_same_request_key() -> None:
    game = new_game("balut")
    key = uuid.uuid4()
    first = play(game, five_dice(game, "fours", "44412"), key=key).turn

    with pytest.raises(IntegrityError), transaction.atomic():
        Turn.objects.create(
            game=game, number=1, player=first.player, record=first.record, score=12, request_key=key
        )

    assert Turn.objects.filter(game=game).count() == 1


def test_the_same_request_key_may_serve_two_games() -> None:
    key = uuid.uuid4()
    one, two = new_game("balut"), new_game("bar")

    play(one, five_dice(one, "fours", "44412"), key=key)
    recorded = play(two, five_dice(two, "fours", "44412"), key=key)

    assert recorded.repeated is False
    assert Turn.objects.filter(request_key=key).count() == 2


# What one turn costs: lock the game, read with its scorer and any turn of the same request key
# (one query), the insert (no savepoint of its own: a refused insert ends the turn), the game's
# update, and the service's own savepoint (2) inside the test's transaction. The players and
# the turns are not read again: the engine state is the one kept from the turn before
# (scoring.live_games), from the game's start for the first.
QUERIES_PER_TURN = 5
# The turn that finishes the game books it in the same transaction (league.services.books): the
# stored rows (the house rules are the game's own, read with it: no query of the club's settings
# any more), their insert, the winning runs (one read of every member's last row before the game
# and rows from it on, and an update), one upsert a tally (four) and one for the club's count of
# the kind's games (KindTally, which the records page reads), the booked debts (their last
# sequence with them), their insert, the seasons the game finished in (none here: no standings
# to sum) and the booking's stamp; the member figures need no savepoint of their own. Then the
# ratings (league.upper_books): the changes from the game on, the players' ratings, and the
# game's changes and its players' ratings inserted (4; on PostgreSQL the kind's advisory lock
# first). Then the teams' book asks whether the game is a table of a team match, whose card
# would follow it (1).
QUERIES_TO_BOOK_A_BAR_GAME_OF_TWO_MEMBERS = 18 + RATINGS_LOCK_QUERIES


def test_an_ordinary_turn_costs_the_same_and_the_finishing_turn_adds_its_booking() -> None:
    first_game, last_game = new_game("bar"), new_game("bar", ["Ann", "Ben"])
    fill_game(last_game, leave=1)
    middle_game = new_game("bar", ["Ann", "Ben"])
    fill_game(middle_game, leave=2)
    first = five_dice(first_game, "fours", "44412")
    middle = five_dice(middle_game, "balut", "66666")
    last = five_dice(last_game, "balut", "66666")
    first_scorer, last_scorer = scorer_of(first_game), scorer_of(last_game)
    middle_scorer = scorer_of(middle_game)

    with CaptureQueriesContext(connection) as first_turn:
        play(first_game, first, by=first_scorer, expected=0)
    with CaptureQueriesContext(connection) as middle_turn:
        play(middle_game, middle, by=middle_scorer, expected=12)
    with CaptureQueriesContext(connection) as last_turn:
        play(last_game, last, by=last_scorer, expected=13)

    last_game.refresh_from_db()
    assert last_game.is_finished
    assert len(first_turn) == len(middle_turn) == QUERIES_PER_TURN, [
        q["sql"] for q in middle_turn.captured_queries
    ]
    assert len(last_turn) == QUERIES_PER_TURN + QUERIES_TO_BOOK_A_BAR_GAME_OF_TWO_MEMBERS, [
        q["sql"] for q in last_turn.captured_queries
    ]
