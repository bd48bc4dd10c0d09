"""A five-dice game as it stands: whose turn, which boxes are open, and what a throw would score.

Standard, Jackpot and Bar Balut share this state; their differences live in their rules
(`balut`, `jackpot`, `bar` modules) and are looked up by ruleset key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from . import balut, bar, jackpot
from .boxes import FiveDiceRules, box_label, category_of, is_jackpot_box
from .dice import Dice, all_rolls, check_faces, dice_key
from .drinks import drinks_of_turn
from .errors import BoxName, RuleError, TurnNotAllowed, gettext_noop
from .options import Options
from .points import Points
from .results import Drink
from .sheet import FilledBox, Sheet
from .table import Setup, TableGame
from .throws import Throw, check_throw_log

GAME_FILLED = ("game_filled", gettext_noop("the game is over: every box is filled"))

FIVE_DICE_RULES: dict[str, FiveDiceRules] = {
    rules.key: rules for rules in (balut.RULES, jackpot.RULES, bar.RULES)
}
POINTS: dict[str, Callable[[Sheet, Options], Points]] = {
    balut.RULES.key: balut.points,
    jackpot.RULES.key: jackpot.points,
}

Outcome = Literal["score", "scratch", "claim", "strike"]


@dataclass(frozen=True)
class FiveDiceTurn:
    """A turn as the scorer enters it: the final dice, or a paper sheet's score."""

    seat: int
    box: str
    dice: Dice | None = None
    score: int | None = None
    strike: bool = False
    throws: tuple[Throw, ...] = ()


@dataclass(frozen=True)
class RecordedTurn:
    turn: FiveDiceTurn
    filled: FilledBox


@dataclass(frozen=True)
class BoxPreview:
    box: str
    label: str
    score: int
    outcome: Outcome


