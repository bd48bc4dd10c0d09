"""Plausible dice for synthetic games, played through the rules engine.

The strategies are deliberately simple (keep the commonest face, chase a straight when one is
close, bank a Barbut turn once it holds enough): the point is dice a club could have thrown,
scored and checked by the engine exactly as the tablet's turns are, not good play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from scoring import rules
from scoring.rules.five_dice import previews
from scoring.selectors import turn_outcomes

# What an average box of each category is worth: a throw goes where it beats its par the most,
# so choice and balut are not spent early on a poor throw.
PAR = {
    "fours": 12,
    "fives": 15,
    "sixes": 18,
    "straight": 9,
    "full_house": 11,
    "choice": 23,
    rules.BALUT_BOX: 4,
}
JACKPOT_PAR = 2
NUMBER_BOXES = {4: "fours", 5: "fives", 6: "sixes"}
FACES = (1, 2, 3, 4, 5, 6)
STRAIGHTS = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))
STRAIGHT_FACES = tuple(frozenset(run) for run in STRAIGHTS)
COCK_CHANCE = 0.01
VALID_THROWS = 3
# A Barbut game that has not ended by then is abandoned and played again with other dice.
MAX_BARBUT_TURNS = 1500
# Bank a Barbut turn once it holds this much, by the dice left to throw: fewer dice bust sooner.
BANK_AT = {1: 100, 2: 200, 3: 350, 4: 500}


@dataclass(frozen=True)
class PlayedGame:
    """The turns of a finished game, with the box and score the engine gave each."""

    setup: rules.GameSetup
    turns: tuple[rules.Turn, ...]
    outcomes: tuple[tuple[str, int], ...]
    state: rules.Game


def roll(rng: random.Random, count: int) -> list[int]:
    # One call for all the dice: `choices` draws each face from one random() (randint costs
    # several calls a die, and a game throws hundreds of dice).
    return rng.choices(FACES, k=count)


def straight_keep(dice: list[int]) -> list[int] | None:
    """Four faces of a straight already showing: keep one of each."""
    faces = set(dice)
    for run in STRAIGHT_FACES:
        common = faces & run
        if len(common) >= 4:
            return sorted(common)
    return None


def keep_for(dice: list[int], counts: dict[int, int], open_categories: frozenset[str]) -> list[int]:
    """The dice to keep between throws (`counts`: how many of each face `dice` shows)."""
    if "straight" in open_categories:
        run = straight_keep(dice)
        if run is not None and (len(run) == 5 or max(counts.values()) < 3):
            return run

    def worth(face: int) -> float:
        # Dice of a face whose number box is still open are worth chasing; high faces break ties.
        return counts[face] + (NUMBER_BOXES.get(face) in open_categories) + face / 10

    face = max(counts, key=worth)
    return [face] * counts[face]


def five_dice_throws(
    rng: random.Random, open_categories: frozenset[str]
) -> tuple[tuple[int, ...], list[rules.Throw]]:
    """Up to three valid throws (cocked ones retaken); the final dice and the throw log."""
    throws: list[rules.Throw] = []
    kept: list[int] = []
    valid = 0
    full_house_open = "full_house" in open_categories
    while True:
        if rng.random() < COCK_CHANCE:
            throws.append(rules.Throw(cocked=True))
            continue
        thrown = roll(rng, 5 - len(kept))
        throws.append(rules.Throw(dice=tuple(thrown)))
        valid += 1
        dice = sorted(kept + thrown)
        counts = {face: dice.count(face) for face in set(dice)}
        if (
            valid == VALID_THROWS
            or len(counts) == 1
            or tuple(dice) in STRAIGHTS
            or (full_house_open and sorted(counts.values()) == [2, 3])
        ):
            return tuple(dice), throws
        kept = keep_for(dice, counts, open_categories)


@cache
def categories_of(open_boxes: tuple[str, ...]) -> frozenset[str]:
    return frozenset(rules.category_of(box) for box in open_boxes)


@cache
def par_of(box: str) -> int | None:
    """What an average throw scores in the box; None for a jackpot box."""
    return None if rules.is_jackpot_box(box) else PAR[rules.category_of(box)]


def choose_box(
    state: rules.FiveDiceGame, open_boxes: tuple[str, ...], dice: tuple[int, ...]
) -> rules.BoxPreview:
    """The open box the throw beats its par in the most, by the engine's own preview (the
    one `FiveDiceGame.preview` gives, for the open boxes already asked for)."""

    def value(preview: rules.BoxPreview) -> float:
        par = par_of(preview.box)
        if par is None:
            return preview.score * 1.5 if preview.outcome == "claim" else -JACKPOT_PAR
        return preview.score - par

    return max(previews(state.rules, open_boxes, dice), key=value)


def play_five_dice(setup: rules.GameSetup, rng: random.Random) -> PlayedGame:
    state = rules.new_game(setup)
    assert isinstance(state, rules.FiveDiceGame)
    turns: list[rules.Turn] = []
    while (seat := state.next_seat) is not None:
        open_boxes = tuple(state.open_boxes(seat))
        dice, throws = five_dice_throws(rng, categories_of(open_boxes))
        choice = choose_box(state, open_boxes, dice)
        turn = rules.FiveDiceTurn(seat=seat, box=choice.box, dice=dice, throws=tuple(throws))
        rules.play(state, turn)
        turns.append(turn)
    return PlayedGame(setup=setup, turns=tuple(turns), outcomes=_outcomes(state), state=state)


@cache
def barbut_readings() -> dict[str, rules.ThrowReading]:
    """The engine's reading of every Barbut throw, looked up rather than worked out per throw."""
    return rules.throw_table()


