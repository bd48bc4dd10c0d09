"""Every tie-breaker of every competition, named once: pure Python, no Django, mypy --strict.

A season's standings (league), a tournament's day (tournaments) and a team table (teams) rank
by tie-breakers the organiser picks in order. Each breaker has one key (what the database keeps),
one label (the English msgid, worded in the reader's language by `gettext` where it is shown)
and one way of comparing (more is better, fewer is better, or head to head: counted only among
the rows still level). Each competition picks from its own list (`LEAGUE`, `TOURNAMENT`, `TEAM`)
and has a usual order it ranks by until its organiser chooses.

`rank` applies the breakers of any competition: the first ranks everyone, each next one only
orders the rows every earlier one left level. Rows level on every breaker share a rank and keep
the order they came in: the order is total and stable. Each placed row says which breaker set it
below the row above when a breaker after the first did (the pages show what decided a tie).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from .errors import RuleError, gettext_noop


class Compare(Enum):
    MORE = "more"  # more of it ranks higher
    FEWER = "fewer"  # fewer of it ranks higher
    AMONG_LEVEL = "among_level"  # counted only against the rows still level (head to head)


@dataclass(frozen=True)
class Tiebreaker:
    key: str
    label: str
    compare: Compare
    # The label where the game is ranked by points rather than by score, when it differs.
    label_by_points: str | None = None
    # A sum over the games played: read per game when a competition ranks by average.
    summed: bool = False


HEAD_TO_HEAD = "head_to_head"

TIEBREAKERS: dict[str, Tiebreaker] = {
    breaker.key: breaker
    for breaker in (
        Tiebreaker("points", gettext_noop("Points"), Compare.MORE, summed=True),
        Tiebreaker("score", gettext_noop("Total score"), Compare.MORE, summed=True),
        Tiebreaker(
            "average",
            gettext_noop("Average score"),
            Compare.MORE,
            label_by_points=gettext_noop("Average points"),
        ),
        Tiebreaker("wins", gettext_noop("Wins"), Compare.MORE, summed=True),
        Tiebreaker("best", gettext_noop("Highest game"), Compare.MORE),
        Tiebreaker("games", gettext_noop("Games played"), Compare.MORE),
        Tiebreaker("baluts", gettext_noop("Baluts"), Compare.MORE, summed=True),
        Tiebreaker("fewest_last", gettext_noop("Fewest last places"), Compare.FEWER),
        Tiebreaker(
            "fewest_balutless",
            gettext_noop("Fewest games without a Balut"),
            Compare.FEWER,
            summed=True,
        ),
        Tiebreaker(HEAD_TO_HEAD, gettext_noop("Head to head"), Compare.AMONG_LEVEL),
        Tiebreaker("match_points", gettext_noop("Match points"), Compare.MORE),
        Tiebreaker("difference", gettext_noop("Game points difference"), Compare.MORE),
        Tiebreaker("score_for", gettext_noop("Game points scored"), Compare.MORE),
    )
}

# What each competition may rank by, in the order its form offers them.
# A season's standings, one query of the kept lines (league.selectors.standings): no head to head.
LEAGUE: tuple[str, ...] = ("average", "wins", "best", "games", "baluts", "fewest_last")
# A tournament's day (tournaments.standings).
TOURNAMENT: tuple[str, ...] = (
    "points",
    "score",
    "wins",
    "best",
    "baluts",
    HEAD_TO_HEAD,
    "fewest_balutless",
)
# A division's team table (teams.tables).
TEAM: tuple[str, ...] = ("match_points", "difference", "score_for", "wins", HEAD_TO_HEAD)
# Keys a competition once kept under another name (a stored value or an old archive): read as the
# key they became. Teams kept "won" for their matches won until they were "wins" like everyone's.
RENAMED: dict[str, str] = {"won": "wins"}


def league_usual_order(*, by_points: bool) -> list[str]:
    """The order a club ranks a game's standings by until it chooses its own: games played
    breaks the last tie in the games ranked by points only."""
    return ["average", "wins", "best", *(["games"] if by_points else [])]


def tournament_usual_order(*, by_points: bool) -> list[str]:
    """Sum of game points, then total score, then Baluts (the score first where a game has
    no points)."""
    return ["points", "score", "baluts"] if by_points else ["score", "wins", "baluts"]


# The order team tables kept before tie-breakers were a choice.
TEAM_USUAL_ORDER: tuple[str, ...] = TEAM


def label(key: str, *, by_points: bool = False) -> str:
    """The breaker's English label: the msgid the app words in the reader's language."""
    breaker = TIEBREAKERS[key]
    return breaker.label_by_points if by_points and breaker.label_by_points else breaker.label


def higher_first(key: str) -> bool:
    """Whether a larger figure ranks higher (for a database's ORDER BY); not head to head."""
    compare = TIEBREAKERS[key].compare
    if compare is Compare.AMONG_LEVEL:
        raise ValueError(f"{key!r} is counted among the rows still level, not one by one")
    return compare is Compare.MORE


def check_order(keys: object, allowed: Collection[str], *, most: int | None = None) -> list[str]:
    """`keys` as a list when it is a non-empty list of `allowed` keys, each once, at most `most`
    of them; else a RuleError saying what is wrong (codes "tiebreakers_count",
    "tiebreaker_unknown", "tiebreaker_twice")."""
    if not isinstance(keys, list | tuple) or not keys or (most is not None and len(keys) > most):
        raise RuleError(
            "tiebreakers_count",
            gettext_noop("Pick 1 to %(most)s tie-breakers, in order."),
            most=most if most is not None else len(allowed),
        )
    for key in keys:
        if key not in allowed:
            raise RuleError(
                "tiebreaker_unknown",
                gettext_noop("Unknown tie-breaker %(key)s (known: %(known)s)."),
                key=repr(key),
                known=", ".join(allowed),
            )
    if len(set(keys)) != len(keys):
        raise RuleError("tiebreaker_twice", gettext_noop("Pick each tie-breaker once."))
    return [str(key) for key in keys]


R = TypeVar("R")
# A row's figure for a breaker, given the rows still level with it (head to head reads them):
# as it is, more or fewer; `rank` turns it so that larger is better.
Measure = Callable[[str, R, Sequence[R]], int]


@dataclass(frozen=True)
class Placed(Generic[R]):
    row: R
    rank: int
    # The breaker that put this row below the one above, when a breaker after the first did
    # (they were level on all the earlier ones); None when the first breaker did, for the
    # first row, and for a row level with the one above on every breaker.
    decided_by: str | None


def _value(key: str, row: R, level: Sequence[R], measure: Measure[R]) -> int:
    value = measure(key, row, level)
    return -value if TIEBREAKERS[key].compare is Compare.FEWER else value


def _blocks(
    group: list[R], breakers: Sequence[str], step: int, measure: Measure[R]
) -> list[tuple[list[R], int | None]]:
    """The group in blocks of rows level on every breaker from `step` on, each block with the
    index of the breaker that set it apart from the block above (None for the first)."""
    if step == len(breakers) or len(group) < 2:
        return [(group, None)]
    key = breakers[step]
    values = [_value(key, row, group, measure) for row in group]
    # sorted() is stable: rows this breaker leaves level keep their order.
    ranked = sorted(range(len(group)), key=lambda index: -values[index])
    blocks: list[tuple[list[R], int | None]] = []
    start = 0
    for end in range(1, len(ranked) + 1):
        if end < len(ranked) and values[ranked[end]] == values[ranked[start]]:
            continue
        inner = _blocks([group[i] for i in ranked[start:end]], breakers, step + 1, measure)
        if start > 0:
            inner[0] = (inner[0][0], step)
        blocks.extend(inner)
        start = end
    return blocks


def rank(rows: Sequence[R], breakers: Sequence[str], measure: Measure[R]) -> list[Placed[R]]:
    """Every row ranked by the breakers in turn, best first; ValueError for an unknown key."""
    unknown = [key for key in breakers if key not in TIEBREAKERS]
    if unknown:
        raise ValueError(f"unknown tie-breaker {unknown[0]!r}")
    placed: list[Placed[R]] = []
    for block, apart_at in _blocks(list(rows), breakers, 0, measure):
        place = len(placed) + 1
        for position, row in enumerate(block):
            decided = breakers[apart_at] if position == 0 and apart_at else None
            placed.append(Placed(row, place, decided))
    return placed
