"""Finished games for the ratings' tests, imported through the services as the secretary
imports a paper sheet: a bar game in which each player's total is their `choice` box, so a
test says who came where in a word."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from scoring.models import Game
from scoring.services.records import import_game_record
from tests.factories import the_club
from tests.scoring.services.helpers import member

BOXES = ("fours", "fives", "sixes", "straight", "full_house", "balut")


def bar_record(totals: Mapping[str, int], played: str | None = None) -> dict[str, object]:
    """A bar game record: each player's total (5 to 30) in their choice box, every other box
    scratched."""
    players = list(totals)
    turns = []
    for box in (*BOXES, "choice"):
        for name in players:
            turns.append(
                {"player": name, "box": box, "score": totals[name] if box == "choice" else 0}
            )
    record: dict[str, object] = {"ruleset": "bar", "players": players, "turns": turns}
    if played is not None:
        record["played"] = played
    return record


def played(totals: Mapping[str, int], at: str, *, members: bool = True) -> Game:
    """A bar game played at `at` ("2026-03-01T20:00:00+01:00"); the names are members unless
    they start with "Guest" (created as needed)."""
    from scoring.models import Member

    for name in totals:
        if (
            members
            and not name.lower().startswith("guest")
            and not Member.objects.filter(known_as=name).exists()
        ):
            member(name)
    datetime.fromisoformat(at)  # a test's typo fails here, not in the import's refusal
    return import_game_record(
        in_club=the_club(),
        data=bar_record(totals, at),
        imported_by=None,
        source="test:ratings",
        allow_duplicate=True,
    )
