"""Benchmark "engine": the rules engine alone, with no Django and no database.

Every request on a game page replays the whole game from its turn records, so these figures
are the floor under the turn view's time: what it would cost with an infinitely fast database
and template engine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.stats import SUMMARY_HEADERS, Summary, summarize, table
from scoring import rules
from scoring.presentation.tablet import five_dice_preview, forget_previews

JACKPOT_PLAYERS = tuple(f"Player {seat + 1}" for seat in range(8))
STANDARD_PLAYERS = ("Anna", "Bjorn", "Cai", "Dita")


@dataclass(frozen=True)
class EngineBenchResult:
    rows: list[tuple[str, Summary]]

    def figures(self) -> dict[str, float]:
        return {label: summary.median_ms for label, summary in self.rows}

    def report(self) -> str:
        return table(
            ["operation", *SUMMARY_HEADERS],
            [[label, *summary.cells()] for label, summary in self.rows],
        )


def random_game(setup: rules.GameSetup, rng: random.Random) -> list[rules.FiveDiceTurn]:
    """A complete game of random dice into random open boxes, as the engine allows them."""
    game = rules.FiveDiceGame(setup)
    turns = []
    while (seat := game.next_seat) is not None:
        box = rng.choice(game.open_boxes(seat))
        dice = tuple(sorted(rng.randint(1, 6) for _ in range(5)))
        turn = rules.FiveDiceTurn(seat=seat, box=box, dice=dice)
        game.play(turn)
        turns.append(turn)
    return turns


def time_calls(action: Callable[[], object], repeats: int) -> Summary:
    """One untimed call to fill caches (`all_rolls`, cached properties), then `repeats` timed."""
    action()
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return summarize(samples)


def cold_preview(state: rules.FiveDiceGame) -> object:
    """The preview as the first sheet with these open boxes gets it: both memos emptied, so the
    engine scores every roll again (later sheets with the same open boxes get the memo)."""
    forget_previews()
    return five_dice_preview(state)


def run_engine_benchmark(*, repeats: int = 30, seed: int = 1978) -> EngineBenchResult:
    rng = random.Random(seed)
    jackpot = rules.GameSetup(ruleset="jackpot", players=JACKPOT_PLAYERS)
    jackpot_turns = random_game(jackpot, rng)
    records = [rules.turn_to_json(turn, jackpot.players) for turn in jackpot_turns]
    finished = rules.replay(jackpot, jackpot_turns)
    assert isinstance(finished, rules.FiveDiceGame)
    standard = rules.GameSetup(ruleset="balut", players=STANDARD_PLAYERS)
    standard_turns = random_game(standard, rng)
    # The preview is built for the next player; the first turn of a game has every box open,
    # the most the table can hold, and half-way through is the typical case.
    jackpot_start = rules.FiveDiceGame(jackpot)
    jackpot_half = rules.replay(jackpot, jackpot_turns[: len(jackpot_turns) // 2])
    assert isinstance(jackpot_half, rules.FiveDiceGame)

    n_jackpot, n_standard = len(jackpot_turns), len(standard_turns)
    rows = [
        (
            f"8-player jackpot: parse {n_jackpot} turn records",
            time_calls(lambda: [rules.parse_turn(r, jackpot) for r in records], repeats),
        ),
        (
            f"8-player jackpot: replay {n_jackpot} turns",
            time_calls(lambda: rules.replay(jackpot, jackpot_turns), repeats),
        ),
        (
            "8-player jackpot: result of the finished game",
            time_calls(lambda: rules.result(finished), repeats),
        ),
        (
            "8-player jackpot: tablet preview, first turn",
            time_calls(lambda: cold_preview(jackpot_start), repeats),
        ),
        (
            "8-player jackpot: tablet preview, half-way",
            time_calls(lambda: cold_preview(jackpot_half), repeats),
        ),
        (
            "8-player jackpot: the same, memoised",
            time_calls(lambda: five_dice_preview(jackpot_half), repeats),
        ),
        (
            f"4-player standard: replay {n_standard} turns",
            time_calls(lambda: rules.replay(standard, standard_turns), repeats),
        ),
        (
            "4-player standard: tablet preview, first turn",
            time_calls(lambda: cold_preview(rules.FiveDiceGame(standard)), repeats),
        ),
    ]
    return EngineBenchResult(rows=rows)
