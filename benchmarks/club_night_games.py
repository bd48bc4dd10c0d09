"""The club night's members and games (benchmarks.club_night), set up in a Django process.

`python -m benchmarks.club_night_games TABLETS PLAYERS ROUNDS SEED` prints one JSON line: for
each tablet its scorer (member id and PIN) and, for each round of play, a Standard Balut game
with every turn the tablet will send, worked out by the rules engine (who is next, an open box,
random dice), so the HTTP client needs no rules of its own. The test calls `prepare` in-process.
"""

from __future__ import annotations

import json
import random
import sys
from typing import TYPE_CHECKING, Any

from benchmarks.bench_club import bench_club

if TYPE_CHECKING:
    from scoring.rules import GameSetup

RULESET = "balut"


def prepare(*, tablets: int, players: int, rounds: int, seed: int) -> list[dict[str, Any]]:
    """In a Django process: `tablets` members, each with a PIN of its own, and `rounds` games of
    `players` seats each that the member scores (the other seats guests). Each tablet also gets
    `rounds` games to start itself through the start form (benchmarks.night_replay): their
    seats (the member and a guest) and every turn, worked out the same way."""
    from scoring import rules
    from scoring.selectors import load_game
    from scoring.services.games import Seat, start_game
    from scoring.services.members import create_member

    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    for number in range(tablets):
        pin = f"{4000 + number}"
        scorer = create_member(
            in_club=bench_club(),
            name=f"Night player {number}",
            known_as=f"Night{number:02}",
            pin=pin,
        )
        games = []
        for round_number in range(rounds):
            seats = [Seat(member=scorer)] + [
                Seat(guest_name=f"Guest {number}-{round_number}-{seat}")
                for seat in range(1, players)
            ]
            game = start_game(
                in_club=bench_club(),
                ruleset=RULESET,
                seats=seats,
                scorer=scorer,
                created_by=scorer.user,
            )
            games.append({"id": game.pk, "turns": _turns(load_game(game).setup, rng)})
        guest = f"Guest {number}"
        setup = rules.parse_record(
            {"ruleset": RULESET, "players": [scorer.known_as, guest], "turns": []}
        ).setup
        started = [_turns(setup, rng) for _ in range(rounds)]
        found.append(
            {
                "member": scorer.pk,
                "pin": pin,
                "games": games,
                "guest": guest,
                "started_games": started,
            }
        )
    return found


def _turns(setup: GameSetup, rng: random.Random) -> list[dict[str, str]]:
    """Every turn of the game as the tablet posts it: player, box, dice."""
    from scoring import rules as engine

    state = engine.new_game(setup)
    assert isinstance(state, engine.FiveDiceGame)
    turns = []
    while (seat := state.next_seat) is not None:
        player, box = setup.players[seat], rng.choice(state.open_boxes(seat))
        dice = [rng.randint(1, 6) for _ in range(5)]
        engine.play(state, engine.parse_turn({"player": player, "box": box, "dice": dice}, setup))
        turns.append({"player": player, "box": box, "dice": "".join(map(str, dice))})
    return turns


if __name__ == "__main__":
    import django

    django.setup()
    tablets, players, rounds, seed = (int(argument) for argument in sys.argv[1:5])
    print(json.dumps(prepare(tablets=tablets, players=players, rounds=rounds, seed=seed)))
