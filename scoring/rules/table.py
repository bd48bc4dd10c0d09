"""What every game at the table shares: its setup, its players, and whose turn it is."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Generic, Protocol, TypeVar

from .errors import RuleError, TurnNotAllowed, gettext_noop
from .options import Options

Played = TypeVar("Played")


class Setup(Protocol):
    """What a game reads of its setup (a game_setup.GameSetup). Named here, not imported:
    game_setup asks the rulesets, which describe the games built on this module, so an import
    of it would close a circle."""

    @property
    def ruleset(self) -> str: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def options(self) -> Options: ...

    @property
    def friendly(self) -> bool: ...

    @property
    def guesses(self) -> Mapping[int, int]: ...

    @property
    def five_dice(self) -> bool: ...


class TableGame(ABC, Generic[Played]):
    """A game in play; `history` holds what each turn played came to, in order."""

    def __init__(self, setup: Setup, *, five_dice: bool, refused: RuleError) -> None:
        """`refused`: why the setup's game is not one of this kind (RuleError otherwise)."""
        if setup.five_dice != five_dice:
            raise refused
        self.setup = setup
        self.history: list[Played] = []

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def turn_count(self) -> int:
        return len(self.history)

    @property
    @abstractmethod
    def complete(self) -> bool: ...

    @property
    @abstractmethod
    def next_seat(self) -> int | None:
        """The seat to throw next; None once the game is over."""

    def check_seat(self, seat: int, *, over: TurnNotAllowed) -> None:
        """TurnNotAllowed unless `seat` may throw now; `over` says why a finished game may not."""
        if self.complete:
            raise over
        expected = self.next_seat
        assert expected is not None
        if seat != expected:
            if not 0 <= seat < len(self.players):
                raise TurnNotAllowed(
                    "no_such_seat",
                    gettext_noop("seat %(seat)s has no player in this game"),
                    seat=seat,
                )
            raise TurnNotAllowed(
                "not_your_turn",
                gettext_noop("it is %(expected)s's turn, not %(seat)s's"),
                expected=self.players[expected],
                seat=self.players[seat],
            )
