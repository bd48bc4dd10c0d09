"""The result of a five-dice game, complete or as it stands part-way."""

from __future__ import annotations

from dataclasses import replace

from .drinks import last_place_drinks
from .five_dice import POINTS, FiveDiceGame
from .house_rules import DEFAULT_HOUSE_RULES, HouseRules
from .results import Drink, GameResult, PlayerResult, register_candidates, shared_places


def five_dice_result(
    game: FiveDiceGame, house_rules: HouseRules = DEFAULT_HOUSE_RULES
) -> GameResult:
    setup = game.setup
    baluts = sum(sheet.nonzero_baluts() for sheet in game.sheets)
    exact_guessers = (
        [seat for seat, guess in setup.guesses.items() if guess == baluts] if game.complete else []
    )
    points_of = POINTS.get(setup.ruleset)
    unranked = []
    for seat, (name, sheet) in enumerate(zip(setup.players, game.sheets, strict=True)):
        points = None
        if points_of is not None:
            points = points_of(sheet, setup.options)
            if seat in exact_guessers:
                points = replace(points, guess=setup.options.guess_points)
        unranked.append(
            PlayerResult(
                seat=seat,
                name=name,
                score=sheet.total(),
                rank=0,
                points=points,
                boxes={
                    box: [filled.score for filled in filled_boxes]
                    for box, filled_boxes in sheet.boxes.items()
                },
                category_totals=sheet.category_totals(),
                baluts=sheet.nonzero_baluts(),
            )
        )
    keys = [
        (result.points.total, result.score) if result.points is not None else (result.score,)
        for result in unranked
    ]
    players = tuple(
        replace(result, rank=rank)
        for result, rank in zip(unranked, shared_places(keys), strict=True)
    )
    return GameResult(
        ruleset=setup.ruleset,
        complete=game.complete,
        players=players,
        baluts=baluts,
        guess_winners=tuple(setup.players[seat] for seat in sorted(exact_guessers)),
        drinks=tuple(_drinks(game, players, house_rules)),
        register=register_candidates(
            setup.ruleset, complete=game.complete, players=players, house_rules=house_rules
        ),
    )


def _drinks(
    game: FiveDiceGame, players: tuple[PlayerResult, ...], house_rules: HouseRules
) -> list[Drink]:
    if not house_rules.drinks_kept(game.setup.ruleset):
        return []
    drinks = list(game.logged_drinks)
    if game.complete and not game.setup.friendly:
        drinks += last_place_drinks(players, game.players)
    return drinks
