"""4-Dice Barbut games: winning at 7500, ranking, and what a finished game reports."""

from __future__ import annotations

import pytest

from scoring.rules import (
    BarbutTurn,
    InvalidRecord,
    TurnNotAllowed,
    result,
    result_to_json,
    score_record,
)
from tests.scoring.rules.barbut_helpers import (
    BUST,
    SIX_SIXES,
    as_json,
    bank,
    bust,
    lose_and_win_back,
    new_game,
    play,
    ranks,
    throw,
    throws_worth,
)

# Winning


def test_banking_exactly_7500_wins_ends_the_game_and_refuses_a_further_turn() -> None:
    game = new_game()
    outcome = bank(game, 7500)
    assert outcome.won
    assert game.complete and game.winner == 0 and game.next_seat is None
    with pytest.raises(TurnNotAllowed):
        game.play(BarbutTurn(seat=1, throws=(throw(BUST),)))


def test_a_record_with_a_turn_after_the_win_is_already_over() -> None:
    turns = [
        {"player": "Ann", "throws": as_json(throws_worth(7500))},
        {"player": "Ben", "throws": as_json([throw(BUST)])},
    ]
    record = {"ruleset": "barbut4", "players": ["Ann", "Ben"], "turns": turns}
    with pytest.raises(InvalidRecord, match="already over") as error:
        score_record(record)
    assert error.value.turn == 1


def test_banking_just_under_7500_does_not_win() -> None:
    game = new_game()
    assert not bank(game, 7450).won
    assert not game.complete and game.next_seat == 1


def test_points_won_back_by_six_sixes_do_not_end_the_game_even_above_7500() -> None:
    game = new_game()
    outcome = lose_and_win_back(game, 7400, 200)
    assert (outcome.score, outcome.won) == (7600, False)
    assert not game.complete and game.winner is None and game.next_seat == 1


def test_a_player_above_7500_by_points_won_back_wins_at_the_next_bank() -> None:
    game = new_game()
    lose_and_win_back(game, 7400, 200)  # Ann: 7600
    bust(game)
    assert not bust(game).won  # a bust is no bank
    bust(game)
    outcome = bank(game, 50)
    assert (outcome.score, outcome.won) == (7650, True)
    assert game.complete and game.winner == 0


# Ranking and result


def test_ranking_puts_the_winner_first_then_the_others_by_score_sharing_places() -> None:
    game = new_game(players=4)
    bust(game)
    bank(game, 300)
    bank(game, 300)
    bank(game, 100)
    bank(game, 7500)
    assert ranks(game) == [1, 2, 2, 4]


def test_the_winner_ranks_first_even_below_a_player_with_points_won_back() -> None:
    game = new_game()
    bank(game, 100)
    bank(game, 7400)
    bust(game)
    play(game, throw(SIX_SIXES))  # Ben: 0, 7400 lost
    bust(game)
    bank(game, 700)
    bust(game)
    play(game, throw(SIX_SIXES))  # Ben: 8100, not a winner
    bank(game, 7400)  # Ann: 7500, wins
    assert game.scores == [7500, 8100]
    assert ranks(game) == [1, 2]
    assert [player.winner for player in result(game).players] == [True, False]


def test_a_game_without_a_winner_ranks_by_score_sharing_places() -> None:
    game = new_game(players=3)
    bust(game)
    bank(game, 300)
    bank(game, 300)
    assert ranks(game) == [3, 1, 1]
    assert not result(game).complete


def test_barbut_keeps_no_drinks_and_counts_no_baluts() -> None:
    game = new_game(players=3)
    bank(game, 7500)
    scored = result(game)
    assert scored.drinks == ()
    assert scored.baluts is None
    assert all(player.baluts == 0 for player in scored.players)
    document = result_to_json(scored)
    assert document["drinks"] == [] and document["baluts"] is None
    players = document["players"]
    assert isinstance(players, list)
    assert [player["points"] for player in players] == [None, None, None]
