"""Errors the rules engine raises; each carries a message a club member can read."""

from __future__ import annotations


class RuleError(ValueError):
    """Something the rules do not allow."""


class TurnNotAllowed(RuleError):
    """A turn that may not be recorded in the game as it stands."""


class InvalidRecord(RuleError):
    """A game record that cannot be scored; `turn` is the index of the bad turn, if any."""

    def __init__(self, message: str, *, turn: int | None = None) -> None:
        self.turn = turn
        self.reason = message
        super().__init__(f"turn {turn}: {message}" if turn is not None else message)
