"""The engine state kept between turns: always the game's own, however the game moved on."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from scoring import live_games, rules
from scoring.models import Game
from scoring.selectors import load_game
from scoring.services.corrections import correct_turn
from tests.scoring.services.helpers import five_dice, new_game, play, scorer_of

pytestmark = pytest.mark.django_db


def same_as_replayed(live: live_games.LiveGame, game: Game) -> bool:
    loaded = load_game(Game.objects.get(pk=game.pk))
    return (
        live.state.history == loaded.state.history
        and live.result() == loaded.result()
        and live.recent_keys == live_games.LiveGame.from_loaded(loaded).recent_keys
    )


def locked(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def test_a_kept_state_is_used_as_it_is_without_reading_a_turn() -> None:
    game = new_game("balut")
    play(game, five_dice(game, "fours", "44412"))

    row = locked(game)
    with CaptureQueriesContext(connection) as queries:
        live = live_games.live_game(row)

    assert len(queries) == 0
    assert same_as_replayed(live, game)


def test_turns_another_server_process_recorded_are_read_and_played_on() -> None:
    game = new_game("balut")
    play(game, five_dice(game, "fours", "44412"))
    seen_here = live_games.live_game(locked(game))
    play(game, five_dice(game, "sixes", "66612"))
    play(game, five_dice(game, "fives", "55512"))
    # This process last saw the game two turns ago: another worker recorded the two since.
    live_games.keep(seen_here)

    row = locked(game)
    with CaptureQueriesContext(connection) as queries:
        live = live_games.live_game(row)

    assert len(queries) == 1
    assert live.turn_count == 3
    assert same_as_replayed(live, game)


def test_a_corrected_game_is_replayed_not_taken_from_the_kept_state() -> None:
    game = new_game("balut")
    play(game, five_dice(game, "fours", "44412"))
    play(game, five_dice(game, "sixes", "66612"))
    correct_turn(
        game=game,
        number=0,
        turn_record=five_dice(game, "fours", "44442") | {"player": "Ann"},
        reason="Misread a die",
        corrected_by=scorer_of(game),
    )

    live = live_games.live_game(locked(game))

    assert live.result().players[0].score == 16
    assert same_as_replayed(live, game)


def test_a_turn_rolled_back_leaves_the_game_as_it_was_for_the_next_turn() -> None:
    game = new_game("balut")
    play(game, five_dice(game, "fours", "44412"))
    with pytest.raises(RuntimeError), transaction.atomic():
        play(game, five_dice(game, "sixes", "66612"))
        raise RuntimeError("the connection dropped before the commit")

    live = live_games.live_game(locked(game))

    assert live.turn_count == 1
    assert same_as_replayed(live, game)
    play(game, five_dice(game, "fives", "55512"))
    assert [t.box for t in Game.objects.get(pk=game.pk).turns.order_by("number")] == [
        "fours",
        "fives",
    ]


def test_a_game_this_process_never_saw_is_replayed_once_then_kept() -> None:
    game = new_game("jackpot")
    play(game, five_dice(game, "fours", "44412"))
    live_games.forget_all()

    first = live_games.live_game(locked(game))
    row = locked(game)
    with CaptureQueriesContext(connection) as queries:
        again = live_games.live_game(row)

    assert isinstance(first.state, rules.FiveDiceGame)
    assert len(queries) == 0 and again.state is first.state
    assert same_as_replayed(first, game)
