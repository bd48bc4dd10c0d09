"""Errors the rules engine raises: what is wrong as a code with its values.

The engine knows no language but English and nothing of Django. A refusal carries a `code`
("not_your_turn"), its English `message` with named placeholders ("it is %(expected)s's turn,
not %(seat)s's") and the `params` that fill them; `str(error)` is the English wording. The app
words the same refusal in the reader's language (scoring.refusals): the message is the msgid of
its catalogs, marked here with `gettext_noop` so that makemessages finds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Self


def gettext_noop(message: str) -> str:
    """Marks an English message for the app's catalogs; the engine itself never translates."""
    return message


@dataclass(frozen=True)
class Words:
    """A few words inside a refusal ("throw 2 dice"), worded like the refusal itself."""

    message: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return english(self.message, self.params)


@dataclass(frozen=True)
class BoxName:
    """A box named inside a refusal: the app names it in the reader's language."""

    key: str

    def __str__(self) -> str:
        from .boxes import box_label  # boxes needs the dice, which raise these errors

        return box_label(self.key)


def english(message: str, params: Mapping[str, object]) -> str:
    return message % {name: str(value) for name, value in params.items()} if params else message


class RuleError(ValueError):
    """Something the rules do not allow."""

    def __init__(self, code: str, message: str, /, **params: object) -> None:
        super().__init__(code, message, params)
        self.code = code
        self.message = message
        self.params: dict[str, object] = params

    def __str__(self) -> str:
        return english(self.message, self.params)

    @classmethod
    def like(cls, error: RuleError) -> Self:
        """The same refusal as another kind of error."""
        return cls(error.code, error.message, **error.params)


class TurnNotAllowed(RuleError):
    """A turn that may not be recorded in the game as it stands."""


class InvalidRecord(RuleError):
    """A game record that cannot be scored; `turn` is the index of the bad turn, if any."""

    def __init__(
        self, code: str, message: str, /, *, turn: int | None = None, **params: object
    ) -> None:
        super().__init__(code, message, **params)
        self.turn = turn

    def __str__(self) -> str:
        if self.turn is None:
            return self.reason
        return f"turn {self.turn}: {self.reason}"

    @property
    def reason(self) -> str:
        """What is wrong, in English, without the turn it is wrong in."""
        return english(self.message, self.params)

    @classmethod
    def at(cls, error: RuleError, turn: int | None = None) -> InvalidRecord:
        """`error` found in the record's turn `turn` (None: in its setup)."""
        return cls(error.code, error.message, turn=turn, **error.params)
