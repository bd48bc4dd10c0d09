"""What each game is, as the rest of the app needs to know it.

The pages, the PDF sheets, the books and the standings ask these descriptions instead of
comparing a game's key: a new game or variant is one more `RulesetInfo` here, and what it
changes elsewhere follows from its answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from . import balut, bar, barbut, jackpot
from .boxes import FiveDiceRules, is_jackpot_box
from .errors import RuleError, gettext_noop
from .options import RegisterBounds

DrinksKept = Literal["always", "never", "club"]
"""Whether a game's rounds owed are booked: always, never, or as the club's house rules say."""
SetupChoice = Literal["thresholds", "jackpot_bonus", "guess_points", "guess", "friendly"]
SETUP_CHOICES: tuple[SetupChoice, ...] = (
    "thresholds",
    "jackpot_bonus",
    "guess_points",
    "guess",
    "friendly",
)
# The setup choices that are game options (`Options` fields); guesses and friendly are not.
OPTION_CHOICES: tuple[SetupChoice, ...] = ("thresholds", "jackpot_bonus", "guess_points")


@dataclass(frozen=True)
class RulesetInfo:
    key: str
    title: str
    dice: int
    """Dice in play: five in the Balut games, four in Barbut."""
    scores_points: bool
    """Ranked by points (the winner scores most points), not by the total score."""
    counts_baluts: bool
    """Its sheet has a Balut box: Baluts are counted, guessed and shown."""
    drinks: DrinksKept
    register_bounds: RegisterBounds | None
    """Totals beyond these go to the club's register until the club sets its own; None: no
    register unless the club opens one."""
    setup_choices: tuple[SetupChoice, ...]
    """What may be chosen at setup and changes this game (RULES.md)."""
    box_keys: tuple[str, ...]
    """The sheet's rows in order; none for a game played to a winning score."""
    boxes_per_category: int
    turns_per_player: int | None
    """Every player's turns in a whole game; None when it ends at a winning score instead."""
    round_starters: bool
    """Each round after the first is started by the last round's highest box."""
    winning_score: int | None

    @property
    def five_dice(self) -> bool:
        return self.dice == 5

    @property
    def option_names(self) -> tuple[str, ...]:
        """The game options (`Options` fields) that change this game, in print order."""
        return tuple(name for name in OPTION_CHOICES if name in self.setup_choices)

    @property
    def jackpot_boxes(self) -> bool:
        return any(is_jackpot_box(box) for box in self.box_keys)


def _five_dice(
    rules: FiveDiceRules, *, drinks: DrinksKept, register_bounds: RegisterBounds | None = None
) -> RulesetInfo:
    # RULES.md: the targets and the guess points change the points, the bonus the jackpot
    # boxes; every five-dice game takes guesses of its Baluts and may be declared friendly.
    applies: dict[SetupChoice, bool] = {
        "thresholds": rules.scores_points,
        "jackpot_bonus": bool(rules.jackpot_categories),
        "guess_points": rules.scores_points,
        "guess": True,
        "friendly": True,
    }
    return RulesetInfo(
        key=rules.key,
        title=rules.title,
        dice=5,
        scores_points=rules.scores_points,
        counts_baluts=True,
        drinks=drinks,
        register_bounds=register_bounds,
        setup_choices=tuple(choice for choice in SETUP_CHOICES if applies[choice]),
        box_keys=rules.box_keys,
        boxes_per_category=rules.boxes_per_category,
        turns_per_player=rules.turns_per_player,
        round_starters=rules.round_starters,
        winning_score=None,
    )


STANDARD_BALUT = _five_dice(balut.RULES, drinks="club")
JACKPOT_BALUT = _five_dice(jackpot.RULES, drinks="club")
BAR_BALUT = _five_dice(bar.RULES, drinks="always", register_bounds=RegisterBounds(high=159, low=41))
BARBUT4 = RulesetInfo(
    key=barbut.KEY,
    title=barbut.TITLE,
    dice=barbut.ALL_DICE,
    scores_points=False,
    counts_baluts=False,
    drinks="never",
    register_bounds=None,
    setup_choices=(),
    box_keys=(),
    boxes_per_category=0,
    turns_per_player=None,
    round_starters=False,
    winning_score=barbut.WINNING_SCORE,
)
# The first is the club's usual game: what a new game, or a page's game filter, starts on.
# Outside the engine, code asks these descriptions what a game is and never compares its key;
# the named ones are for data about one game, such as the synthetic club's mix of games.
RULESETS: tuple[RulesetInfo, ...] = (STANDARD_BALUT, JACKPOT_BALUT, BAR_BALUT, BARBUT4)
DEFAULT_RULESET = RULESETS[0]
RULESET_KEYS = tuple(info.key for info in RULESETS)
RULESET_TITLES = {info.key: info.title for info in RULESETS}
_BY_KEY = {info.key: info for info in RULESETS}


def ruleset_info(key: str) -> RulesetInfo:
    """The description of the game `key`; RuleError for a game the engine does not know."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise RuleError(
            "unknown_game",
            gettext_noop("unknown game %(game)s: choose one of %(games)s"),
            game=repr(key),
            games=", ".join(RULESET_KEYS),
        ) from None


def rulesets_where(choice: SetupChoice) -> tuple[str, ...]:
    """The keys of the games that `choice` changes."""
    return tuple(info.key for info in RULESETS if choice in info.setup_choices)
