"""Each game's description (RulesetInfo) says what the engine really does with that game."""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import given, settings

from scoring import rules
from scoring.rules import BarbutGame, FiveDiceGame, HouseRules, RuleError, ruleset_info
from scoring.rules.game_setup import SETUP_CHOICES_APPLY_TO

from .strategies import barbut_plans, complete_five_dice_games, play_barbut_game

NO_DRINKS = HouseRules(drinks_in_balut=False, drinks_in_jackpot=False)


@settings(max_examples=40, deadline=None)
@given(game=complete_five_dice_games())
def test_a_five_dice_game_is_as_its_description_says(game: FiveDiceGame) -> None:
    info = ruleset_info(game.setup.ruleset)
    played = rules.result(game)
    assert info.five_dice and info.dice == 5
    assert info.turns_per_player is not None
    assert game.total_turns == info.turns_per_player * len(game.players)
    assert all(tuple(sheet.boxes) == info.box_keys for sheet in game.sheets)
    assert all((player.points is not None) == info.scores_points for player in played.players)
    assert (played.baluts is not None) == info.counts_baluts
    assert game.rules.round_starters == info.round_starters
    assert info.jackpot_boxes == any(box.endswith("_jackpot") for box in info.box_keys)


@settings(max_examples=40, deadline=None)
@given(game=complete_five_dice_games())
def test_the_rounds_owed_are_booked_as_the_description_says(game: FiveDiceGame) -> None:
    # Someone always comes last in a finished game that is not friendly.
    info = ruleset_info(game.setup.ruleset)
    assert bool(rules.result(game, HouseRules()).drinks) == (info.drinks != "never")
    assert bool(rules.result(game, NO_DRINKS).drinks) == (info.drinks == "always")


@settings(max_examples=20, deadline=None)
@given(plan=barbut_plans())
def test_a_barbut_game_is_as_its_description_says(plan: tuple[rules.GameSetup, int, int]) -> None:
    setup, seed, turns = plan
    game, _ = play_barbut_game(setup, seed, turns)
    info = ruleset_info(setup.ruleset)
    played = rules.result(game, HouseRules())
    assert isinstance(game, BarbutGame) and not info.five_dice and info.dice == 4
    assert info.box_keys == () and info.turns_per_player is None
    assert (played.baluts is not None) == info.counts_baluts
    assert all((player.points is not None) == info.scores_points for player in played.players)
    assert info.drinks == "never" and played.drinks == ()
    assert info.winning_score is not None
    if game.winner is not None:
        assert game.scores[game.winner] >= info.winning_score


def test_the_default_register_is_the_described_one() -> None:
    described = {info.key: info.register_bounds for info in rules.RULESETS if info.register_bounds}
    assert rules.DEFAULT_HOUSE_RULES.register_bounds == described
    assert described, "some game keeps a register unless the club says otherwise"


def test_each_setup_choice_applies_where_the_descriptions_say() -> None:
    for choice, games in SETUP_CHOICES_APPLY_TO.items():
        assert games == tuple(info.key for info in rules.RULESETS if choice in info.setup_choices)
    option_fields = {field.name for field in fields(rules.Options)}
    for info in rules.RULESETS:
        assert set(info.option_names) <= option_fields
        assert set(info.option_names) <= set(info.setup_choices)


def test_the_engine_lists_every_game_once_with_its_title() -> None:
    assert len(set(rules.RULESET_KEYS)) == len(rules.RULESETS)
    assert rules.DEFAULT_RULESET in rules.RULESETS
    assert {info.key: info.title for info in rules.RULESETS} == rules.RULESET_TITLES
    for info in rules.RULESETS:
        assert ruleset_info(info.key) is info
        assert rules.GameSetup(ruleset=info.key, players=("Ann", "Ben")).five_dice == info.five_dice


def test_an_unknown_game_has_no_description() -> None:
    with pytest.raises(RuleError, match="unknown game 'yahtzee'"):
        ruleset_info("yahtzee")


@pytest.mark.parametrize(
    ("key", "dice", "points", "drinks", "register", "turns", "options", "starters"),
    [
        ("balut", 5, True, "club", None, 28, ("thresholds", "guess_points"), False),
        (
            "jackpot",
            5,
            True,
            "club",
            None,
            34,
            ("thresholds", "jackpot_bonus", "guess_points"),
            False,
        ),
        ("bar", 5, False, "always", rules.RegisterBounds(high=159, low=41), 7, (), True),
        ("barbut4", 4, False, "never", None, None, (), False),
    ],
)
def test_the_four_games_are_described_as_the_rules_say(
    key: str,
    dice: int,
    points: bool,
    drinks: str,
    register: rules.RegisterBounds | None,
    turns: int | None,
    options: tuple[str, ...],
    starters: bool,
) -> None:
    info = ruleset_info(key)
    described = (
        info.dice,
        info.scores_points,
        info.drinks,
        info.register_bounds,
        info.turns_per_player,
        info.option_names,
        info.round_starters,
    )
    assert described == (dice, points, drinks, register, turns, options, starters)
    assert ("guess" in info.setup_choices) == ("friendly" in info.setup_choices) == (dice == 5)
    assert (info.winning_score == 7500) == (key == "barbut4")
