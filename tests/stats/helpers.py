"""Games for the statistics tests, played through the services like the tablet plays them."""

from __future__ import annotations

from league.services.books import book_game
from scoring import rules
from scoring.selectors import load_game
from tests.scoring.services.helpers import new_game, play_boxes


def finished_bar_game() -> None:
    """Ann, Ben and Cy play a whole bar game: whoever is next fills their first open box."""
    game = new_game("bar", ("Ann", "Ben", "Cy"))
    dice = {"Ann": "66666", "Ben": "55512", "Cy": "11223"}
    while True:
        loaded = load_game(game)
        player = loaded.next_player
        if player is None:
            # As the tablet's finishing turn does: the league keeps the engine's result.
            book_game(game=game)
            return
        assert isinstance(loaded.state, rules.FiveDiceGame)
        box = loaded.state.open_boxes(player.seat)[0]
        play_boxes(game, [(box, dice[player.name])])
