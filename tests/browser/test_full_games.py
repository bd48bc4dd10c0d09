"""A complete game of each of the club's four games, played on the tablet only.

Each game starts from the home page's "Start a game" form and every turn is tapped in. The
final sheet on the page is then held against the rules engine, fed the same turns.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring import rules
from scoring.models import Game, Member
from scoring.selectors import game_record, load_game
from tests.browser.games import PlayedGame, play_barbut_game, play_five_dice_game
from tests.browser.pages import Move, Seat, shot, start_game
from tests.browser.sheet_checks import check_barbut_sheet, check_five_dice_sheet

pytestmark = pytest.mark.browser


def moves(*groups: tuple[str, str | list[str | Move]]) -> list[Move]:
    """Moves box by box: a box with one dice text per box filled (or a full Move)."""
    result = []
    for box, specs in groups:
        for spec in [specs] if isinstance(specs, str) else specs:
            result.append(spec if isinstance(spec, Move) else Move(spec, box))
    return result


def check_stored(game_id: int, played: PlayedGame) -> rules.GameResult:
    """The game kept is the game tapped in; the engine's result of the turns played."""
    loaded = load_game(Game.objects.get(pk=game_id))
    assert loaded.game.is_finished
    tapped = rules.parse_record(played.record)
    kept = {
        key: value for key, value in game_record(loaded).items() if key not in {"app", "played"}
    }
    # The setup (game, options, friendly, guesses) as the start form took it, and every turn.
    assert kept == rules.record_to_json(tapped.setup, tapped.turns)
    expected = rules.score_record(played.record)
    assert loaded.result() == expected
    return expected


def check_finished(page: Page) -> None:
    expect(page.locator("#play header")).to_contain_text("Finished")
    expect(page.locator("[data-five-dice-turn], [data-barbut-turn]")).to_have_count(0)


def test_standard_balut_from_the_start_form_to_the_final_sheet(
    live_server: LiveServer, tablet_page: Page, ann: Member
) -> None:
    page = tablet_page
    seats = [Seat(member=ann, guess=3), Seat(guest="Gus", guess=1)]
    options = {"thresholds": "at_least", "guess_points": 2}
    game_id = start_game(
        page,
        live_server.url,
        ruleset="balut",
        seats=seats,
        scorer=ann,
        options=options,
        from_home=True,
    )
    played = PlayedGame("balut", seats, options)
    ann_moves = moves(
        # A cocked throw, then a Balut straight out of the cup.
        ("balut", [Move("66666", "balut", throws="x 66666")]),
        ("fours", ["44441", "44442", "44443", "44445"]),
        ("fives", ["55551", "55551", "55552", "55553"]),
        ("sixes", ["66661", "66661", "66661", "66661"]),
        ("straight", ["12345", "23456", "23456", "12345"]),
        ("full_house", ["66655", "55566", "44466", "33322"]),
        ("choice", ["66665", "66664", "66655", "55566"]),
        # Three throws to a Balut: not out of the cup.
        ("balut", [Move("55555", "balut", throws="55312 553 55"), "12346", "11223"]),
    )
    gus_moves = moves(
        ("fours", ["44123"] * 4),
        ("fives", ["55123"] * 4),
        ("sixes", ["66123"] * 4),
        ("straight", ["12345", "12345", "12345", "11234"]),
        ("full_house", ["22233"] * 4),
        ("choice", ["12345"] * 4),
        ("balut", ["11111", "12346", "12346", "12346"]),
    )

    def turn_screen_shot(engine: rules.FiveDiceGame) -> None:
        if engine.turn_count == 2:
            shot(page, "balut-turn-screen")

    play_five_dice_game(
        page, played, {"Ann": ann_moves, "Gus": gus_moves}, before_turn=turn_screen_shot
    )

    expected = check_stored(game_id, played)
    check_finished(page)
    check_five_dice_sheet(page, expected)
    # The scenario is what it means to be: Ann guessed the three Baluts, Gus came last,
    # Ann threw one Balut out of the cup.
    assert expected.baluts == 3 and expected.guess_winners == ("Ann",)
    assert [(d.player, d.reason) for d in expected.drinks] == [
        ("Ann", "balut_from_cup"),
        ("Gus", "last_place"),
    ]
    assert expected.player("Ann").rank == 1 and expected.player("Gus").rank == 2
    shot(page, "balut-final-sheet")


