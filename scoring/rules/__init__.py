"""The rules engine: every rule of the club's four games, in pure Python.

Nothing here touches Django or a database, so validation, the tablet's preview, the
PDF sheets, the register and the drinks ledger all ask the same code.
"""

from .barbut import (
    WINNING_SCORE,
    BarbutGame,
    BarbutThrow,
    BarbutTurn,
    ThrowChoice,
    ThrowReading,
    TurnInProgress,
    TurnOutcome,
    keep_value,
    read_throw,
    set_aside_options,
    throw_table,
)
from .boxes import (
    BALUT_BOX,
    CATEGORIES,
    CATEGORY_LABELS,
    FiveDiceRules,
    box_label,
    category_of,
    is_jackpot_box,
)
from .dice import Dice, all_rolls, check_faces, dice_key
from .errors import InvalidRecord, RuleError, TurnNotAllowed
from .five_dice import FIVE_DICE_RULES, BoxPreview, FiveDiceGame, FiveDiceTurn, PreviewColumn
from .five_dice import preview_columns as five_dice_preview_columns
from .five_dice import preview_table as five_dice_preview_table
from .game_setup import MAX_PLAYERS, MIN_PLAYERS, GameSetup
from .games import Game, Turn, new_game, play, played, replay, result
from .house_rules import DEFAULT_HOUSE_RULES, HouseRules
from .options import Options, RegisterBounds, parse_options
from .record import (
    EARLIEST_PLAYED,
    GameRecord,
    check_played,
    extend_fingerprint,
    game_fingerprint,
    parse_played,
    parse_record,
    parse_turn,
    record_fingerprint,
    record_to_json,
    start_fingerprint,
    turn_to_json,
)
from .report import error_json, result_to_json, score_record, score_text
from .results import Drink, GameResult, PlayerResult, RegisterCandidate
from .rulesets import (
    BAR_BALUT,
    BARBUT4,
    DEFAULT_RULESET,
    JACKPOT_BALUT,
    RULESET_KEYS,
    RULESET_TITLES,
    RULESETS,
    STANDARD_BALUT,
    RulesetInfo,
    ruleset_info,
)
from .sheet import FilledBox, Sheet
from .throws import Throw, ThrowLogFacts, throw_log_facts

__all__ = [
    "BAR_BALUT",
    "BARBUT4",
    "BALUT_BOX",
    "CATEGORIES",
    "CATEGORY_LABELS",
    "DEFAULT_HOUSE_RULES",
    "DEFAULT_RULESET",
    "FIVE_DICE_RULES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RULESETS",
    "RULESET_KEYS",
    "RULESET_TITLES",
    "WINNING_SCORE",
    "BarbutGame",
    "BarbutThrow",
    "BarbutTurn",
    "BoxPreview",
    "Dice",
    "Drink",
    "FilledBox",
    "FiveDiceGame",
    "FiveDiceRules",
    "FiveDiceTurn",
    "Game",
    "GameRecord",
    "GameResult",
    "GameSetup",
    "HouseRules",
    "InvalidRecord",
    "JACKPOT_BALUT",
    "Options",
    "PlayerResult",
    "PreviewColumn",
    "RegisterBounds",
    "RegisterCandidate",
    "RuleError",
    "STANDARD_BALUT",
    "RulesetInfo",
    "Sheet",
    "Throw",
    "ThrowLogFacts",
    "Turn",
    "TurnInProgress",
    "TurnNotAllowed",
    "ThrowChoice",
    "ThrowReading",
    "TurnOutcome",
    "all_rolls",
    "box_label",
    "category_of",
    "check_faces",
    "dice_key",
    "error_json",
    "extend_fingerprint",
    "game_fingerprint",
    "five_dice_preview_columns",
    "five_dice_preview_table",
    "is_jackpot_box",
    "keep_value",
    "new_game",
    "parse_options",
    "parse_played",
    "check_played",
    "EARLIEST_PLAYED",
    "parse_record",
    "parse_turn",
    "play",
    "played",
    "record_fingerprint",
    "record_to_json",
    "replay",
    "result",
    "result_to_json",
    "ruleset_info",
    "score_record",
    "score_text",
    "read_throw",
    "set_aside_options",
    "throw_log_facts",
    "start_fingerprint",
    "throw_table",
    "turn_to_json",
]
