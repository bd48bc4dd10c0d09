"""4-Dice Barbut, row by row of RULES.md, with hand-worked points."""

from __future__ import annotations

import pytest

from scoring.rules import (
    BarbutTurn,
    RuleError,
    TurnInProgress,
    TurnNotAllowed,
    set_aside_options,
)
from tests.scoring.rules.barbut_helpers import (
    BUST,
    SIX_SIXES,
    bank,
    bust,
    keep_all,
    lose_and_win_back,
    new_game,
    play,
    refused,
    throw,
    turn_points,
)

# Scoring dice


def test_each_one_set_aside_scores_100_and_each_five_50() -> None:
    assert turn_points(throw([6, 1, 3, 2], [1])) == 100
    assert turn_points(throw([6, 5, 3, 2], [5])) == 50
    assert turn_points(throw([5, 1, 1, 2], [1, 1, 5])) == 250


@pytest.mark.parametrize(
    ("dice", "points"),
    [
        ([1, 1, 1, 1], 1000),
        ([2, 2, 2, 2], 200),
        ([3, 3, 3, 3], 300),
        ([4, 4, 4, 4], 400),
        ([5, 5, 5, 5], 500),
        ([3, 1, 4, 2], 200),
        ([5, 2, 4, 3], 300),
        ([6, 4, 3, 5], 400),
    ],
)
def test_a_four_dice_combination_set_aside_whole_scores_its_value(
    dice: list[int], points: int
) -> None:
    assert turn_points(keep_all(dice)) == points


def test_a_combination_replaces_the_single_values_in_it() -> None:
    assert turn_points(keep_all([1, 1, 1, 1])) == 1000  # not 1000 + 400
    assert turn_points(keep_all([5, 5, 5, 5])) == 500  # not 500 + 200
    assert turn_points(keep_all([2, 1, 4, 3])) == 200  # not 200 + 100
    assert turn_points(keep_all([4, 5, 3, 2])) == 300  # not 300 + 50
    assert turn_points(keep_all([1, 5, 5, 1])) == 300  # no combination: singles


def test_a_combination_counts_only_when_all_four_dice_are_set_aside() -> None:
    assert turn_points(throw([3, 4, 5, 6], [5])) == 50
    assert turn_points(throw([1, 1, 1, 1], [1, 1, 1])) == 300
    assert turn_points(throw([5, 5, 5, 5], [5, 5])) == 100


def test_a_three_dice_throw_of_2_3_4_is_a_bust() -> None:
    game = new_game()
    outcome = play(game, throw([1, 6, 6, 6], [1]), throw([3, 2, 4]))
    assert (outcome.end, outcome.points, outcome.forfeited) == ("bust", 0, 100)
    assert game.scores == [0, 0]


def test_a_die_set_aside_that_does_not_score_is_refused() -> None:
    refused(throw([1, 2, 3, 6], [1, 2]))
    refused(throw([1, 5, 6, 6], [1, 5, 6]))
    refused(throw([1, 2, 3, 4], [1, 2, 3]))  # part of 1-2-3-4 only when all four are set aside


def test_setting_aside_nothing_from_a_scoring_throw_is_refused() -> None:
    refused(throw([1, 2, 3, 6], []))


def test_setting_aside_a_die_that_was_not_thrown_is_refused() -> None:
    refused(throw([1, 2, 3, 6], [5]))
    refused(throw([1, 2, 3, 6], [1, 1]))


# set_aside_options


def test_set_aside_options_of_a_throw_with_a_one_and_a_five() -> None:
    assert set_aside_options((3, 1, 2, 5)) == [((1, 5), 150), ((1,), 100), ((5,), 50)]


def test_set_aside_options_offer_a_combination_first_then_singles() -> None:
    assert set_aside_options((6, 5, 4, 3)) == [((3, 4, 5, 6), 400), ((5,), 50)]
    assert set_aside_options((1, 1, 1, 1))[0] == ((1, 1, 1, 1), 1000)


def test_set_aside_options_of_a_three_dice_throw_have_no_combination() -> None:
    options = dict(set_aside_options((5, 1, 1)))
    assert options == {(1, 1, 5): 250, (1, 1): 200, (1, 5): 150, (1,): 100, (5,): 50}


@pytest.mark.parametrize("dice", [(2, 3, 4, 6), (6, 6, 6, 6), (2, 3, 4), (6,)])
def test_set_aside_options_of_a_throw_without_scoring_dice_are_empty(
    dice: tuple[int, ...],
) -> None:
    assert set_aside_options(dice) == []


# A turn


def test_a_turn_whose_last_throw_keeps_dice_is_banked() -> None:
    game = new_game()
    outcome = play(game, throw([1, 5, 3, 2], [1, 5]), throw([1, 4], [1]))
    assert (outcome.end, outcome.points, outcome.forfeited) == ("bank", 250, 0)
    assert outcome.score == game.scores[0] == 250


def test_a_bust_after_points_loses_the_turn_points_and_keeps_the_banked_score() -> None:
    game = new_game()
    bank(game, 150)
    bust(game)
    outcome = play(game, throw([1, 5, 3, 2], [1, 5]), throw([1, 4], [1]), throw([3]))
    assert (outcome.end, outcome.points, outcome.forfeited) == ("bust", 0, 250)
    assert game.scores == [150, 0]


