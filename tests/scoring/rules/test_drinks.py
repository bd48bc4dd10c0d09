"""The drinks ledger (British Club house rules of 2007) for the five-dice games."""

from __future__ import annotations

import pytest

from scoring.rules import GameResult, HouseRules, result
from tests.scoring.rules.helpers import Entry, Move, full_sheet, play_sheets, score_sheets

TRIO = ("Ann", "Ben", "Cy")
BAR_100 = full_sheet("bar", sixes="66666", straight="23456", choice="66666", fours="44444")
BAR_40 = full_sheet("bar", choice="22222", balut="11111")
BAR_30 = full_sheet("bar", choice="66666")


def ledger(game: GameResult) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(drink.player, drink.reason, drink.owed_to) for drink in game.drinks]


def first_turn_drinks(entry: Entry, box: str = "choice") -> list[tuple[str, str, tuple[str, ...]]]:
    """Ann's first turn of a three-player bar game, scored as it stands."""
    sheets: dict[str, list[Move]] = {"Ann": [(box, entry)], "Ben": [], "Cy": []}
    return ledger(score_sheets("bar", sheets))


def test_last_place_owes_a_round_to_the_others() -> None:
    game = score_sheets("bar", {"Ann": BAR_100, "Ben": BAR_40, "Cy": BAR_30})
    assert ledger(game) == [("Cy", "last_place", ("Ann", "Ben"))]


def test_each_player_level_in_last_place_owes_one() -> None:
    game = score_sheets("bar", {"Ann": BAR_100, "Ben": BAR_30, "Cy": BAR_30})
    assert ledger(game) == [
        ("Ben", "last_place", ("Ann", "Cy")),
        ("Cy", "last_place", ("Ann", "Ben")),
    ]


def test_last_place_in_balut_goes_by_points() -> None:
    """Ann: fours 52 (2) and T 72 (-2) = 0 points beats Ben's -2 and his higher T of 80."""
    sheets = {
        "Ann": full_sheet("balut", fours=[16, 16, 16, 4]),
        "Ben": full_sheet("balut", sixes=[30, 30]),
    }
    assert ledger(score_sheets("balut", sheets)) == [("Ben", "last_place", ("Ann",))]


def test_friendly_game_has_no_last_place_drink() -> None:
    game = score_sheets("bar", {"Ann": BAR_100, "Ben": BAR_40, "Cy": BAR_30}, friendly=True)
    assert game.complete
    assert ledger(game) == []


@pytest.mark.parametrize(
    "throws",
    ["66666", "12345 66666", "12345 12346 66666", "x 12345 x 12346 66666"],
)
def test_balut_straight_out_of_the_cup_owes_everyone_a_round(throws: str) -> None:
    """Five dice showing one face on the first, second or third valid throw."""
    drinks = first_turn_drinks(Entry(dice="66666", throws=throws), box="balut")
    assert drinks == [("Ann", "balut_from_cup", TRIO)]


def test_balut_built_up_over_throws_is_not_from_the_cup() -> None:
    assert first_turn_drinks(Entry(dice="66666", throws="66612 66"), box="balut") == []


def test_balut_from_the_cup_counts_whatever_box_it_is_put_in() -> None:
    drinks = first_turn_drinks(Entry(dice="22222", throws="22222"), box="fours")
    assert drinks == [("Ann", "balut_from_cup", TRIO)]


@pytest.mark.parametrize(
    ("throws", "rounds"),
    [("x x 12345", 0), ("x x x 12345", 1), ("x x x x x 12345", 1), ("x x x x x x 12345", 2)],
)
def test_every_full_run_of_three_cocks_owes_the_others_a_round(throws: str, rounds: int) -> None:
    drinks = first_turn_drinks(Entry(dice="12345", throws=throws))
    assert drinks == [("Ann", "three_cocks", ("Ben", "Cy"))] * rounds


def test_cocks_interrupted_by_a_valid_throw_do_not_run_on() -> None:
    """Two cocks, a throw, one cock, a throw: never three in a row."""
    assert first_turn_drinks(Entry(dice="12366", throws="x x 12346 x 6"), box="sixes") == []


