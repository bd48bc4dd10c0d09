"""How many tables a round has and how large each is: as few tables as the table size allows,
their sizes differing by at most one (the larger tables first)."""

from __future__ import annotations

from collections.abc import Sequence

MIN_TABLE = 3
MAX_TABLE = 8
# A table is one game, and a game needs two players at least.
MIN_PLAYERS = 2


def table_sizes(players: int, table_size: int) -> tuple[int, ...]:
    """The sizes of one round's tables for `players` entrants at tables of at most `table_size`."""
    if players < MIN_PLAYERS:
        raise ValueError(f"a draw needs at least {MIN_PLAYERS} players, not {players}")
    if not MIN_TABLE <= table_size <= MAX_TABLE:
        raise ValueError(f"a table seats {MIN_TABLE} to {MAX_TABLE} players, not {table_size}")
    count = -(-players // table_size)
    small, larger = divmod(players, count)
    return tuple([small + 1] * larger + [small] * (count - larger))


def seats_met(sizes: Sequence[int], rounds: int) -> int:
    """The fewest other players anyone meets over `rounds` rounds of tables of these sizes."""
    return (min(sizes) - 1) * rounds


def crowded_repeats(sizes: Sequence[int]) -> int:
    """Repeats forced in each round after the first when a table seats more players than there
    are tables: its players came from fewer tables of the round before, so some of them sat
    together there (the fewest when they come as evenly as possible from every table)."""
    tables = len(sizes)
    forced = 0
    for size in sizes:
        each, more = divmod(size, tables)
        forced += more * (each + 1) * each // 2 + (tables - more) * each * (each - 1) // 2
    return forced


def fewest_repeats(players: int, sizes: Sequence[int], rounds: int) -> int:
    """A lower bound on the repeats of any draw of these rounds: the larger of the crowded
    tables' repeats and those forced when players meet more seats than there are others.

    The seats met over the rounds add up to `seats` (each round, each table of k gives each of
    its k players k - 1); a player meeting s seats among n - 1 others repeats at least
    s - (n - 1) of them, each repeat counted by both players of the pair. That is least when the
    seats are shared as evenly as whole numbers allow, and never less than the pairs seated
    less the pairs there are (k(k-1)/2 a table a round against n(n-1)/2)."""
    seats = rounds * sum(k * (k - 1) for k in sizes)
    each, more = divmod(seats, players)
    over = more * max(0, each + 1 - (players - 1)) + (players - more) * max(0, each - (players - 1))
    over = max(over, players * max(0, seats_met(sizes, rounds) - (players - 1)))
    return max(-(-over // 2), (rounds - 1) * crowded_repeats(sizes))