def test_hot_dice_give_four_dice_again() -> None:
    assert turn_points(keep_all([1, 5, 1, 5]), throw([1, 6, 6, 2], [1])) == 400
    assert turn_points(throw([1, 6, 6, 2], [1]), keep_all([1, 5, 1]), keep_all([3, 4, 5, 6])) == 750


def test_throwing_other_than_four_dice_after_hot_dice_is_refused() -> None:
    refused(keep_all([1, 5, 1, 5]), throw([1, 6, 6], [1]))
    refused(throw([1, 6, 6, 2], [1]), keep_all([1, 5, 1]), throw([1], [1]))


def test_the_dice_thrown_must_be_the_dice_in_hand() -> None:
    refused(throw([1, 6, 6], [1]))  # the first throw is of four dice
    refused(throw([1, 6, 6, 2], [1]), throw([1, 6, 6, 2], [1]))  # three in hand, four thrown
    refused(throw([1, 6, 6, 2], [1]), throw([1, 6], [1]))  # three in hand, two thrown


def test_a_bust_must_be_the_last_throw_and_set_nothing_aside() -> None:
    refused(throw(BUST), throw([1, 5, 3, 2], [1]))
    refused(throw(BUST, [6]))


def test_six_sixes_must_be_the_last_throw_and_set_nothing_aside() -> None:
    refused(throw(SIX_SIXES), throw([1, 5, 3, 2], [1]))
    refused(keep_all(SIX_SIXES))


def test_six_sixes_ends_the_turn_and_loses_its_points() -> None:
    outcome = play(new_game(), keep_all([1, 1, 5, 5]), throw(SIX_SIXES))
    assert (outcome.end, outcome.points, outcome.forfeited) == ("six_sixes", 0, 300)


def test_first_six_sixes_puts_the_banked_points_aside_as_lost() -> None:
    game = new_game()
    bank(game, 650)
    bust(game)
    outcome = play(game, throw(SIX_SIXES))
    assert (outcome.score, outcome.lost) == (0, 650)
    assert (game.scores, game.lost) == ([0, 0], [650, 0])


def test_six_sixes_twice_returns_the_lost_points() -> None:
    game = new_game()
    outcome = lose_and_win_back(game, 650, 200)
    assert (outcome.score, outcome.lost) == (850, 0)
    assert (game.scores, game.lost) == ([850, 0], [0, 0])


# The tablet's turn in progress


TURNS = {
    "doc_example_bust": [throw([1, 5, 3, 2], [1, 5]), throw([1, 4], [1]), throw([3])],
    "banked_after_hot_dice": [
        keep_all([4, 2, 1, 3]),
        keep_all([2, 2, 2, 2]),
        throw([4, 1, 6, 5], [1, 5]),
        throw([6, 5], [5]),
    ],
    "six_sixes_after_hot_dice": [keep_all([1, 1, 5, 5]), throw(SIX_SIXES)],
    "single_five": [throw([3, 4, 5, 6], [5])],
}


@pytest.mark.parametrize("name", TURNS)
def test_a_turn_thrown_one_throw_at_a_time_scores_as_the_whole_turn(name: str) -> None:
    throws = TURNS[name]
    progress = TurnInProgress()
    for each in throws:
        progress.throw(each.dice, each.keep)
    if progress.end is None:
        progress.bank()
    outcome = play(new_game(), *throws)
    assert progress.end == outcome.end
    assert progress.points == outcome.points + outcome.forfeited


def test_turn_in_progress_counts_points_and_dice_in_hand() -> None:
    progress = TurnInProgress()
    progress.throw((1, 5, 3, 2), (1, 5))
    assert (progress.points, progress.in_hand, progress.end) == (150, 2, None)
    progress.throw((1, 4), (1,))
    assert (progress.points, progress.in_hand) == (250, 1)


def test_hot_dice_is_true_only_while_every_die_is_set_aside_and_the_turn_goes_on() -> None:
    progress = TurnInProgress()
    assert not progress.hot_dice  # nothing thrown yet
    progress.throw((1, 6, 6, 2), (1,))
    assert not progress.hot_dice
    progress.throw((5, 1, 1), (1, 1, 5))
    assert progress.hot_dice and progress.in_hand == 4
    progress.throw((2, 3, 4, 6), ())
    assert not progress.hot_dice and progress.end == "bust"


def test_a_finished_turn_takes_no_more_throws_and_cannot_be_banked() -> None:
    progress = TurnInProgress()
    progress.throw((6, 6, 6, 6), ())
    assert progress.end == "six_sixes"
    with pytest.raises(RuleError):
        progress.throw((1, 5, 3, 2), (1,))
    with pytest.raises(RuleError):
        progress.bank()
    with pytest.raises(RuleError):
        TurnInProgress().bank()  # nor can a turn with nothing thrown


def test_a_turn_out_of_seating_order_is_refused() -> None:
    game = new_game()
    with pytest.raises(TurnNotAllowed):
        game.play(BarbutTurn(seat=1, throws=(throw([1, 5, 3, 2], [1]),)))
