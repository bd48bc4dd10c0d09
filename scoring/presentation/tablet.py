"""What the scorer's tablet needs from the rules engine, as JSON it can look things up in.

The tablet shows a box's score the moment the fifth die is tapped, with no round trip:
the server asks the engine once per turn for every possible roll, and the page only looks
the answer up. No rule is written again in JavaScript.
"""

from __future__ import annotations

from functools import cache, lru_cache

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring import rules
from scoring.box_names import box_name

OUTCOME_CODES = {"score": "s", "scratch": "x", "claim": "c", "strike": "k"}


def five_dice_preview(state: rules.FiveDiceGame) -> dict[str, object]:
    """For the next player: each open box, and per roll its score and outcome code."""
    seat = state.next_seat
    if seat is None:
        return {"boxes": [], "rolls": {}, "log": throw_log()}
    boxes = tuple(state.open_boxes(seat))
    return {
        # The labels in the reader's language, each time: only the engine's figures are memoized.
        "boxes": [{"key": box, "label": box_name(box)} for box in boxes],
        "rolls": _preview_rolls(state.rules, boxes),
        "log": throw_log(),
    }


@cache
def throw_log() -> dict[str, object]:
    """The throw log's limits and the rolls that owe a round from the cup, as the engine says."""
    facts = rules.throw_log_facts()
    return {
        "maxValid": facts.max_valid_throws,
        "firstDice": facts.first_throw_dice,
        "fromCup": list(facts.from_cup),
    }


def offline_plan(state: rules.FiveDiceGame) -> dict[str, object]:
    """What the tablet needs to go on without the server, for all the turns to come: the part
    that changes turn by turn (each recorded turn's answer carries it again, so it stays small).

    The seats of those turns as far as the engine knows them, each of those players' open boxes
    with how often each can still be filled. A turn tapped offline only lowers its box's count;
    the tablet looks the rest up in `offline_columns`, sent once with the full page.

    What the engine cannot tabulate, the tablet waits for: in the bar game the next round's
    order depends on the round's scores (its rule picks the starter), so `order` stops at the
    end of the round; Barbut has no plan at all."""
    order = state.upcoming_seats()
    seats = {
        str(seat): {box: state.sheets[seat].free(box) for box in state.open_boxes(seat)}
        for seat in sorted(set(order))
    }
    return {
        "base": state.turn_count,
        "order": order,
        "players": list(state.players),
        "seats": seats,
    }


def offline_columns(state: rules.FiveDiceGame) -> dict[str, object]:
    """The part of the offline plan that never changes during a game, sent with the full page
    only: the boxes' names and the engine's preview columns, per box, per roll, the score and
    outcome code (`rolls` lists the rolls, five faces each). A jackpot box's column depends on
    its regular box being open (`if`), so the engine gives both (`else`)."""
    rounds = state.rules.turns_per_player
    return {
        "labels": {box: box_name(box) for box in state.rules.box_keys},
        # The header's "Round N of M" for each turn of the game, by turn number: offline the
        # tablet moves it on with the pad instead of leaving it at the last answer's round.
        "round_titles": [
            _("Round %(round_number)s of %(rounds)s") % {"round_number": n, "rounds": rounds}
            for n in range(1, rounds + 1)
        ],
        "turn_rounds": [state.round_of_turn(turn) for turn in range(state.total_turns)],
        **_columns_payload(state.rules),
    }


@lru_cache(maxsize=8)
def _columns_payload(rules_of_game: rules.FiveDiceRules) -> dict[str, object]:
    # The same for every game of a ruleset: built once per process.
    def encoded(column: tuple[tuple[int, str], ...]) -> dict[str, object]:
        return {
            "s": [score for score, _ in column],
            "o": "".join(OUTCOME_CODES[outcome] for _, outcome in column),
        }

    columns: dict[str, object] = {}
    for column in rules.five_dice_preview_columns(rules_of_game):
        payload = encoded(column.when_open)
        if column.depends_on is not None:
            payload.update({"if": column.depends_on, "else": encoded(column.when_filled)})
        columns[column.box] = payload
    return {
        "rolls": "".join(rules.dice_key(roll) for roll in rules.all_rolls(5)),
        "columns": columns,
    }


