"""A cup's knock-out bracket: pure Python, no Django, mypy --strict.

Teams are numbered 1..n; the seeded teams are 1..seeded, best first. The bracket has the next
power of two of places (its `size`); the places no team fills are byes, so `size - n` teams go
through round one without playing.

The draw ranks the teams 1..n: the seeded ones keep their numbers, the others get the ranks
after them in an order shuffled from `seed` (the same seed, the same draw). The ranks sit in the
bracket in the standard seeding order (rank 1 at the top, rank 2 at the bottom, ranks 3 and 4
at the quarters' edges, and so on), where in round one rank r meets rank size + 1 - r. The
missing ranks n+1..size are the byes: each faces rank size + 1 - r, a real team, because fewer
than half the places are byes (n > size / 2 whenever there are byes). So the byes go to the best
ranks, the seeded teams first, two byes never meet, and ranks 1 and 2 stay in opposite halves
until the final.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

MIN_TEAMS: Final = 2
# A bound so that a typo (10000 instead of 100) does not print a bracket of millions.
MAX_TEAMS: Final = 256

# What a round is called, from the number of teams in it (its size): the names the pages
# translate. A larger round is the "Round of <size>".
FINAL: Final = 2
SEMI_FINALS: Final = 4
QUARTER_FINALS: Final = 8


class CupError(ValueError):
    """A bracket that cannot be drawn (too few or too many teams, more seeds than teams)."""


@dataclass(frozen=True)
class Tie:
    """A place in round one: two teams, or one team and a bye (`away` None)."""

    home: int
    away: int | None

    @property
    def is_bye(self) -> bool:
        return self.away is None


@dataclass(frozen=True)
class Bracket:
    teams: int
    size: int
    first_round: tuple[Tie, ...]
    """Top to bottom: the winner of ties 2k and 2k+1 (0-based) meet in round two, and so on."""

    @property
    def rounds(self) -> int:
        return self.size.bit_length() - 1

    @property
    def byes(self) -> list[int]:
        """The teams through to round two without playing."""
        return [tie.home for tie in self.first_round if tie.away is None]

    @property
    def pairs(self) -> list[tuple[int, int]]:
        """Round one's matches."""
        return [(tie.home, tie.away) for tie in self.first_round if tie.away is not None]


def bracket_size(teams: int) -> int:
    """The next power of two from `teams` (itself when it is one)."""
    return 1 << max(0, teams - 1).bit_length()


def seeding_order(size: int) -> list[int]:
    """The ranks 1..size top to bottom, so that rank r meets rank size + 1 - r in round one and
    the better ranks meet as late as they can: [1, 8, 4, 5, 2, 7, 3, 6] for eight."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [rank for kept in order for rank in (kept, total - kept)]
    return order


def draw_bracket(teams: int, *, seeded: int = 0, seed: int = 0) -> Bracket:
    """The bracket of teams 1..`teams`, teams 1..`seeded` seeded in that order, the others
    placed at random from `seed` (see the module's text)."""
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise CupError(f"A cup needs between {MIN_TEAMS} and {MAX_TEAMS} teams, not {teams}.")
    if not 0 <= seeded <= teams:
        raise CupError(f"Between 0 and {teams} teams can be seeded, not {seeded}.")
    size = bracket_size(teams)
    unseeded = list(range(seeded + 1, teams + 1))
    random.Random(seed).shuffle(unseeded)
    # The team at each rank; the ranks after the teams are the byes (None).
    at_rank: list[int | None] = [None, *range(1, seeded + 1), *unseeded]
    at_rank += [None] * (size + 1 - len(at_rank))
    order = seeding_order(size)
    ties = []
    for top, bottom in zip(order[::2], order[1::2], strict=True):
        first, second = at_rank[top], at_rank[bottom]
        # The upper rank is the better one and plays at home; it is never a bye (see above).
        assert first is not None
        ties.append(Tie(first, second))
    return Bracket(teams=teams, size=size, first_round=tuple(ties))


def round_size(bracket_size: int, round_number: int) -> int:
    """How many teams round `round_number` (from 1) of a bracket of `bracket_size` starts with."""
    return bracket_size >> (round_number - 1)


def round_name(teams_in_round: int) -> str:
    """The round's English name (the command prints it; the pages translate their own)."""
    if teams_in_round == FINAL:
        return "Final"
    if teams_in_round == SEMI_FINALS:
        return "Semi-finals"
    if teams_in_round == QUARTER_FINALS:
        return "Quarter-finals"
    return f"Round of {teams_in_round}"


def next_place(position: int) -> tuple[int, bool]:
    """Where the winner of tie `position` (0-based, top to bottom) plays in the next round: the
    tie's position there, and whether at home (the upper tie's winner hosts)."""
    return position // 2, position % 2 == 0


def meeting_round(bracket: Bracket, first: int, second: int) -> int:
    """The round in which teams `first` and `second` would meet if both kept winning."""
    places = {}
    for position, tie in enumerate(bracket.first_round):
        places[tie.home] = position
        if tie.away is not None:
            places[tie.away] = position
    a, b = places[first], places[second]
    round_number = 1
    while a != b:
        a, b, round_number = a // 2, b // 2, round_number + 1
    return round_number
