"""Whole games on the tablet, for the browser tests: every turn tapped, the engine fed the same.

The page-driving steps (sign-in, taps, a turn) are in `tests.browser.pages`; these helpers play
them to the end of a game and check each answer against the rules engine.
"""

from __future__ import annotations

import uuid
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from playwright.sync_api import Page, expect

from scoring import rules
from scoring.models import Game, Member
from scoring.services.turns import record_turn
from tests.browser.pages import (
    BarbutThrows,
    Move,
    Seat,
    barbut_record,
    faces,
    play_barbut_turn,
    play_five_dice_turn,
    player_to_throw,
    start_game,
    turn_number,
)


@dataclass
class PlayedGame:
    """A game as the tablet was given it: its game record so far, and who threw in what order."""

    ruleset: str
    seats: Sequence[Seat]
    options: Mapping[str, object] = field(default_factory=dict)
    friendly: bool = False
    turns: list[dict[str, object]] = field(default_factory=list)
    order: list[str] = field(default_factory=list)

    @property
    def record(self) -> dict[str, object]:
        """The game record (docs/game-record.md) of the turns played, for the rules engine."""
        return {
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "players": [seat.name for seat in self.seats],
            "friendly": self.friendly,
            "guesses": {seat.name: seat.guess for seat in self.seats if seat.guess is not None},
            "turns": list(self.turns),
        }

    @property
    def setup(self) -> rules.GameSetup:
        return rules.parse_record(self.record).setup

    def play(self, engine: rules.Game, turn: dict[str, object]) -> None:
        """Keep a turn the tablet recorded, and play it on the engine's game too."""
        setup = engine.setup
        assert isinstance(setup, rules.GameSetup)  # the game reads its setup as a Protocol
        rules.play(engine, rules.parse_turn(turn, setup))
        self.turns.append(turn)
        self.order.append(str(turn["player"]))


def play_five_dice_game(
    page: Page,
    played: PlayedGame,
    moves: Mapping[str, Sequence[Move]],
    *,
    before_turn: Callable[[rules.FiveDiceGame], None] | None = None,
) -> rules.FiveDiceGame:
    """Play every turn of `moves` (each player's in their own order) on the tablet.

    Whoever the page says is to throw plays their next move; the engine, fed the same turns,
    must agree on the player and on every box score the page shows. Returns the engine's game.
    """
    setup = played.setup
    engine = rules.new_game(setup)
    assert isinstance(engine, rules.FiveDiceGame)
    queues = {name: deque(player_moves) for name, player_moves in moves.items()}
    while not engine.complete:
        if before_turn is not None:
            before_turn(engine)
        name = player_to_throw(page)
        assert engine.next_seat is not None and name == setup.players[engine.next_seat]
        move = queues[name].popleft()
        preview = {p.box: p for p in engine.preview(tuple(sorted(faces(move.dice))))}
        response = play_five_dice_turn(
            page,
            move.dice,
            move.box,
            strike=move.strike,
            throws=move.throws,
            expected=preview[move.box],
        )
        assert response.status == 200, response.text()
        played.play(engine, move.record(name))
        filled = engine.history[-1].filled
        if engine.complete:
            # The finishing turn's flash gives way to the winner's banner.
            expect(page.locator("#winner-banner")).to_be_visible()
            expect(page.locator("#notice")).to_have_count(0)
        else:
            expect(page.locator("#notice")).to_have_text(
                f"{name}: {rules.box_label(move.box)} {filled.score}"
            )
        assert turn_number(page) == engine.turn_count
    assert all(not queue for queue in queues.values()), "moves left over after the last turn"
    return engine


def play_barbut_game(
    page: Page, played: PlayedGame, turns_by_player: Mapping[str, Sequence[BarbutThrows]]
) -> rules.BarbutGame:
    """Play Barbut turns on the tablet, each player's in their own order, to the win."""
    setup = played.setup
    engine = rules.new_game(setup)
    assert isinstance(engine, rules.BarbutGame)
    queues = {name: deque(player_turns) for name, player_turns in turns_by_player.items()}
    while not engine.complete:
        name = player_to_throw(page)
        assert engine.next_seat is not None and name == setup.players[engine.next_seat]
        throws = queues[name].popleft()
        response = play_barbut_turn(page, throws)
        assert response.status == 200, response.text()
        played.play(engine, barbut_record(name, throws))
        outcome = engine.history[-1]
        banked = f"{outcome.points} banked" if outcome.points else "no points this turn"
        if engine.complete:
            # The winning bank's flash gives way to the winner's banner.
            expect(page.locator("#winner-banner")).to_be_visible()
            expect(page.locator("#notice")).to_have_count(0)
        else:
            expect(page.locator("#notice")).to_have_text(f"{name}: {banked}")
        assert turn_number(page) == engine.turn_count
    assert all(not queue for queue in queues.values()), "turns left over after the win"
    return engine


def entered_at_another_tablet(game_id: int, turn: dict[str, object], number: int) -> None:
    """A turn recorded for the game's scorer from another tablet: through the service, so the
    tablet under test knows nothing of it until the server tells it."""
    game = Game.objects.get(pk=game_id)
    assert game.scorer is not None
    record_turn(
        game=game,
        turn_record=turn,
        expected_number=number,
        request_key=uuid.uuid4(),
        recorded_by=game.scorer.user,
    )


def start_played_game_of_two(
    page: Page, base_url: str, ruleset: str, scorer: Member, other: Member
) -> tuple[int, PlayedGame]:
    """A game of two members started on the tablet, the first of them scoring, and the engine's
    copy of it that the test plays along: how the tests that check the sheet begin."""
    seats = [Seat(member=scorer), Seat(member=other)]
    game_id = start_game(page, base_url, ruleset=ruleset, seats=seats, scorer=scorer)
    return game_id, PlayedGame(ruleset, seats)
