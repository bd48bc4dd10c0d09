"""The club's JSON game record (docs/game-record.md), read into engine types and written back."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from .barbut import BarbutThrow, BarbutTurn
from .dice import check_faces
from .errors import InvalidRecord, RuleError, Words, gettext_noop
from .five_dice import FiveDiceTurn
from .game_setup import GameSetup
from .games import Turn
from .options import parse_options
from .rulesets import RULESET_KEYS
from .throws import Throw

NOT_AN_OBJECT = ("record_not_object", gettext_noop("a game record must be a JSON object"))


def _throw_dice(index: int) -> Words:
    return Words(gettext_noop("throw %(index)s dice"), {"index": index})


@dataclass(frozen=True)
class GameRecord:
    setup: GameSetup
    turns: tuple[Turn, ...]


def parse_record(data: object) -> GameRecord:
    """Check a decoded JSON document's shape and types; InvalidRecord says what is wrong."""
    if not isinstance(data, Mapping):
        raise InvalidRecord(*NOT_AN_OBJECT)
    try:
        setup = _parse_setup(data)
    except RuleError as error:
        raise InvalidRecord.at(error) from error
    raw_turns = data.get("turns")
    if not isinstance(raw_turns, list):
        raise InvalidRecord(
            "turns_not_list", gettext_noop("turns must be a list (empty for a game not yet begun)")
        )
    seats = {name: seat for seat, name in enumerate(setup.players)}
    turns = []
    for index, raw in enumerate(raw_turns):
        try:
            turns.append(_parse_turn(raw, setup, seats))
        except RuleError as error:
            raise InvalidRecord.at(error, turn=index) from error
    return GameRecord(setup=setup, turns=tuple(turns))


def _parse_setup(data: Mapping[str, object]) -> GameSetup:
    ruleset = data.get("ruleset")
    if ruleset is None:
        raise RuleError("ruleset_missing", gettext_noop("ruleset is missing"))
    if not isinstance(ruleset, str) or ruleset not in RULESET_KEYS:
        raise RuleError(
            "unknown_ruleset",
            gettext_noop("unknown ruleset %(ruleset)s: choose one of %(rulesets)s"),
            ruleset=repr(ruleset),
            rulesets=", ".join(RULESET_KEYS),
        )
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise RuleError("players_not_list", gettext_noop("players must be a list of names"))
    # An optional key given as null reads as absent, as `options: null` always has.
    friendly = data.get("friendly") if data.get("friendly") is not None else False
    if not isinstance(friendly, bool):
        raise RuleError("friendly_not_bool", gettext_noop("friendly must be true or false"))
    guesses = data.get("guesses") if data.get("guesses") is not None else {}
    if not isinstance(guesses, Mapping):
        raise RuleError(
            "guesses_not_object",
            gettext_noop("guesses must be an object of player names and numbers"),
        )
    seats = {name: seat for seat, name in enumerate(players)}
    for name in guesses:
        if name not in seats:
            raise RuleError(
                "guess_not_player",
                gettext_noop("a guess is given for %(name)s, who is not a player"),
                name=repr(name),
            )
    return GameSetup(
        ruleset=ruleset,
        players=tuple(players),
        options=parse_options(data.get("options")),
        friendly=friendly,
        guesses={seats[name]: guess for name, guess in guesses.items()},
    )


def parse_turn(raw: object, setup: GameSetup) -> Turn:
    """One turn of a record (or from the tablet); RuleError says what is wrong with it."""
    return _parse_turn(raw, setup, {name: seat for seat, name in enumerate(setup.players)})


def _parse_turn(raw: object, setup: GameSetup, seats: Mapping[str, int]) -> Turn:
    if not isinstance(raw, Mapping):
        raise RuleError("turn_not_object", gettext_noop("a turn must be an object"))
    player = raw.get("player")
    if not isinstance(player, str) or player not in seats:
        raise RuleError(
            "not_a_player",
            gettext_noop("%(player)s is not a player in this game"),
            player=repr(player),
        )
    if setup.five_dice:
        return _parse_five_dice_turn(raw, seats[player])
    return _parse_barbut_turn(raw, seats[player])