def warm_previews() -> None:
    """Build the memos a game's page and first turn read, for every game: before a server
    process takes requests (balutclub.warmup), so no worker's first turn builds them."""
    throw_log()
    barbut_throws()
    for rules_of_game in rules.FIVE_DICE_RULES.values():
        _columns_payload(rules_of_game)
        _preview_rolls(rules_of_game, rules_of_game.box_keys)


def forget_previews() -> None:
    """Empty the preview memos (this module's and the engine's): for measuring a cold build."""
    _preview_rolls.cache_clear()
    _columns_payload.cache_clear()
    rules.five_dice_preview_columns.cache_clear()
    rules.five_dice_preview_table.cache_clear()


@lru_cache(maxsize=1024)
def _preview_rolls(
    rules_of_game: rules.FiveDiceRules, boxes: tuple[str, ...]
) -> dict[str, list[list[object]]]:
    # Every sheet with the same open boxes gets the same table: build it once per process.
    table = rules.five_dice_preview_table(rules_of_game, boxes)
    return {
        key: [[previews[box].score, OUTCOME_CODES[previews[box].outcome]] for box in boxes]
        for key, previews in table.items()
    }


@cache
def barbut_throws() -> dict[str, object]:
    """Every throw of one to four dice: how it ends the turn, or what may be set aside."""
    return {
        key: {
            "end": reading.end,
            "choices": [
                {"keep": list(c.keep), "value": c.value, "in_hand_after": c.in_hand_after}
                for c in reading.choices
            ],
        }
        for key, reading in rules.throw_table().items()
    }


def tablet_words() -> dict[str, str]:
    """The tablet's own words, translated here: tablet.js only fills in the figures."""
    return {
        "die": _("Die %(n)s: %(face)s"),
        "notSet": _("not set"),
        "fiveSet": _(
            "All five dice are set. To change one, tap that die above, then its new face; or Clear."
        ),
        "pickFace": _("Now tap the new face for die %(n)s."),
        "offline": _(
            "No connection: this turn is kept on the tablet and sent as soon as the server "
            "answers (or tap Pending)."
        ),
        "offlineGoOn": _(
            "No connection: the last turn waits on the tablet (Pending). Play on; the turns "
            "are sent in order as soon as the server answers."
        ),
        "pending": _("Pending: turn %(n)s, %(player)s, %(turn)s (%(score)s)"),
        "heldBehind": _("Not sent: turn %(n)s before it was refused."),
        "sending": _("Sending…"),
        "unsent": _("Turn %(n)s was not recorded: %(player)s, %(turn)s."),
        "discard": _("Discard"),
        "useAgain": _("Enter it for this turn"),
        "restored": _("This turn's taps were brought back from the tablet."),
        "cocked": _("cocked"),
        "throwsLogged": _("%(n)s throws logged"),
        "bank": _("Bank %(n)s"),
        "throwOrBank": _("Throw again or bank. To change the set-aside, tap another."),
        "tapDice": _("Tap the %(n)s dice thrown."),
        "chooseAside": _("Choose the dice set aside."),
        "bust": _("Bust: the turn's points are lost. A mistap? Undo it."),
        "sixes": _("6-6-6-6! A mistap? Undo it."),
        "logFull": _(
            "A turn has at most %(n)s valid throws: this throw was not logged, and the log "
            "is kept. A mistake? Clear the log."
        ),
        "logFirst": _("The first valid throw is of all %(n)s dice: this throw was not logged."),
        "cupLogged": _("Balut from the cup: logged. The drinks follow."),
        "setAside": _("set aside %(dice)s"),
        "nothing": _("nothing"),
        "kept": _("kept %(dice)s"),
        "nothingKept": _("nothing kept"),
        # A box's outcome beside its points in the previews ("0 gestrichen", "16 vundet").
        "scratch": pgettext("box outcome", "scratch"),
        "claim": pgettext("box outcome", "claim"),
        "strike": pgettext("box outcome", "strike"),
    }
