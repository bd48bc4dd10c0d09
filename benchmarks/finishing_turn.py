"""The finishing turn measured on its own: enough samples to read a ratio from.

A timed game of the `turn` benchmark has one finishing turn among 112, so two games gave two
samples. Here each game is brought to its last two turns by the service in one transaction
(untimed: no HTTP, one commit), then the last ordinary turn and the finishing turn are posted
through the view as the tablet posts them, and both are timed: every sample of a finishing
turn has the ordinary turn just before it, taken on the same machine state.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import transaction
from django.test import Client

from benchmarks.request_clocks import Samples, ServerClock
from scoring.models import Member
from scoring.services.turns import record_turn

if TYPE_CHECKING:
    from benchmarks.turn import GameDriver

FINISHING_GAMES = 12
"""Games whose finishing turn is timed (`--finishing-games`)."""
LEFT_TO_POST = 2
"""The last ordinary turn and the finishing one: posted through the view, timed."""


def measure_finishing_turns(
    client: Client,
    members: Sequence[Member],
    rng: random.Random,
    clock: ServerClock,
    *,
    games: int,
    total_turns: int,
) -> tuple[Samples, Samples]:
    """The finishing turn of `games` games, and the ordinary turn before it in each."""
    # Imported here: benchmarks.turn imports this module for its report.
    from benchmarks.turn import GameDriver, new_game

    finishing, before = Samples(), Samples()
    for _ in range(games):
        driver = GameDriver(client, new_game(members), rng)
        _fill(driver, total_turns - LEFT_TO_POST, members[0])
        driver.post(*driver.next_turn())
        before.add(clock)
        driver.post(*driver.next_turn())
        finishing.add(clock)
        driver.check_recorded()
    return finishing, before


def _fill(driver: GameDriver, turns: int, scorer: Member) -> None:
    """`turns` random legal turns recorded by the service, in one transaction."""
    with transaction.atomic():
        for _ in range(turns):
            data, turn = driver.next_turn()
            record_turn(
                game=driver.game,
                turn_record={
                    "player": data["player"],
                    "box": data["box"],
                    "dice": [int(face) for face in str(data["dice"])],
                },
                expected_number=driver.state.turn_count,
                request_key=uuid.uuid4(),
                recorded_by=scorer.user,
            )
            driver.state.play(turn)
