"""What is fixed before the first throw: the game, its options, the players and their guesses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import RuleError, gettext_noop
from .options import Options
from .rulesets import RULESET_KEYS, SETUP_CHOICES, ruleset_info, rulesets_where

# What each choice made at setup changes; elsewhere it is accepted and changes nothing.
SETUP_CHOICES_APPLY_TO: dict[str, tuple[str, ...]] = {
    choice: rulesets_where(choice) for choice in SETUP_CHOICES
}
MIN_PLAYERS = 2
MAX_PLAYERS = 8


@dataclass(frozen=True)
class GameSetup:
    ruleset: str
    players: tuple[str, ...]
    options: Options = field(default_factory=Options)
    friendly: bool = False
    guesses: Mapping[int, int] = field(default_factory=dict)
    """Seat to the number of Baluts that player guessed the game will bring."""

    def __post_init__(self) -> None:
        if self.ruleset not in RULESET_KEYS:
            raise RuleError(
                "unknown_game",
                gettext_noop("unknown game %(game)s: choose one of %(games)s"),
                game=repr(self.ruleset),
                games=", ".join(RULESET_KEYS),
            )
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise RuleError(
                "player_count",
                gettext_noop("a game has %(least)s to %(most)s players, not %(count)s"),
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=len(self.players),
            )
        for name in self.players:
            if not isinstance(name, str) or not name.strip():
                raise RuleError("player_unnamed", gettext_noop("every player needs a name"))
        if len(set(self.players)) != len(self.players):
            raise RuleError(
                "players_alike",
                gettext_noop("two players have the same name; names must be distinct"),
            )
        for seat, guess in self.guesses.items():
            if not 0 <= seat < len(self.players):
                raise RuleError(
                    "guess_no_seat",
                    gettext_noop("a guess names seat %(seat)s, which has no player"),
                    seat=seat,
                )
            if type(guess) is not int or guess < 0:
                raise RuleError(
                    "guess_not_whole",
                    gettext_noop("%(name)s's guess must be a whole number, 0 or more"),
                    name=self.players[seat],
                )

    @property
    def five_dice(self) -> bool:
        return ruleset_info(self.ruleset).five_dice
