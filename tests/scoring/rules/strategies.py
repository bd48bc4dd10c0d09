"""Random games for the property tests.

Each game is played from an integer seed, so a failing example names the seed that replays it.
A five-dice game is built as a tablet would: at each turn, random dice go into a random open
box of the player whose turn it is. Uniform dice and boxes make poor games (T near 150), which
never test the upper bounds, so the dice lean towards strong throws, and a "greedy" game puts
them, more often than not, in the open box where they score most. A Barbut turn sets aside one
of `set_aside_options` of each throw, then banks or throws on at random.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from scoring.rules import (
    RULESET_KEYS,
    BarbutGame,
    BarbutThrow,
    BarbutTurn,
    FiveDiceGame,
    FiveDiceTurn,
    GameSetup,
    Options,
    is_jackpot_box,
    set_aside_options,
)

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")
FIVE_DICE_RULESETS = ("balut", "jackpot", "bar")
TURNS_PER_PLAYER = {"balut": 28, "jackpot": 34, "bar": 7}
LUCK = (0.1, 0.5, 0.95)  # how often a game's throw is a strong one rather than uniform dice
STRONG_THROWS = (
    (6, 6, 6, 6, 6),
    (5, 5, 5, 5, 5),
    (4, 4, 4, 4, 4),
    (1, 1, 1, 1, 1),
    (2, 3, 4, 5, 6),
    (1, 2, 3, 4, 5),
    (5, 5, 6, 6, 6),
    (5, 6, 6, 6, 6),
    (5, 5, 5, 5, 6),
    (4, 4, 4, 4, 6),
)
GREED = (0.0, 0.7, 1.0)  # how often a game picks the best-scoring open box
STRIKE_CHANCE = 0.2
SIX_SIXES_CHANCE = 0.03
BANK_CHANCE = 0.35
MAX_BARBUT_THROWS = 12

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.integers(min_value=2, max_value=8)
faces = st.integers(min_value=1, max_value=6)
five_dice = st.lists(faces, min_size=5, max_size=5).map(lambda dice: tuple(sorted(dice)))


def players(count: int) -> tuple[str, ...]:
    return NAMES[:count]


def random_five_dice(rnd: random.Random, luck: float = 0.0) -> tuple[int, ...]:
    if rnd.random() < luck:
        return rnd.choice(STRONG_THROWS)
    return tuple(sorted(rnd.randint(1, 6) for _ in range(5)))


def random_five_dice_turn(
    game: FiveDiceGame, rnd: random.Random, greed: float = 0.0, luck: float = 0.0
) -> FiveDiceTurn:
    seat = game.next_seat
    assert seat is not None, "the game is over"
    dice = random_five_dice(rnd, luck)
    if rnd.random() < greed:
        previews = game.preview(dice, seat)
        best = max(preview.score for preview in previews)
        box = rnd.choice([preview.box for preview in previews if preview.score == best])
    else:
        box = rnd.choice(game.open_boxes(seat))
    strike = is_jackpot_box(box) and rnd.random() < STRIKE_CHANCE
    return FiveDiceTurn(seat=seat, box=box, dice=dice, strike=strike)


def play_five_dice_game(setup: GameSetup, seed: int, turns: int | None = None) -> FiveDiceGame:
    """A game of `turns` random turns (by default, the whole game)."""
    game = FiveDiceGame(setup)
    rnd = random.Random(seed)
    greed, luck = rnd.choice(GREED), rnd.choice(LUCK)
    limit = game.total_turns if turns is None else turns
    while game.turn_count < limit:
        game.play(random_five_dice_turn(game, rnd, greed, luck))
    return game


@st.composite
def five_dice_setups(draw: st.DrawFn, rulesets: tuple[str, ...] = FIVE_DICE_RULESETS) -> GameSetup:
    ruleset = draw(st.sampled_from(rulesets))
    names = players(draw(player_counts))
    guesses = draw(st.dictionaries(st.integers(0, len(names) - 1), st.integers(0, 12)))
    return GameSetup(ruleset=ruleset, players=names, options=Options(), guesses=guesses)


@st.composite
def complete_five_dice_games(
    draw: st.DrawFn, rulesets: tuple[str, ...] = FIVE_DICE_RULESETS
) -> FiveDiceGame:
    return play_five_dice_game(draw(five_dice_setups(rulesets)), draw(seeds))


@st.composite
def partial_five_dice_games(
    draw: st.DrawFn, rulesets: tuple[str, ...] = FIVE_DICE_RULESETS
) -> FiveDiceGame:
    """A game stopped anywhere from before the first turn to just before the last."""
    setup = draw(five_dice_setups(rulesets))
    total = len(setup.players) * TURNS_PER_PLAYER[setup.ruleset]
    return play_five_dice_game(setup, draw(seeds), draw(st.integers(0, total - 1)))


def random_barbut_throws(rnd: random.Random) -> tuple[BarbutThrow, ...]:
    """One turn's throws: a legal set-aside after each throw, until a bust, 6-6-6-6 or bank."""
    in_hand = 4
    throws: list[BarbutThrow] = []
    while True:
        if in_hand == 4 and rnd.random() < SIX_SIXES_CHANCE:
            dice: tuple[int, ...] = (6, 6, 6, 6)
        else:
            dice = tuple(sorted(rnd.randint(1, 6) for _ in range(in_hand)))
        options = set_aside_options(dice)
        if not options or sorted(dice) == [6, 6, 6, 6]:
            throws.append(BarbutThrow(dice=dice, keep=()))
            return tuple(throws)
        keep, _ = rnd.choice(options)
        throws.append(BarbutThrow(dice=dice, keep=keep))
        in_hand = len(dice) - len(keep) or 4
        if len(throws) >= MAX_BARBUT_THROWS or rnd.random() < BANK_CHANCE:
            return tuple(throws)


