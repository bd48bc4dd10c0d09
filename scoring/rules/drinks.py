"""The British Club house rules of 2007: who owes a round, and why."""

from __future__ import annotations

from collections.abc import Sequence

from .results import Drink, PlayerResult
from .throws import Throw, baluts_from_cup, three_cocks


def drinks_of_turn(
    *, turn: int, seat: int, players: tuple[str, ...], throws: tuple[Throw, ...]
) -> list[Drink]:
    """The rounds a turn's throw log shows owed, in the order they were thrown."""
    name = players[seat]
    others = tuple(player for player in players if player != name)
    events = [(index, "balut_from_cup") for index in baluts_from_cup(throws)]
    events += [(index, "three_cocks") for index in three_cocks(throws)]
    drinks = []
    for _, reason in sorted(events):
        if reason == "balut_from_cup":
            drinks.append(Drink(seat, name, "balut_from_cup", players, turn))
        else:
            drinks.append(Drink(seat, name, "three_cocks", others, turn))
    return drinks


def last_place_drinks(standings: Sequence[PlayerResult], players: tuple[str, ...]) -> list[Drink]:
    """Everyone in the last place owes the others a round, in seating order."""
    last = max(result.rank for result in standings)
    return [
        Drink(
            result.seat,
            result.name,
            "last_place",
            tuple(player for player in players if player != result.name),
        )
        for result in sorted(standings, key=lambda result: result.seat)
        if result.rank == last
    ]