class FiveDiceGame(TableGame[RecordedTurn]):
    def __init__(self, setup: Setup) -> None:
        refused = RuleError(
            "not_five_dice",
            gettext_noop("%(ruleset)s is not a five-dice game"),
            ruleset=repr(setup.ruleset),
        )
        super().__init__(setup, five_dice=True, refused=refused)
        self.rules = FIVE_DICE_RULES[setup.ruleset]
        self.sheets = [Sheet(self.rules) for _ in setup.players]
        # The rounds the throw logs show owed, turn by turn as they are played: the result
        # reads them instead of going through every turn's log again.
        self.logged_drinks: list[Drink] = []

    def copy(self) -> FiveDiceGame:
        copied = FiveDiceGame(self.setup)
        copied.history = list(self.history)
        copied.sheets = [sheet.copy() for sheet in self.sheets]
        copied.logged_drinks = list(self.logged_drinks)
        return copied

    @property
    def total_turns(self) -> int:
        return len(self.players) * self.rules.turns_per_player

    @property
    def complete(self) -> bool:
        return self.turn_count >= self.total_turns

    @property
    def round_number(self) -> int:
        """The round being played (1-based); the last round once the game is over."""
        return self.round_of_turn(self.turn_count)

    def round_of_turn(self, turn_number: int) -> int:
        """The round (1-based) the turn numbered `turn_number` (0-based) is played in; the
        last round for a number past the game's end."""
        rounds = turn_number // len(self.players)
        return min(rounds, self.rules.turns_per_player - 1) + 1

    def round_order(self, round_number: int) -> list[int]:
        """The seats in the order they throw in a round that has begun or is next."""
        players = len(self.players)
        if not self.rules.round_starters or round_number == 1:
            return list(range(players))
        previous = self.history[(round_number - 2) * players : (round_number - 1) * players]
        played = [(recorded.turn.seat, recorded.filled.score) for recorded in previous]
        return bar.round_order(bar.round_starter(played), players)

    @property
    def next_seat(self) -> int | None:
        if self.complete:
            return None
        return self.round_order(self.round_number)[self.turn_count % len(self.players)]

    def upcoming_seats(self) -> list[int]:
        """The seats of the turns still to play, in order, as far as known now: the whole game,
        or in a game with round starters the rest of this round (the next round's order
        depends on the scores to come)."""
        if self.complete:
            return []
        players = len(self.players)
        position = self.turn_count % players
        if self.rules.round_starters:
            return self.round_order(self.round_number)[position:]
        return [turn % players for turn in range(self.turn_count, self.total_turns)]

    @property
    def round_starter(self) -> tuple[int, int] | None:
        """As a bar game's round after the first begins: the seat that starts it and the box
        score that earned it last round. None at any other moment or in other games."""
        players = len(self.players)
        if not self.rules.round_starters or self.complete or self.turn_count % players:
            return None
        if self.round_number == 1:
            return None
        seat = self.round_order(self.round_number)[0]
        previous = self.history[
            (self.round_number - 2) * players : (self.round_number - 1) * players
        ]
        score = next(r.filled.score for r in previous if r.turn.seat == seat)
        return seat, score

    @property
    def last_round_starting(self) -> bool:
        """Before the bar game's last round, the scorer reads out every sub-total."""
        players = len(self.players)
        return (
            self.rules.round_starters
            and not self.complete
            and self.turn_count == (self.rules.turns_per_player - 1) * players
        )

    def subtotals(self) -> list[int]:
        return [sheet.total() for sheet in self.sheets]

    def open_boxes(self, seat: int) -> list[str]:
        return self.sheets[seat].open_boxes()

    def enter(self, seat: int, box: str, dice: Dice, *, strike: bool = False) -> FilledBox:
        """The box as `dice` would fill it on `seat`'s sheet (the box must be open)."""
        sheet = self.sheets[seat]
        if is_jackpot_box(box):
            return jackpot.enter_jackpot(sheet, category_of(box), dice, strike=strike)
        return FilledBox(box=box, score=self.rules.box_score(box, dice), dice=dice)

    def preview(self, dice: Dice, seat: int | None = None) -> list[BoxPreview]:
        """What `dice` would score in each open box of the player (by default, the next)."""
        seat = self.next_seat if seat is None else seat
        if seat is None:
            return []
        return previews(self.rules, tuple(self.open_boxes(seat)), tuple(sorted(dice)))

    def preview_table(self, seat: int | None = None) -> dict[str, dict[str, BoxPreview]]:
        """The preview for every roll of five dice, keyed by `dice_key`: one lookup a tap."""
        seat = self.next_seat if seat is None else seat
        if seat is None:
            return {}
        return preview_table(self.rules, tuple(self.open_boxes(seat)))

    def possible_paper_scores(self, seat: int, box: str) -> frozenset[int]:
        sheet = self.sheets[seat]
        category = category_of(box)
        if not is_jackpot_box(box):
            return self.rules.possible_scores(category)
        if not jackpot.can_claim(sheet, category):
            return frozenset({0})
        return jackpot.claim_scores(category) | {0}

    def check(self, turn: FiveDiceTurn) -> FilledBox:
        """The box the turn fills, or TurnNotAllowed saying why it may not be recorded."""
        try:
            return self._check(turn)
        except TurnNotAllowed:
            raise
        except RuleError as error:
            raise TurnNotAllowed.like(error) from error

    def _check(self, turn: FiveDiceTurn) -> FilledBox:
        self.check_seat(turn.seat, over=TurnNotAllowed(*GAME_FILLED))
        if self.rules.capacity(turn.box) == 0:
            raise TurnNotAllowed(
                "no_such_box",
                gettext_noop("%(box)s is not a box in %(title)s: choose one of %(boxes)s"),
                box=repr(turn.box),
                title=self.rules.title,
                boxes=", ".join(self.rules.box_keys),
            )
        name = self.players[turn.seat]
        if not self.sheets[turn.seat].is_open(turn.box):
            raise TurnNotAllowed(
                "box_filled",
                gettext_noop("%(name)s has no open %(box)s box: it is filled"),
                name=name,
                box=BoxName(turn.box),
            )
        if turn.strike and not is_jackpot_box(turn.box):
            raise TurnNotAllowed(
                "strike_not_jackpot", gettext_noop("only a jackpot box can be struck")
            )
        if (turn.dice is None) == (turn.score is None):
            raise TurnNotAllowed(
                "dice_or_score", gettext_noop("give either the five final dice or a paper score")
            )
        dice = None if turn.dice is None else check_faces(turn.dice, count=5)
        if turn.throws:
            check_throw_log(turn.throws, dice)
        if dice is not None:
            return self.enter(turn.seat, turn.box, dice, strike=turn.strike)
        return self._paper_box(turn, turn.score)

    def _paper_box(self, turn: FiveDiceTurn, score: int | None) -> FilledBox:
        box = BoxName(turn.box)
        if type(score) is not int:
            raise TurnNotAllowed(
                "score_not_whole",
                gettext_noop("a score must be a whole number, not %(score)s"),
                score=repr(score),
            )
        if turn.strike and score:
            raise TurnNotAllowed(
                "struck_scores_zero",
                gettext_noop("a struck %(box)s scores 0, not %(score)s"),
                box=box,
                score=score,
            )
        if score not in self.possible_paper_scores(turn.seat, turn.box):
            raise TurnNotAllowed(
                "impossible_score",
                gettext_noop("%(box)s cannot score %(score)s"),
                box=box,
                score=score,
            )
        return FilledBox(box=turn.box, score=score, claimed=is_jackpot_box(turn.box) and score > 0)

    def play(self, turn: FiveDiceTurn) -> FilledBox:
        filled = self.check(turn)
        self.sheets[turn.seat].fill(filled)
        self.logged_drinks += drinks_of_turn(
            turn=self.turn_count, seat=turn.seat, players=self.players, throws=turn.throws
        )
        self.history.append(RecordedTurn(turn=turn, filled=filled))
        return filled