def barbut_setup(count: int) -> GameSetup:
    return GameSetup(ruleset="barbut4", players=players(count))


def random_barbut_turn(game: BarbutGame, rnd: random.Random) -> BarbutTurn:
    seat = game.next_seat
    assert seat is not None, "the game is over"
    return BarbutTurn(seat=seat, throws=random_barbut_throws(rnd))


@st.composite
def barbut_plans(draw: st.DrawFn) -> tuple[GameSetup, int, int]:
    """A Barbut game to play: its setup, a seed, and at most how many turns to play."""
    return barbut_setup(draw(player_counts)), draw(seeds), draw(st.integers(0, 300))


def play_barbut_game(
    setup: GameSetup, seed: int, turns: int
) -> tuple[BarbutGame, list[BarbutTurn]]:
    """The game after at most `turns` random turns (fewer if someone wins), and those turns."""
    game = BarbutGame(setup)
    rnd = random.Random(seed)
    played: list[BarbutTurn] = []
    while len(played) < turns and not game.complete:
        played.append(random_barbut_turn(game, rnd))
        game.play(played[-1])
    return game, played


# Values a decoded JSON document may hold, for records that are nonsense at any depth.
json_leaves = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_leaves,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=25,
)

# Records that look almost right: the record format's own keys and plausible values, each now
# and then replaced by nonsense, so that the checks past the first few are reached too.


def mostly(plausible: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """`plausible` four times in five, otherwise any JSON value."""
    return st.integers(0, 4).flatmap(lambda roll: json_values if roll == 0 else plausible)


_near_faces = st.sampled_from([1, 2, 3, 4, 5, 6] * 3 + [0, 7, 4.0, True, "4"])
_near_dice = mostly(st.lists(_near_faces, min_size=0, max_size=6))
_box_keys = ["fours", "fives", "sixes", "straight", "full_house", "choice", "balut"]
_near_boxes = mostly(st.sampled_from([*_box_keys, "fives_jackpot", "balut_jackpot", ""]))
_five_dice_throws = mostly(
    st.lists(
        st.fixed_dictionaries({}, optional={"dice": _near_dice, "cocked": mostly(st.booleans())}),
        max_size=4,
    )
)
_barbut_throws = mostly(
    st.lists(st.fixed_dictionaries({"dice": _near_dice}, optional={"keep": _near_dice}), max_size=4)
)
_near_turns = st.fixed_dictionaries(
    {"player": mostly(st.sampled_from(NAMES[:3]))},
    optional={
        "box": _near_boxes,
        "dice": _near_dice,
        "score": mostly(st.integers(-1, 60)),
        "strike": mostly(st.booleans()),
        "throws": _five_dice_throws | _barbut_throws,
    },
)
_near_options = st.fixed_dictionaries(
    {},
    optional={
        "thresholds": mostly(st.sampled_from(["at_least", "more_than"])),
        "jackpot_bonus": mostly(st.sampled_from(["added", "replaces"])),
        "guess_points": mostly(st.integers(-1, 101)),
    },
)
record_like = st.fixed_dictionaries(
    {
        "ruleset": mostly(st.sampled_from(RULESET_KEYS)),
        "players": mostly(st.sampled_from([list(NAMES[:2]), list(NAMES[:3]), ["Ann", "Ann"]])),
        "turns": mostly(st.lists(_near_turns, max_size=6)),
    },
    optional={
        "options": mostly(_near_options),
        "friendly": mostly(st.booleans()),
        "guesses": mostly(st.dictionaries(st.sampled_from(NAMES[:4]), mostly(st.integers(-1, 9)))),
    },
)
