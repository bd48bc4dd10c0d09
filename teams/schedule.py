"""Round-robin schedules for team competitions: pure Python, no Django, mypy --strict.

Teams are numbered 1..n. A schedule is a list of rounds; a round is a list of (home, away)
pairings; a team with no pairing in a round has its bye there (odd n only).

The single round robin is the circle method in de Werra's canonical form: team n stays put
while the others turn round it, and in round r (0-based, the turning teams numbered 0..n-2 in
the formulas) the fixed team meets team r, and teams r+k and r-k (mod n-1) meet for
k = 1..n/2-1. What keeps the home/away pattern tidy is the alternation of venues:

- the fixed team is away in even rounds and at home in odd ones, so it never has a break;
- the pair at distance k is hosted by r+k when k is odd and by r-k when k is even.

With that alternation every turning team's venues alternate except once, around the round it
meets the fixed team: n-2 breaks for even n, which de Werra proved is the least any schedule
can have (two teams whose venues alternate perfectly must have opposite patterns, so at most
two teams go without a break). For odd n the fixed team is a phantom: meeting it is the bye,
so the one break each team would have falls on the bye and the games a team actually plays
alternate perfectly: no breaks at all.

A break here is two consecutive games of a team (a bye skipped over) on the same side: two home
games, or two away games, one after the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

Pairing = tuple[int, int]
Round = list[Pairing]

MIN_TEAMS: Final = 2
# A bound so that a typo (10000 instead of 10) does not print millions of pairings.
MAX_TEAMS: Final = 100


class ScheduleError(ValueError):
    """A schedule that cannot be drawn (too few or too many teams)."""


def _check_team_count(teams: int) -> None:
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise ScheduleError(
            f"A round robin needs between {MIN_TEAMS} and {MAX_TEAMS} teams, not {teams}."
        )


def single_round_robin(teams: int) -> list[Round]:
    """Every pair of the teams 1..`teams` meets once, in `teams - 1` rounds (even) or `teams`
    rounds with one bye each (odd), with the fewest home/away breaks (see the module's text)."""
    _check_team_count(teams)
    # With an odd count a phantom team makes the count even; its opponent has the bye.
    size = teams + teams % 2
    turning = size - 1
    fixed = size - 1
    schedule: list[Round] = []
    for r in range(turning):
        games: Round = [(r, fixed) if r % 2 == 0 else (fixed, r)]
        for k in range(1, size // 2):
            first, second = (r + k) % turning, (r - k) % turning
            games.append((first, second) if k % 2 == 1 else (second, first))
        schedule.append(
            [(home + 1, away + 1) for home, away in games if home < teams and away < teams]
        )
    return schedule


def round_robin(teams: int, *, double: bool = False) -> list[Round]:
    """The single round robin, or with `double` two legs: the second leg plays the first leg's
    rounds in the same order with home and away swapped (a mirrored double round robin).

    Why the seam between the legs costs what it costs, and why this is the least: a team's
    second-leg venues are its first-leg venues inverted, so within the second leg it has exactly
    the breaks it had in the first, and across the seam it has a break when its last first-leg
    game and its first second-leg game share a side, i.e. when its first and last first-leg games
    are on different sides. For even n a team with no break in a leg (n-1 games, alternating)
    starts and ends on the same side: no seam break; a team with one break starts and ends on
    different sides: one seam break, 3 in all; a second break in the leg would cost 4 rather
    than 3. So a mirrored double round robin has at least 3(n-2) breaks, and the canonical leg
    reaches it. For odd n each team plays n-1 (even) games a leg: with no break in the leg it
    starts and ends on different sides, so it has one seam break, and buying the seam break off
    with a break inside the leg costs two (one in each leg): at least n in all, reached here.
    """
    first_leg = single_round_robin(teams)
    if not double:
        return first_leg
    second_leg = [[(away, home) for home, away in games] for games in first_leg]
    return first_leg + second_leg


def venues(schedule: Sequence[Sequence[Pairing]], team: int) -> list[bool]:
    """The team's venues game by game (True at home), its byes skipped."""
    return [home == team for games in schedule for home, away in games if team in (home, away)]


def breaks_of(schedule: Sequence[Sequence[Pairing]], team: int) -> int:
    """How many times the team plays on the same side twice in a row (a bye skipped over)."""
    sides = venues(schedule, team)
    return sum(1 for before, after in zip(sides, sides[1:], strict=False) if before == after)


def breaks(schedule: Sequence[Sequence[Pairing]], teams: int) -> int:
    """The breaks of all teams 1..`teams` together."""
    return sum(breaks_of(schedule, team) for team in range(1, teams + 1))


def minimum_breaks(teams: int, *, double: bool = False) -> int:
    """The fewest breaks any (single, or mirrored double) round robin of `teams` can have: the
    lower bounds argued in the texts of this module and of `round_robin`."""
    _check_team_count(teams)
    if teams % 2 == 0:
        return 3 * (teams - 2) if double else teams - 2
    return teams if double else 0
