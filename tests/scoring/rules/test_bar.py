"""Bar Balut (1978): box totals, ranking, who starts each round, sub-totals and the register."""

from __future__ import annotations

import pytest

from scoring.rules import GameResult
from tests.scoring.rules.helpers import Move, full_sheet, play_sheets, play_turns, score_sheets

PERFECT = full_sheet(
    "bar",
    fours="44444",
    fives="55555",
    sixes="66666",
    straight="23456",
    full_house="66655",
    choice="66666",
    balut="11111",
)
TOTAL_160 = full_sheet(
    "bar",
    fours="44444",
    fives="55555",
    sixes="66666",
    straight="23456",
    full_house="66655",
    choice="11113",
    balut="33333",
)
TOTAL_159 = full_sheet(
    "bar",
    fours="44444",
    fives="55555",
    sixes="66666",
    straight="23456",
    full_house="66655",
    choice="11112",
    balut="33333",
)
TOTAL_41 = full_sheet("bar", choice="22223", balut="11111")
TOTAL_40 = full_sheet("bar", choice="22222", balut="11111")
TOTAL_100 = full_sheet("bar", sixes="66666", straight="23456", choice="66666", fours="44444")

ROUND_1 = [("fours", "44412"), ("choice", "66661"), ("sixes", "66612")]
ROUND_2 = [("fives", "55123"), ("balut", "66666"), ("balut", "22222")]
ROUND_3 = [("choice", "11111"), ("choice", "11112"), ("fours", "11111")]


def bar_game(sheets: dict[str, list[Move]], **guesses: int) -> GameResult:
    """A bar game with guess_points set, which bar must ignore."""
    return score_sheets("bar", sheets, options={"guess_points": 7}, guesses=guesses)


def test_perfect_bar_sheet_totals_183() -> None:
    """20 + 25 + 30 + 20 + 28 + 30 + 30."""
    game = bar_game({"Ann": PERFECT, "Ben": TOTAL_40})
    assert game.player("Ann").score == 183
    assert game.player("Ann").boxes == {
        "fours": [20],
        "fives": [25],
        "sixes": [30],
        "straight": [20],
        "full_house": [28],
        "choice": [30],
        "balut": [30],
    }


def test_bar_ranks_by_total_and_level_players_share_the_place() -> None:
    game = bar_game({"Ann": TOTAL_100, "Ben": TOTAL_159, "Cy": TOTAL_100, "Dee": TOTAL_40})
    assert [(p.name, p.score, p.rank) for p in game.players] == [
        ("Ann", 100, 2),
        ("Ben", 159, 1),
        ("Cy", 100, 2),
        ("Dee", 40, 4),
    ]


def test_bar_scores_no_points_and_guess_points_change_nothing() -> None:
    """One balut each in Ben's and Dee's sheets: Ann guessed 2 and wins the side prize only."""
    game = bar_game({"Ann": TOTAL_100, "Ben": TOTAL_41, "Dee": TOTAL_40}, Ann=2, Ben=1)
    assert game.baluts == 2
    assert game.guess_winners == ("Ann",)
    assert all(p.points is None and p.total_points is None for p in game.players)


def test_first_round_follows_the_seating_order() -> None:
    game = play_turns("bar", ("Ann", "Ben", "Cy"), [])
    assert game.round_order(1) == [0, 1, 2]
    assert game.next_seat == 0


def test_highest_box_of_the_round_starts_the_next() -> None:
    """Round 1: Ann 12, Ben 25, Cy 18; Ben starts round 2, then Cy, then Ann."""
    game = play_turns("bar", ("Ann", "Ben", "Cy"), ROUND_1)
    assert game.round_order(2) == [1, 2, 0]
    assert game.next_seat == 1


def test_tie_for_highest_goes_to_who_threw_earliest_in_that_round() -> None:
    """Round 2 in order Ben 10, Cy 30, Ann 30: Cy threw before Ann, so Cy starts round 3."""
    game = play_turns("bar", ("Ann", "Ben", "Cy"), ROUND_1 + ROUND_2)
    assert [recorded.turn.seat for recorded in game.history] == [0, 1, 2, 1, 2, 0]
    assert game.round_order(3) == [2, 0, 1]
    assert game.next_seat == 2