def barbut_choice(reading: rules.ThrowReading, in_hand: int) -> rules.ThrowChoice:
    """A four-dice combination or hot dice if thrown; else one die, keeping more to throw."""
    best = reading.choices[0]
    if len(best.keep) == in_hand:
        return best
    singles = [choice for choice in reading.choices if len(choice.keep) == 1]
    return max(singles, key=lambda choice: choice.value) if singles else best


def barbut_turn(rng: random.Random, seat: int, banked: int) -> rules.BarbutTurn:
    """Throw, set scoring dice aside, and bank once the turn holds enough."""
    readings = barbut_readings()
    throws: list[rules.BarbutThrow] = []
    in_hand, points = 4, 0
    while True:
        thrown = tuple(sorted(roll(rng, in_hand)))
        reading = readings[rules.dice_key(thrown)]
        if reading.end is not None:
            throws.append(rules.BarbutThrow(dice=thrown))
            return rules.BarbutTurn(seat=seat, throws=tuple(throws))
        choice = barbut_choice(reading, in_hand)
        throws.append(rules.BarbutThrow(dice=thrown, keep=choice.keep))
        points += choice.value
        in_hand = choice.in_hand_after
        if points >= BANK_AT[in_hand] or banked + points >= rules.WINNING_SCORE:
            # The last throw keeping dice banks the turn (RULES.md: a turn ends on a bank).
            return rules.BarbutTurn(seat=seat, throws=tuple(throws))


def play_barbut(setup: rules.GameSetup, rng: random.Random) -> PlayedGame:
    while True:
        state = rules.new_game(setup)
        assert isinstance(state, rules.BarbutGame)
        turns: list[rules.Turn] = []
        while (seat := state.next_seat) is not None and len(turns) < MAX_BARBUT_TURNS:
            turn = barbut_turn(rng, seat, state.scores[seat])
            rules.play(state, turn)
            turns.append(turn)
        if state.complete:
            return PlayedGame(
                setup=setup, turns=tuple(turns), outcomes=_outcomes(state), state=state
            )


def play_game(setup: rules.GameSetup, rng: random.Random) -> PlayedGame:
    """A whole game of `setup`, every turn checked and scored by the engine."""
    return play_five_dice(setup, rng) if setup.five_dice else play_barbut(setup, rng)


def _outcomes(state: rules.Game) -> tuple[tuple[str, int], ...]:
    # The very function the turn service stores Turn.box and Turn.score from.
    return tuple((outcome.box, outcome.score) for outcome in turn_outcomes(state))
