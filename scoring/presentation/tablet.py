"""What the scorer's tablet needs from the rules engine, as JSON it can look things up in.

The tablet shows a box's score the moment the fifth die is tapped, with no round trip:
the server asks the engine once per turn for every possible roll, and the page only looks
the answer up. No rule is written again in JavaScript.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring import rules
from scoring.box_names import box_name

# As django.utils.html.json_script escapes: nothing inside can close the script tag.
SCRIPT_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}
OUTCOME_CODES = {"score": "s", "scratch": "x", "claim": "c", "strike": "k"}


def five_dice_preview(
    state: rules.FiveDiceGame, *, drinks: bool = True, rolls: bool = True
) -> dict[str, object]:
    """For the next player: each open box, and per roll its score and outcome code.

    `drinks`: whether this game books rounds owed (the club's house rules): the pad then says
    at once who owes a round for three cocks or a Balut from the cup.

    `rolls=False`: the boxes without the rolls, for a turn's answer. The tablet that sent the
    turn holds the engine's columns (`offline_columns`, sent with the full page) and looks the
    rolls of these boxes up there (static/js/tablet.js), as for a turn entered offline."""
    log = {**throw_log(), "drinks": drinks}
    seat = state.next_seat
    boxes = () if seat is None else tuple(state.open_boxes(seat))
    preview: dict[str, object] = {
        # The labels in the reader's language, each time: only the engine's figures are memoized.
        "boxes": [{"key": box, "label": box_name(box)} for box in boxes],
        "log": log,
    }
    if rolls:
        preview["rolls"] = {} if seat is None else _preview_rolls(state.rules, boxes)
    return preview


def preview_payload(state: rules.FiveDiceGame, preview: dict[str, object]) -> SafeString:
    """`preview` as JSON for its <script> tag, escaped as json_script escapes: the 252 rolls'
    part (most of the page's pad) is serialised once per set of open boxes, as it is built."""
    boxes = preview["boxes"]
    assert isinstance(boxes, list)
    log = script_json(preview["log"])
    if "rolls" not in preview:
        return mark_safe('{"boxes": %s, "log": %s}' % (script_json(boxes), log))  # noqa: S308, UP031
    rolls = _preview_rolls_json(state.rules, tuple(box["key"] for box in boxes))
    parts = (script_json(boxes), rolls, log)
    return mark_safe('{"boxes": %s, "rolls": %s, "log": %s}' % parts)  # noqa: S308, UP031


def script_json(value: object) -> str:
    """`value` as JSON for a <script> tag (what json_script puts inside it)."""
    return json.dumps(value, cls=DjangoJSONEncoder).translate(SCRIPT_ESCAPES)


def correction_preview(setup: rules.GameSetup, turns_before: list[rules.Turn]) -> dict[str, object]:
    """The dice pad's preview for correcting a five-dice turn, as the tablet had it: the game
    as that turn found it (`turns_before`, the turns played before it), so each open box of
    its player shows what the dice tapped would score there, claims and strikes included."""
    state = rules.replay(setup, turns_before)
    assert isinstance(state, rules.FiveDiceGame)
    return five_dice_preview(state)


@cache
def throw_log() -> dict[str, object]:
    """The throw log's limits and the rolls that owe a round from the cup, as the engine says."""
    facts = rules.throw_log_facts()
    return {
        "maxValid": facts.max_valid_throws,
        "firstDice": facts.first_throw_dice,
        "fromCup": list(facts.from_cup),
        "cocksPerRound": facts.cocks_per_round,
    }


def offline_plan(
    state: rules.FiveDiceGame, result: rules.GameResult | None = None
) -> dict[str, object]:
    """What the tablet needs to go on without the server, for all the turns to come: the part
    that changes turn by turn (each recorded turn's answer carries it again, so it stays small).

    The seats of those turns as far as the engine knows them, each of those players' open boxes
    with how often each can still be filled. A turn tapped offline only lowers its box's count;
    the tablet looks the rest up in `offline_columns`, sent once with the full page.

    What the engine cannot tabulate, the tablet waits for: in the bar game the next round's
    order depends on the round's scores (its rule picks the starter), so `order` stops at the
    end of the round; Barbut has no plan at all.

    `totals` (with the engine's `result`): each of those players' row totals and total score
    as the server has them. A turn waiting to be sent counts in the sheet's sums while offline:
    the tablet adds its looked-up score to these, in the rows `offline_columns` names for its
    box (`adds`). Points and places need the engine (thresholds, bonuses, ranks): they are not
    worked out on the tablet but marked as waiting for the server."""
    order = state.upcoming_seats()
    seated = sorted(set(order))
    seats = {
        str(seat): {box: state.sheets[seat].free(box) for box in state.open_boxes(seat)}
        for seat in seated
    }
    plan: dict[str, object] = {
        "base": state.turn_count,
        "order": order,
        "players": list(state.players),
        "seats": seats,
    }
    if result is not None:
        plan["totals"] = {
            str(seat): {
                "rows": dict(result.players[seat].category_totals),
                "score": result.players[seat].score,
            }
            for seat in seated
        }
    return plan


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
        # The row whose total a box counts in, as the sheet shows totals (sheets.py): a regular
        # box of a row of several boxes; a jackpot box or a single-box row shows none.
        "adds": {
            box: None
            if rules.is_jackpot_box(box) or state.rules.capacity(box) == 1
            else rules.category_of(box)
            for box in state.rules.box_keys
        },
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
        _preview_rolls_json(rules_of_game, rules_of_game.box_keys)


def forget_previews() -> None:
    """Empty the preview memos (this module's and the engine's): for measuring a cold build."""
    _preview_rolls.cache_clear()
    _preview_rolls_json.cache_clear()
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


@lru_cache(maxsize=1024)
def _preview_rolls_json(rules_of_game: rules.FiveDiceRules, boxes: tuple[str, ...]) -> str:
    return script_json(_preview_rolls(rules_of_game, boxes))


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
        "serverDownGoOn": _(
            "The server is not answering (its database is down): the last turn waits on the "
            "tablet (Pending). Play on; the turns are sent in order as soon as it answers."
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
        "cupOwes": _("Balut from the cup: logged. %(player)s owes everyone a round."),
        "cocksOwe": _("Three cocks in a row: %(player)s owes the others a round."),
        "logNone": _(
            "The dice above are the last throw logged: tap a die, then its new face, for each "
            "die thrown again."
        ),
        "undoLog": _("Undo %(entry)s"),
        "roundEnd": _(
            "No connection: this turn is kept on the tablet. It is the last of its round, and "
            "who starts the next round depends on this round's scores: the pad waits for the "
            "server."
        ),
        "gameEnd": _(
            "No connection: this last turn is kept on the tablet. The result follows as soon "
            "as the server answers."
        ),
        "pendingSum": _("Counts the turns waiting to be sent."),
        "pendingWait": _("Follows from the server once the waiting turns are sent."),
        "movedOn": _(
            "The game moved on while this tablet was put away: turn %(n)s is next. The sheet "
            "is up to date."
        ),
        "setAside": _("set aside %(dice)s"),
        "nothing": _("nothing"),
        "kept": _("kept %(dice)s"),
        "nothingKept": _("nothing kept"),
        # A box's outcome beside its points in the previews ("0 gestrichen", "16 vundet").
        "scratch": pgettext("box outcome", "scratch"),
        "claim": pgettext("box outcome", "claim"),
        "strike": pgettext("box outcome", "strike"),
    }