def test_jackpot_balut_with_claims_a_strike_and_a_friendly_game(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    seats = [Seat(member=ann), Seat(member=ben)]
    options = {"thresholds": "more_than", "jackpot_bonus": "added"}
    game_id = start_game(
        page,
        live_server.url,
        ruleset="jackpot",
        seats=seats,
        scorer=ann,
        options=options,
        friendly=True,
        from_home=True,
    )
    played = PlayedGame("jackpot", seats, options, friendly=True)
    ann_moves = moves(
        ("fives_jackpot", "55551"),  # claimed: a fives box is still open
        ("sixes_jackpot", [Move("66662", "sixes_jackpot", strike=True)]),  # struck on purpose
        ("straight_jackpot", "23456"),
        ("full_house_jackpot", "66655"),
        ("choice_jackpot", "12311"),  # does not qualify: struck
        ("fours_jackpot", "44441"),
        ("fours", ["44441"] * 4),
        ("fives", ["55551", "55552", "55553", "55123"]),
        ("sixes", ["66661", "66661", "66661", "66123"]),
        ("straight", ["12345", "23456", "23456", "12345"]),
        ("full_house", ["66655", "55566", "44455", "33322"]),
        ("choice", ["66665", "66664", "66655", "12345"]),
        ("balut", ["66666", "44444", "12346", "12356"]),
    )
    ben_moves = moves(
        ("fives_jackpot", "55552"),  # claimed, but his fives will not reach the threshold
        ("fours_jackpot", "11111"),
        ("sixes_jackpot", "12346"),
        ("straight_jackpot", "12346"),
        ("full_house_jackpot", "12346"),
        ("choice_jackpot", "12346"),
        ("fours", ["44123"] * 4),
        ("fives", ["55123"] * 4),
        ("sixes", ["66123"] * 4),
        ("straight", ["12345"] * 4),
        ("full_house", ["22233"] * 4),
        ("choice", ["12345"] * 4),
        ("balut", ["22222", "12346", "12346", "12346"]),
    )

    def turn_screen_shot(engine: rules.FiveDiceGame) -> None:
        if engine.turn_count == 1:
            shot(page, "jackpot-turn-screen")

    play_five_dice_game(
        page, played, {"Ann": ann_moves, "Ben": ben_moves}, before_turn=turn_screen_shot
    )

    expected = check_stored(game_id, played)
    check_finished(page)
    check_five_dice_sheet(page, expected)
    ann_points = expected.player("Ann").points
    ben_points = expected.player("Ben").points
    assert ann_points is not None and ben_points is not None
    assert set(ann_points.jackpot_bonus) == {"fours", "fives", "straight", "full_house"}
    assert ben_points.jackpot_bonus == {"fives": -4}
    assert ann_points.category["choice"] == 0  # choice at exactly 100 is not "more than"
    # A friendly game: nobody owes a round for coming last.
    assert expected.drinks == ()
    expect(page.locator("#play header")).to_contain_text("Friendly")
    shot(page, "jackpot-final-sheet")


def test_bar_balut_round_starters_subtotals_and_register(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    seats = [Seat(member=ann), Seat(member=ben), Seat(guest="Cy")]
    game_id = start_game(
        page, live_server.url, ruleset="bar", seats=seats, scorer=ann, from_home=True
    )
    played = PlayedGame("bar", seats)
    # Rounds as planned (the highest box starts the next round, the earlier thrower on a tie):
    # 1 Ann Ben Cy: Cy's 30 -> 2 Cy Ann Ben: Ann's 25 -> 3 Ann Ben Cy: Ann and Cy 30, Ann
    # threw first -> 4 Ann Ben Cy: Ben's 28 -> 5 Ben Cy Ann: Ann's 28 -> 6, 7 Ann Ben Cy.
    ann_moves = moves(
        ("fours", "44444"),
        ("fives", "55555"),
        ("sixes", "66666"),
        ("straight", "23456"),
        ("full_house", "66655"),
        ("choice", "66666"),
        ("balut", [Move("66666", "balut", throws="66666")]),
    )
    ben_moves = moves(
        ("choice", "11112"),
        ("fours", "11112"),
        ("fives", "11112"),
        ("full_house", "66655"),
        ("sixes", "11112"),
        ("straight", "11112"),
        ("balut", "11112"),
    )
    cy_moves = moves(
        ("sixes", "66666"),
        ("fours", "44441"),
        ("balut", "22222"),
        ("straight", "12345"),
        ("full_house", "22233"),
        ("choice", "12346"),
        # Three cocked throws in a row, then three valid throws.
        ("fives", [Move("11112", "fives", throws="x x x 11234 112 1")]),
    )
    banners: list[int] = []

    def check_subtotals(engine: rules.FiveDiceGame) -> None:
        banner = page.locator("#subtotals")
        if not engine.last_round_starting:
            expect(banner).to_have_count(0)
            return
        banners.append(engine.turn_count)
        subtotals = [
            f"{name} {total}"
            for name, total in zip(engine.players, engine.subtotals(), strict=True)
        ]
        expect(banner.locator("li")).to_have_text(subtotals)
        expect(banner).to_be_visible()
        shot(page, "bar-subtotals-before-the-last-round")

    engine = play_five_dice_game(
        page,
        played,
        {"Ann": ann_moves, "Ben": ben_moves, "Cy": cy_moves},
        before_turn=check_subtotals,
    )

    assert banners == [18], "the sub-totals show once: before the last round, and only then"
    rounds = [played.order[i : i + 3] for i in range(0, 21, 3)]
    assert rounds == [
        ["Ann", "Ben", "Cy"],
        ["Cy", "Ann", "Ben"],
        ["Ann", "Ben", "Cy"],
        ["Ann", "Ben", "Cy"],
        ["Ben", "Cy", "Ann"],
        ["Ann", "Ben", "Cy"],
        ["Ann", "Ben", "Cy"],
    ]
    assert rounds == [
        [engine.players[seat] for seat in engine.round_order(number)] for number in range(1, 8)
    ]
    expected = check_stored(game_id, played)
    check_finished(page)
    expect(page.locator("#subtotals")).to_have_count(0)
    check_five_dice_sheet(page, expected)
    assert [(entry.player, entry.kind) for entry in expected.register] == [
        ("Ann", "high"),
        ("Ben", "low"),
    ]
    assert sorted((d.player, d.reason) for d in expected.drinks) == [
        ("Ann", "balut_from_cup"),
        ("Ben", "last_place"),
        ("Cy", "three_cocks"),
    ]
    shot(page, "bar-final-sheet")


def test_four_dice_barbut_to_7500_with_a_bust_and_six_sixes(
    live_server: LiveServer, tablet_page: Page, ann: Member, ben: Member
) -> None:
    page = tablet_page
    seats = [Seat(member=ann), Seat(member=ben)]
    game_id = start_game(
        page, live_server.url, ruleset="barbut4", seats=seats, scorer=ann, from_home=True
    )
    played = PlayedGame("barbut4", seats)
    hot = ("1111", "1111")  # 1-1-1-1: 1000, and all four dice thrown again
    ann_turns = [
        [hot, ("2356", "5")],
        [hot, hot, hot],
        [("6666", "")],  # 6-6-6-6: her banked points go aside
        [("1234", "1234"), ("6666", "")],  # 6-6-6-6 again: she gets them back
        [hot, hot, hot, hot],  # banks past 7500 and wins
    ]
    ben_turns = [
        [hot, ("2346", "")],  # bust: the 1000 at stake is lost
        [("1523", "15"), ("51", "15")],
        [hot],
        [("5555", "5555")],
    ]
    turn = page.locator("[data-barbut-turn]")
    turn.locator("[data-face='1']").click()
    turn.locator("[data-face='5']").click()
    expect(turn.locator("[data-step]")).to_have_text("Tap the 4 dice thrown.")
    turn.locator("[data-clear]").click()
    expect(turn.locator("[data-thrown] .die")).to_have_count(0)

    engine = play_barbut_game(page, played, {"Ann": ann_turns, "Ben": ben_turns})

    expected = check_stored(game_id, played)
    check_finished(page)
    check_barbut_sheet(page, expected, engine)
    assert expected.player("Ann").winner and expected.player("Ann").score >= rules.WINNING_SCORE
    ends = [outcome.end for outcome in engine.history]
    assert "bust" in ends and ends.count("six_sixes") == 2
    shot(page, "barbut-final-sheet")