def test_cocks_do_not_run_across_turns() -> None:
    """Ann ends a turn on two cocks, Ben starts his with one, Ann her next with one."""
    sheets: dict[str, list[Move]] = {
        "Ann": [
            ("choice", Entry(dice="12346", throws="12346 x x")),
            ("fours", Entry(dice="44412", throws="x 44412")),
        ],
        "Ben": [("choice", Entry(dice="12346", throws="x 12346"))],
    }
    game = play_sheets("bar", sheets)
    assert game.turn_count == 3
    assert ledger(result(game)) == []


def test_drink_records_the_turn_it_was_owed_in() -> None:
    sheets: dict[str, list[Move]] = {
        "Ann": [("choice", "12345")],
        "Ben": [("balut", Entry(dice="33333", throws="x x x 33333"))],
    }
    game = score_sheets("bar", sheets)
    assert [(drink.reason, drink.turn) for drink in game.drinks] == [
        ("three_cocks", 1),
        ("balut_from_cup", 1),
    ]


def test_without_a_throw_log_only_last_place_is_known() -> None:
    """Ben's 11111 balut has no log, so no Balut from the cup can be owed."""
    game = score_sheets("bar", {"Ann": BAR_100, "Ben": BAR_40, "Cy": BAR_30})
    assert [drink.reason for drink in game.drinks] == ["last_place"]


def test_incomplete_game_owes_no_last_place_yet() -> None:
    sheets = {"Ann": BAR_100, "Ben": BAR_40, "Cy": BAR_30[:-1]}
    game = score_sheets("bar", sheets)
    assert not game.complete
    assert ledger(game) == []


def test_incomplete_game_still_owes_the_throw_drinks() -> None:
    assert first_turn_drinks(Entry(dice="12345", throws="x x x 12345")) == [
        ("Ann", "three_cocks", ("Ben", "Cy"))
    ]


def cup_and_last_place(ruleset: str, house_rules: HouseRules) -> GameResult:
    """A complete game in which Ann throws a Balut from the cup and Ben comes last."""
    ann = full_sheet(ruleset, balut=[Entry(dice="66666", throws="66666")], choice=[30])
    game = play_sheets(ruleset, {"Ann": ann, "Ben": full_sheet(ruleset)})
    return result(game, house_rules)


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar"])
def test_drinks_are_kept_by_default(ruleset: str) -> None:
    game = cup_and_last_place(ruleset, HouseRules())
    assert ledger(game) == [
        ("Ann", "balut_from_cup", ("Ann", "Ben")),
        ("Ben", "last_place", ("Ann",)),
    ]


def test_house_rule_turns_drinks_off_for_balut() -> None:
    assert cup_and_last_place("balut", HouseRules(drinks_in_balut=False)).drinks == ()


def test_house_rule_turns_drinks_off_for_jackpot() -> None:
    assert cup_and_last_place("jackpot", HouseRules(drinks_in_jackpot=False)).drinks == ()


@pytest.mark.parametrize("ruleset", ["jackpot", "bar"])
def test_balut_house_rule_leaves_other_games_drinks_alone(ruleset: str) -> None:
    game = cup_and_last_place(ruleset, HouseRules(drinks_in_balut=False))
    assert [drink.reason for drink in game.drinks] == ["balut_from_cup", "last_place"]


def test_bar_drinks_are_kept_even_with_every_house_rule_off() -> None:
    house_rules = HouseRules(drinks_in_balut=False, drinks_in_jackpot=False)
    game = cup_and_last_place("bar", house_rules)
    assert [drink.reason for drink in game.drinks] == ["balut_from_cup", "last_place"]


def test_friendly_game_still_owes_the_throw_drinks() -> None:
    ann = full_sheet("bar", balut=Entry(dice="55555", throws="x x x 55555"))
    game = score_sheets("bar", {"Ann": ann, "Ben": BAR_30}, friendly=True)
    assert game.complete
    assert ledger(game) == [
        ("Ann", "three_cocks", ("Ben",)),
        ("Ann", "balut_from_cup", ("Ann", "Ben")),
    ]