def _parse_five_dice_turn(raw: Mapping[str, object], seat: int) -> FiveDiceTurn:
    box = raw.get("box")
    if not isinstance(box, str):
        raise RuleError("box_missing", gettext_noop("box is missing"))
    dice = raw.get("dice")
    score = raw.get("score")
    if dice is None and score is None:
        raise RuleError(
            "dice_or_score_missing", gettext_noop("give the five final dice or a paper score")
        )
    if dice is not None and score is not None:
        raise RuleError(
            "dice_and_score", gettext_noop("give either the dice or a paper score, not both")
        )
    if score is not None and type(score) is not int:
        raise RuleError(
            "record_score_not_whole",
            gettext_noop("score must be a whole number, not %(score)s"),
            score=repr(score),
        )
    strike = raw.get("strike", False)
    if not isinstance(strike, bool):
        raise RuleError("strike_not_bool", gettext_noop("strike must be true or false"))
    throws = raw.get("throws")
    return FiveDiceTurn(
        seat=seat,
        box=box,
        dice=None if dice is None else check_faces(dice, count=5),
        score=score if type(score) is int else None,
        strike=strike,
        throws=() if throws is None else _parse_throws(throws),
    )


def _parse_throws(raw: object) -> tuple[Throw, ...]:
    if not isinstance(raw, list) or not raw:
        raise RuleError(
            "throws_not_list", gettext_noop("throws must be a list of at least one throw")
        )
    throws = []
    for index, throw in enumerate(raw):
        if not isinstance(throw, Mapping):
            raise RuleError(
                "throw_not_object", gettext_noop("throw %(index)s must be an object"), index=index
            )
        cocked = throw.get("cocked", False)
        if not isinstance(cocked, bool):
            raise RuleError(
                "cocked_not_bool",
                gettext_noop("throw %(index)s: cocked must be true or false"),
                index=index,
            )
        if cocked:
            throws.append(Throw(cocked=True))
            continue
        if "dice" not in throw:
            raise RuleError(
                "throw_empty",
                gettext_noop("throw %(index)s has neither dice nor cocked"),
                index=index,
            )
        throws.append(Throw(dice=check_faces(throw["dice"], what=_throw_dice(index))))
    return tuple(throws)


def _parse_barbut_turn(raw: Mapping[str, object], seat: int) -> BarbutTurn:
    throws = raw.get("throws")
    if not isinstance(throws, list) or not throws:
        raise RuleError(
            "barbut_throws_missing", gettext_noop("a Barbut turn needs a list of throws")
        )
    parsed = []
    for index, throw in enumerate(throws):
        if not isinstance(throw, Mapping):
            raise RuleError(
                "throw_not_object", gettext_noop("throw %(index)s must be an object"), index=index
            )
        dice = check_faces(throw.get("dice"), what=_throw_dice(index))
        keep = check_faces(
            throw.get("keep", []),
            what=Words(gettext_noop("throw %(index)s keep"), {"index": index}),
        )
        parsed.append(BarbutThrow(dice=dice, keep=keep))
    return BarbutTurn(seat=seat, throws=tuple(parsed))


def record_to_json(
    setup: GameSetup, turns: Sequence[Turn], played: datetime | None = None
) -> dict[str, object]:
    """The record of a game, as the app exports it; `played` (aware) is written with its offset."""
    document: dict[str, object] = {
        "ruleset": setup.ruleset,
        "options": setup.options.as_dict(),
        "players": list(setup.players),
        "friendly": setup.friendly,
        "guesses": {setup.players[seat]: guess for seat, guess in setup.guesses.items()},
        "turns": [turn_to_json(turn, setup.players) for turn in turns],
    }
    if played is not None:
        document["played"] = played.isoformat(timespec="seconds")
    return document


_DATE_ONLY = re.compile(r"\d{4}-\d{2}-\d{2}")

EARLIEST_PLAYED = date(1900, 1, 1)
"""No club has a game from before this day: an earlier `played` (or "Played on") is a slip of
the keyboard, and year 1 placed in a time zone east of UTC falls before the first instant a
database or Python can hold."""


