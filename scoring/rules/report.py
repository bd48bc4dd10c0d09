"""A game's result as the JSON object `score_game` prints (docs/game-record.md)."""

from __future__ import annotations

import json

from .errors import InvalidRecord
from .games import replay, result
from .house_rules import DEFAULT_HOUSE_RULES, HouseRules
from .record import parse_record
from .results import GameResult, PlayerResult


def score_record(data: object, house_rules: HouseRules = DEFAULT_HOUSE_RULES) -> GameResult:
    """Score a decoded game record; InvalidRecord names the first thing wrong with it."""
    record = parse_record(data)
    return result(replay(record.setup, record.turns), house_rules)


def result_to_json(game: GameResult) -> dict[str, object]:
    return {
        "ruleset": game.ruleset,
        "complete": game.complete,
        "players": [_player_json(player) for player in game.players],
        "baluts": game.baluts,
        "guess_winners": list(game.guess_winners),
        "drinks": [
            {
                "player": drink.player,
                "reason": drink.reason,
                "owed_to": list(drink.owed_to),
                "turn": drink.turn,
            }
            for drink in game.drinks
        ],
        "register": [
            {"player": entry.player, "score": entry.score, "kind": entry.kind}
            for entry in game.register
        ],
    }


def _player_json(player: PlayerResult) -> dict[str, object]:
    document: dict[str, object] = {
        "name": player.name,
        "score": player.score,
        "points": player.total_points,
        "rank": player.rank,
    }
    if player.points is not None:
        document["points_by_kind"] = {
            "category": player.points.category,
            "jackpot_bonus": player.points.jackpot_bonus,
            "score": player.points.score,
            "guess": player.points.guess,
        }
    if player.boxes:
        document["boxes"] = player.boxes
        document["category_totals"] = player.category_totals
    if game_is_barbut(player):
        document["lost"] = player.lost
        document["winner"] = player.winner
    return document


def game_is_barbut(player: PlayerResult) -> bool:
    return not player.boxes


def error_json(error: InvalidRecord) -> dict[str, object]:
    document: dict[str, object] = {"error": str(error)}
    if error.turn is not None:
        document["turn"] = error.turn
    return document


def score_text(text: str, house_rules: HouseRules = DEFAULT_HOUSE_RULES) -> dict[str, object]:
    """Score a record given as JSON text: the result, or `{"error": ...}` for any bad input."""
    if not text.strip():
        return {"error": "the file is empty; a game record is a JSON object"}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return {"error": f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"}
    except RecursionError:
        return {"error": "not a game record: the JSON is nested too deeply"}
    except ValueError as error:
        # Python refuses integers of thousands of digits before any rule could.
        return {"error": f"not a game record: {error}"}
    try:
        return result_to_json(score_record(data, house_rules))
    except InvalidRecord as error:
        return error_json(error)