def previews(rules: FiveDiceRules, open_boxes: tuple[str, ...], dice: Dice) -> list[BoxPreview]:
    """What `dice` score in each of `open_boxes`; only the open boxes matter, not the sheet."""
    found = []
    for box in open_boxes:
        category = category_of(box)
        if is_jackpot_box(box):
            regular_open = category in open_boxes
            score = jackpot.entry_score(category, dice, regular_open=regular_open)
            outcome: Outcome = "claim" if score else "strike"
        else:
            score = rules.box_score(box, dice)
            outcome = "score" if score else "scratch"
        found.append(BoxPreview(box, box_label(box), score, outcome))
    return found


@lru_cache(maxsize=2048)
def preview_table(
    rules: FiveDiceRules, open_boxes: tuple[str, ...]
) -> dict[str, dict[str, BoxPreview]]:
    """Cached: many sheets share the same open boxes, and a table is 252 rolls deep."""
    return {
        dice_key(roll): {preview.box: preview for preview in previews(rules, open_boxes, roll)}
        for roll in all_rolls(5)
    }


@dataclass(frozen=True)
class PreviewColumn:
    """What every roll of five dice scores in one box, in `all_rolls(5)` order.

    A box's preview depends on one thing of the sheet at most: a jackpot box claims only while
    a regular box of its kind is open (`depends_on`). `when_open` holds while that box is open,
    `when_filled` after; a box that depends on nothing has the same column in both.
    """

    box: str
    depends_on: str | None
    when_open: tuple[tuple[int, Outcome], ...]
    when_filled: tuple[tuple[int, Outcome], ...]


@lru_cache(maxsize=8)
def preview_columns(rules: FiveDiceRules) -> tuple[PreviewColumn, ...]:
    """One column per box of the game: a tablet that knows a player's open boxes looks up any
    roll's preview in them, for every turn to come, with no table per set of open boxes."""

    def column(box: str, open_boxes: tuple[str, ...]) -> tuple[tuple[int, Outcome], ...]:
        return tuple(
            (p.score, p.outcome)
            for roll in all_rolls(5)
            for p in previews(rules, open_boxes, roll)
            if p.box == box
        )

    columns = []
    for box in rules.box_keys:
        depends_on = category_of(box) if is_jackpot_box(box) else None
        when_open = column(box, (box,) if depends_on is None else (box, depends_on))
        when_filled = when_open if depends_on is None else column(box, (box,))
        columns.append(PreviewColumn(box, depends_on, when_open, when_filled))
    return tuple(columns)