def test_round_goes_on_in_seating_order_from_the_starter_wrapping_round() -> None:
    game = play_turns("bar", ("Ann", "Ben", "Cy"), ROUND_1 + ROUND_2 + ROUND_3)
    assert [recorded.turn.seat for recorded in game.history][6:] == [2, 0, 1]


def test_all_level_round_is_started_again_by_its_first_thrower() -> None:
    """Round 1 all 0: Ann threw first, so round 2 is again Ann, Ben, Cy."""
    game = play_turns("bar", ("Ann", "Ben", "Cy"), [("fours", "11111")] * 3)
    assert game.round_order(2) == [0, 1, 2]


def test_sub_totals_are_announced_before_the_last_round() -> None:
    """Two players: after 6 rounds (12 turns) the seventh and last is about to start."""
    sheets = {"Ann": PERFECT, "Ben": TOTAL_40}
    flags = [play_sheets("bar", sheets, turns=n).last_round_starting for n in range(15)]
    assert flags == [False] * 12 + [True, False, False]


def test_sub_totals_are_every_players_total_so_far() -> None:
    """Ann: 20+25+30+20+28+30 = 153 before her balut; Ben: choice 10 so far."""
    game = play_sheets("bar", {"Ann": PERFECT, "Ben": TOTAL_40}, turns=12)
    assert game.last_round_starting
    assert game.subtotals() == [153, 10]


@pytest.mark.parametrize(("ruleset", "rounds"), [("balut", 27), ("jackpot", 33)])
def test_no_sub_total_announcement_outside_bar(ruleset: str, rounds: int) -> None:
    sheets = {"Ann": full_sheet(ruleset), "Ben": full_sheet(ruleset)}
    game = play_sheets(ruleset, sheets, turns=2 * rounds)
    assert game.round_number == rounds + 1
    assert not game.last_round_starting


def test_register_takes_totals_over_159_and_under_41() -> None:
    """160 is high and 40 is low; 159 and 41 are not candidates."""
    game = bar_game({"Ann": TOTAL_160, "Ben": TOTAL_159, "Cy": TOTAL_41, "Dee": TOTAL_40})
    assert [p.score for p in game.players] == [160, 159, 41, 40]
    assert [(c.player, c.score, c.kind) for c in game.register] == [
        ("Ann", 160, "high"),
        ("Dee", 40, "low"),
    ]


def test_register_needs_at_least_three_players() -> None:
    game = bar_game({"Ann": TOTAL_160, "Dee": TOTAL_40})
    assert game.complete
    assert game.register == ()


def test_register_counts_a_three_player_game() -> None:
    game = bar_game({"Ann": TOTAL_160, "Ben": TOTAL_100, "Dee": TOTAL_40})
    assert [c.kind for c in game.register] == ["high", "low"]


def test_register_waits_for_the_game_to_be_complete() -> None:
    game = bar_game({"Ann": TOTAL_160, "Ben": TOTAL_100, "Dee": TOTAL_40[:-1]})
    assert not game.complete
    assert game.register == ()


def test_the_round_starter_is_named_with_the_box_that_earned_it_as_each_round_begins() -> None:
    """Round 1: Ann 12, Ben 25, Cy 18; as round 2 begins Ben starts it, with his 25."""
    players = ("Ann", "Ben", "Cy")
    assert play_turns("bar", players, []).round_starter is None
    assert play_turns("bar", players, ROUND_1[:2]).round_starter is None
    assert play_turns("bar", players, ROUND_1).round_starter == (1, 25)
    assert play_turns("bar", players, [*ROUND_1, ROUND_2[0]]).round_starter is None
    assert play_turns("bar", players, ROUND_1 + ROUND_2).round_starter == (2, 30)


def test_games_without_round_starters_name_none() -> None:
    assert play_turns("balut", ("Ann", "Ben"), [("fours", "44412")] * 2).round_starter is None


def test_the_upcoming_seats_of_a_bar_game_end_with_the_round() -> None:
    players = ("Ann", "Ben", "Cy")
    assert play_turns("bar", players, ROUND_1[:1]).upcoming_seats() == [1, 2]
    assert play_turns("bar", players, ROUND_1).upcoming_seats() == [1, 2, 0]


def test_the_upcoming_seats_of_a_standard_game_run_to_its_end() -> None:
    game = play_turns("balut", ("Ann", "Ben"), [("fours", "44412")] * 3)
    assert game.upcoming_seats() == [1, 0] * 26 + [1]
    assert len(game.upcoming_seats()) == game.total_turns - game.turn_count
