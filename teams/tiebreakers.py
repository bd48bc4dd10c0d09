"""Ordering a team table by the competition's tie-breakers: pure Python, no Django, mypy --strict.

The breakers are applied in the competition's order, each only among the teams every earlier
breaker left level: a team's rows are split into groups level so far, and each breaker sorts
and splits each group further. Head to head counts the match points a team took from the other
teams of its group (the group as it stands when head to head is reached, so a mini-league of
exactly the teams still level). Teams level on every breaker share a place and keep the order
they came in (the division's seeds): the ordering is total and stable.

Each row says which breaker set it below the row above (`decided_by`), when that was not the
first breaker: the table shows what decided a tie.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from enum import StrEnum
from typing import Any, Protocol, TypeVar


class Breaker(StrEnum):
    MATCH_POINTS = "match_points"
    DIFFERENCE = "difference"
    SCORE_FOR = "score_for"
    WON = "won"
    HEAD_TO_HEAD = "head_to_head"


# The order the tables kept before tie-breakers were a choice: the default, so a competition
# that chooses nothing keeps its table as it was.
DEFAULT_BREAKERS: tuple[Breaker, ...] = (
    Breaker.MATCH_POINTS,
    Breaker.DIFFERENCE,
    Breaker.SCORE_FOR,
    Breaker.WON,
    Breaker.HEAD_TO_HEAD,
)


class Standing(Protocol):
    """What a breaker reads of a table row (teams.tables.TableRow), and what it writes."""

    place: int
    decided_by: Breaker | None

    @property
    def team(self) -> Hashable: ...

    @property
    def match_points(self) -> int: ...

    @property
    def score_for(self) -> int: ...

    @property
    def won(self) -> int: ...

    @property
    def difference(self) -> int: ...

    @property
    def opponents(self) -> Mapping[Any, int]: ...


R = TypeVar("R", bound=Standing)


def parse_breakers(text: str) -> tuple[Breaker, ...]:
    """The breakers written as "match_points,difference,..."; ValueError when one is unknown,
    repeated, or none is given."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    breakers = tuple(Breaker(name) for name in names)
    if not breakers or len(set(breakers)) != len(breakers):
        raise ValueError("Name each tie-breaker once, at least one.")
    return breakers


def _measure(breaker: Breaker, group: Sequence[Standing]) -> Callable[[Standing], int]:
    if breaker == Breaker.HEAD_TO_HEAD:
        level = [row.team for row in group]
        return lambda row: sum(row.opponents.get(team, 0) for team in level)
    return lambda row: int(getattr(row, breaker.value))


def order_table(rows: Sequence[R], breakers: Sequence[Breaker]) -> list[R]:
    """The rows best first, each with its place and what decided it against the row above."""
    groups: list[list[R]] = [list(rows)]
    for row in rows:
        row.decided_by = None
    for index, breaker in enumerate(breakers):
        split: list[list[R]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            measure = _measure(breaker, group)
            # What set the group below the one above now sets whichever row leads it.
            lead = group[0].decided_by
            # sorted() is stable: rows this breaker leaves level keep their order.
            ranked = sorted(group, key=lambda row: -measure(row))
            for row in ranked:
                row.decided_by = None
            ranked[0].decided_by = lead
            current = [ranked[0]]
            for before, row in zip(ranked, ranked[1:], strict=False):
                if measure(row) == measure(before):
                    current.append(row)
                    continue
                split.append(current)
                current = [row]
                row.decided_by = breaker if index else None
            split.append(current)
        groups = split
    ordered: list[R] = []
    for group in groups:
        place = len(ordered) + 1
        for row in group:
            row.place = place
            ordered.append(row)
    return ordered
