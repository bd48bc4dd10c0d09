"""The crash benchmark's games (benchmarks.crash), set up in a Django process of their own:
`python -m benchmarks.crash_games N` prints the tablets as one JSON line."""

from __future__ import annotations

import json
import secrets
import sys
import uuid

from benchmarks.bench_club import bench_club


def prepare(games: int) -> list[dict[str, object]]:
    """In a Django process: `games` two-member bar games, every turn but the last recorded, and
    for each a signed-in session of its scorer and the last turn as the tablet would post it."""
    import django

    django.setup()
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    from scoring import rules
    from scoring.selectors import load_game
    from scoring.services.games import Seat, start_game
    from scoring.services.members import create_member
    from scoring.services.turns import record_turn

    store = import_module(settings.SESSION_ENGINE).SessionStore
    tablets = []
    for number in range(games):
        scorer = create_member(
            in_club=bench_club(), name=f"Tablet {number}", known_as=f"T{number:03}", pin="1234"
        )
        other = create_member(
            in_club=bench_club(), name=f"Opponent {number}", known_as=f"O{number:03}", pin="1234"
        )
        game = start_game(
            in_club=bench_club(),
            ruleset="bar",
            seats=[Seat(member=scorer), Seat(member=other)],
            scorer=scorer,
            created_by=scorer.user,
        )
        while True:
            state = load_game(game).state
            assert isinstance(state, rules.FiveDiceGame)
            seat = state.next_seat
            assert seat is not None
            name = state.setup.players[seat]
            box = state.open_boxes(seat)[0]
            if state.total_turns - state.turn_count == 1:
                break
            record_turn(
                game=game,
                turn_record={"player": name, "box": box, "dice": [4, 4, 4, 1, 2]},
                expected_number=state.turn_count,
                request_key=uuid.uuid4(),
                recorded_by=scorer.user,
            )
        session = store()
        session[SESSION_KEY] = str(scorer.user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = scorer.user.get_session_auth_hash()
        session.create()
        tablets.append(
            {
                "game": game.pk,
                "session": session.session_key,
                "csrf": secrets.token_hex(16),
                "post": {
                    "player": name,
                    "box": box,
                    "dice": "44412",
                    "expected_number": str(state.turn_count),
                    "request_key": str(uuid.uuid4()),
                },
            }
        )
    return tablets


if __name__ == "__main__":
    print(json.dumps(prepare(int(sys.argv[1]))))
