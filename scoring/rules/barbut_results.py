"""The result of a 4-Dice Barbut game: the winner first, then the others by score."""

from __future__ import annotations

from dataclasses import replace

from .barbut import KEY, BarbutGame
from .house_rules import DEFAULT_HOUSE_RULES, HouseRules
from .results import GameResult, PlayerResult, register_candidates, shared_places


def barbut_result(game: BarbutGame, house_rules: HouseRules = DEFAULT_HOUSE_RULES) -> GameResult:
    unranked = [
        PlayerResult(
            seat=seat,
            name=name,
            score=game.scores[seat],
            rank=0,
            lost=game.lost[seat],
            winner=seat == game.winner,
        )
        for seat, name in enumerate(game.players)
    ]
    keys = [(int(result.winner), result.score) for result in unranked]
    players = tuple(
        replace(result, rank=rank)
        for result, rank in zip(unranked, shared_places(keys), strict=True)
    )
    return GameResult(
        ruleset=KEY,
        complete=game.complete,
        players=players,
        baluts=None,
        register=register_candidates(
            KEY, complete=game.complete, players=players, house_rules=house_rules
        ),
    )