def parse_played(data: object, *, now: datetime) -> date | datetime | None:
    """The record's optional `played`: a `date` (that day in the club's time zone, which the
    caller knows and the engine does not) or an aware `datetime`; None when absent or null.

    `now` is the caller's clock in the club's time zone (its date is the club's today): the
    engine has none. A day before EARLIEST_PLAYED or after `now` is refused (check_played).
    Only importing reads it; scoring ignores it, so `parse_record` does not look at it.
    """
    if not isinstance(data, Mapping):
        raise InvalidRecord(*NOT_AN_OBJECT)
    played = data.get("played")
    if played is None:
        return None
    refused = InvalidRecord(
        "played_format",
        gettext_noop(
            "played must be an ISO 8601 date (2026-11-20) or a date and time with its offset "
            "(2026-11-20T21:30:00+01:00), not %(played)s"
        ),
        played=repr(played),
    )
    if not isinstance(played, str):
        raise refused
    try:
        if _DATE_ONLY.fullmatch(played):
            moment: date | datetime = date.fromisoformat(played)
        else:
            moment = datetime.fromisoformat(played)
    except ValueError as error:
        raise refused from error
    if isinstance(moment, datetime) and (moment.tzinfo is None or moment.utcoffset() is None):
        raise InvalidRecord(
            "played_no_offset",
            gettext_noop("played gives a time without its offset: %(played)s"),
            played=repr(played),
        )
    try:
        check_played(moment, now=now)
    except RuleError as error:
        raise InvalidRecord.like(error) from error
    return moment


def check_played(played: date | datetime, *, now: datetime) -> None:
    """RuleError unless a game played on `played` can be filed: a day (a date, or an aware
    datetime's day at its own offset) from EARLIEST_PLAYED on, and not after `now` (aware, in
    the club's time zone: a date is compared with its day, a datetime with the instant).

    The refusal's values are the date or datetime itself, for the app to word in the
    reader's locale."""
    day = played.date() if isinstance(played, datetime) else played
    if day < EARLIEST_PLAYED:
        raise RuleError(
            "played_too_early",
            gettext_noop(
                "The game is dated %(when)s, too long ago: give a day from %(earliest)s on."
            ),
            when=played,
            earliest=EARLIEST_PLAYED,
        )
    later = played > now if isinstance(played, datetime) else played > now.date()
    if later:
        raise RuleError(
            "played_in_future",
            gettext_noop(
                "The game is dated %(when)s, which is in the future: give the day it was played."
            ),
            when=played,
        )


def _canonical(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def start_fingerprint(ruleset: str, players: Sequence[str]) -> str:
    """The content fingerprint of a game before its first turn: see `record_fingerprint`."""
    return hashlib.sha256(_canonical({"ruleset": ruleset, "players": list(players)})).hexdigest()


def extend_fingerprint(fingerprint: str, turn: Mapping[str, object]) -> str:
    """The fingerprint after one more turn, given as `turn_to_json` writes it."""
    return hashlib.sha256(fingerprint.encode("ascii") + _canonical(dict(turn))).hexdigest()


def record_fingerprint(
    ruleset: str, players: Sequence[str], turns: Sequence[Mapping[str, object]]
) -> str:
    """What makes two records the same game: the ruleset, the players in seating order and
    every turn, as SHA-256 hex. Chained turn by turn, so a game keeps it current at the cost of
    one small hash a turn; options, guesses, `played` and any extra keys do not take part."""
    fingerprint = start_fingerprint(ruleset, players)
    for turn in turns:
        fingerprint = extend_fingerprint(fingerprint, turn)
    return fingerprint


def game_fingerprint(setup: GameSetup, turns: Sequence[Turn]) -> str:
    return record_fingerprint(
        setup.ruleset, setup.players, [turn_to_json(turn, setup.players) for turn in turns]
    )


def turn_to_json(turn: Turn, players: Sequence[str]) -> dict[str, object]:
    document: dict[str, object] = {"player": players[turn.seat]}
    if isinstance(turn, BarbutTurn):
        document["throws"] = [
            {"dice": list(throw.dice), "keep": list(throw.keep)} for throw in turn.throws
        ]
        return document
    document["box"] = turn.box
    if turn.dice is not None:
        document["dice"] = list(turn.dice)
    if turn.score is not None:
        document["score"] = turn.score
    if turn.strike:
        document["strike"] = True
    if turn.throws:
        document["throws"] = [_throw_json(throw) for throw in turn.throws]
    return document


def _throw_json(throw: Throw) -> dict[str, object]:
    return {"cocked": True} if throw.cocked else {"dice": list(throw.dice)}
