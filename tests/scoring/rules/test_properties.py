"""Properties every game must keep, checked on random dice and random games."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules import (
    CATEGORIES,
    FIVE_DICE_RULES,
    BarbutGame,
    FiveDiceGame,
    FiveDiceTurn,
    GameResult,
    GameSetup,
    InvalidRecord,
    PlayerResult,
    Turn,
    TurnNotAllowed,
    parse_record,
    record_to_json,
    result,
    score_record,
)

from .strategies import (
    TURNS_PER_PLAYER,
    barbut_plans,
    barbut_setup,
    complete_five_dice_games,
    five_dice,
    five_dice_setups,
    json_values,
    partial_five_dice_games,
    play_barbut_game,
    random_barbut_turn,
    random_five_dice_turn,
    record_like,
    seeds,
)

MOST_T = {"balut": 812, "bar": 183}
MOST_BALUT_POINTS = 29

dice_settings = settings(max_examples=200, deadline=None)
game_settings = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
record_settings = settings(max_examples=200, deadline=None)


def ranking_key(player: PlayerResult) -> tuple[int, ...]:
    """What RULES.md ranks by: points then T; T alone in bar; the winner then score in Barbut."""
    if player.points is not None:
        return (player.points.total, player.score)
    return (int(player.winner), player.score)


def assert_ranks_are_shared_places(scored: GameResult) -> None:
    ranks = [player.rank for player in scored.players]
    assert all(1 <= rank <= len(ranks) for rank in ranks)
    assert 1 in ranks
    for one in scored.players:
        ahead = sum(1 for other in scored.players if ranking_key(other) > ranking_key(one))
        assert one.rank == 1 + ahead


def seats_by_round(game: FiveDiceGame) -> list[list[tuple[int, int]]]:
    """(seat, box score) of each turn, round by round, in the order they were played."""
    played = [(recorded.turn.seat, recorded.filled.score) for recorded in game.history]
    size = len(game.players)
    return [played[start : start + size] for start in range(0, len(played), size)]


def assert_reads_back(setup: GameSetup, turns: Sequence[Turn]) -> None:
    exported = json.loads(json.dumps(record_to_json(setup, turns)))
    record = parse_record(exported)
    assert record.setup == setup
    assert list(record.turns) == list(turns)


def assert_scored_or_invalid(document: object) -> None:
    try:
        scored = score_record(document)
    except InvalidRecord:
        return
    assert isinstance(scored, GameResult)


# Boxes and previews


@dice_settings
@given(ruleset=st.sampled_from(sorted(FIVE_DICE_RULES)), dice=five_dice)
def test_a_box_score_is_one_its_box_can_show(ruleset: str, dice: tuple[int, ...]) -> None:
    rules = FIVE_DICE_RULES[ruleset]
    for category in CATEGORIES:
        assert rules.box_score(category, dice) in rules.possible_scores(category)


@game_settings
@given(game=partial_five_dice_games(), dice=five_dice)
def test_what_dice_score_in_an_open_box_is_a_score_that_box_can_show(
    game: FiveDiceGame, dice: tuple[int, ...]
) -> None:
    seat = game.next_seat
    assert seat is not None
    for box in game.open_boxes(seat):
        assert game.enter(seat, box, dice).score in game.possible_paper_scores(seat, box)


@game_settings
@given(game=partial_five_dice_games(), dice=five_dice, pick=st.integers(min_value=0))
def test_the_preview_shows_what_entering_the_dice_scores(
    game: FiveDiceGame, dice: tuple[int, ...], pick: int
) -> None:
    seat = game.next_seat
    assert seat is not None
    previews = game.preview(dice)
    assert [preview.box for preview in previews] == game.open_boxes(seat)
    for preview in previews:
        assert preview.score == game.enter(seat, preview.box, dice).score
    chosen = previews[pick % len(previews)]
    assert game.play(FiveDiceTurn(seat=seat, box=chosen.box, dice=dice)).score == chosen.score


# Whole five-dice games


@game_settings
@given(game=complete_five_dice_games(rulesets=("balut", "bar")))
def test_a_total_never_exceeds_the_most_the_sheet_can_hold(game: FiveDiceGame) -> None:
    most = MOST_T[game.setup.ruleset]
    assert all(total <= most for total in game.subtotals())


@game_settings
@given(game=complete_five_dice_games(rulesets=("balut",)))
def test_balut_points_never_exceed_29(game: FiveDiceGame) -> None:
    for player in result(game).players:
        assert player.total_points is not None
        assert player.total_points <= MOST_BALUT_POINTS


@game_settings
@given(setup=five_dice_setups(), seed=seeds)
def test_a_game_is_complete_after_exactly_its_turns_and_no_sooner(
    setup: GameSetup, seed: int
) -> None:
    game = FiveDiceGame(setup)
    total = len(setup.players) * TURNS_PER_PLAYER[setup.ruleset]
    rnd = random.Random(seed)
    while game.turn_count < total:
        assert not game.complete and game.next_seat is not None
        game.play(random_five_dice_turn(game, rnd))
    assert game.complete and game.next_seat is None
    with pytest.raises(TurnNotAllowed):
        game.play(FiveDiceTurn(seat=0, box="choice", dice=(6, 6, 6, 6, 6)))


@game_settings
@given(game=partial_five_dice_games() | complete_five_dice_games())
def test_five_dice_ranks_are_shared_places_from_1(game: FiveDiceGame) -> None:
    assert_ranks_are_shared_places(result(game))


@game_settings
@given(game=complete_five_dice_games(rulesets=("bar",)))
def test_every_bar_round_has_each_player_throw_once(game: FiveDiceGame) -> None:
    players = len(game.players)
    for played in seats_by_round(game):
        assert Counter(seat for seat, _ in played) == Counter(range(players))


@game_settings
@given(game=complete_five_dice_games(rulesets=("bar",)))
def test_a_bar_round_starts_with_the_highest_box_before_then_goes_round_the_table(
    game: FiveDiceGame,
) -> None:
    players = len(game.players)
    rounds = seats_by_round(game)
    assert [seat for seat, _ in rounds[0]] == list(range(players))
    for previous, current in pairwise(rounds):
        best = max(score for _, score in previous)
        starter = next(seat for seat, score in previous if score == best)
        assert [seat for seat, _ in current] == [(starter + k) % players for k in range(players)]


@game_settings
@given(game=partial_five_dice_games() | complete_five_dice_games())
def test_an_exported_five_dice_game_reads_back_as_the_same_turns(game: FiveDiceGame) -> None:
    setup = game.setup
    assert isinstance(setup, GameSetup)  # what the engine's game reads of it is a Protocol
    assert_reads_back(setup, [recorded.turn for recorded in game.history])


# Barbut


@game_settings
@given(players=st.integers(min_value=2, max_value=8), seed=seeds)
def test_random_barbut_turns_of_legal_set_asides_are_accepted_and_scores_stay_whole(
    players: int, seed: int
) -> None:
    game = BarbutGame(barbut_setup(players))
    rnd = random.Random(seed)
    for _ in range(150):
        if game.complete:
            break
        outcome = game.play(random_barbut_turn(game, rnd))
        assert outcome.score >= 0 and outcome.lost >= 0
        assert all(score >= 0 for score in game.scores)


@game_settings
@given(plan=barbut_plans())
def test_barbut_ranks_are_shared_places_from_1(plan: tuple[GameSetup, int, int]) -> None:
    game, _ = play_barbut_game(*plan)
    assert_ranks_are_shared_places(result(game))


@game_settings
@given(plan=barbut_plans())
def test_an_exported_barbut_game_reads_back_as_the_same_turns(
    plan: tuple[GameSetup, int, int],
) -> None:
    _, turns = play_barbut_game(*plan)
    assert_reads_back(plan[0], turns)


# Records of any shape


@record_settings
@given(document=json_values)
def test_any_json_value_is_scored_or_refused_as_invalid(document: object) -> None:
    assert_scored_or_invalid(document)


@record_settings
@given(document=record_like)
def test_any_near_record_is_scored_or_refused_as_invalid(document: object) -> None:
    assert_scored_or_invalid(document)
