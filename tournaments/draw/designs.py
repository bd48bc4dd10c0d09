"""Known constructions that seat players without any pair meeting twice, and the choice among
them for a draw.

- The affine geometry AG(d, q) over GF(q): q**d players at tables of q for (q**d - 1)/(q - 1)
  rounds (affine.py: 9/3/4, 16/4/5, 27/3/13, 49/7/8, 64/4/21, 81/3/40, ...).
- Kirkman triple systems: v = 3 mod 6 players at tables of 3 for (v - 1)/2 rounds, every v up
  to 99 (kirkman.py: 15/3/7, 21/3/10, 33/3/16, 69/3/34, ...).
- Resolvable designs with tables of 4: v = 4 mod 12 players for (v - 1)/3 rounds, every v up to
  100 (resolvable4.py: 28/4/9, 40/4/13, 100/4/33, ...).
- Stored solved social golfer instances (golfers.py: 32/4/10).
- Cyclic groups: k * m players in k groups of m, table t of round r seating player (i, t + r*i
  mod m) of each group i. Two rounds r, r' seat (i, a) with (j, b) together only when
  (r - r')(i - j) = 0 mod m, which never happens while no product d * e (d < rounds, e < k) is a
  multiple of m: 300 players at tables of 5 for 7 rounds is 5 groups of 60 with 6 * 4 < 60.
- Field groups: the same k groups of m, over the finite field GF(m) when m is a prime power of
  at least k: table t of round r seats player (i, t + a_r * b_i) of each group i (a_r, b_i
  distinct field elements). Two rounds seat (i, x) with (j, y) together only when
  (a_r - a_r') (b_i - b_j) = 0, never in a field: m rounds without a repeat (40 players at
  tables of 5 for 8 rounds over GF(8), where the cyclic groups stop after 2).

A design with more rounds than asked gives its first rounds. Each construction also names
classes of players who never meet in the rounds used (the design's next round, a group), where
the draw puts keep-apart groups first.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tournaments.draw.affine import affine_dimension, affine_rounds
from tournaments.draw.blocks import Round
from tournaments.draw.gf import field
from tournaments.draw.golfers import STORED
from tournaments.draw.kirkman import kirkman
from tournaments.draw.resolvable4 import resolvable_fours


@dataclass(frozen=True)
class Construction:
    name: str
    # At most the rounds asked for: fewer when the construction runs out.
    rounds: tuple[Round, ...]
    # Players who never share a table in these rounds (singletons when there are none).
    classes: tuple[tuple[int, ...], ...]


def cyclic_rounds(groups: int, size: int, rounds: int) -> int:
    """How many rounds the cyclic construction of `groups` groups of `size` keeps repeat-free."""
    good = 1
    while good < rounds and all((good * e) % size for e in range(1, groups)):
        good += 1
    # Round `good` may be added only if every difference up to it is safe, checked above as
    # d = good against all group distances; smaller d were checked on the way up.
    return good


def cyclic(groups: int, size: int, rounds: int) -> tuple[Round, ...]:
    return tuple(
        tuple(
            tuple(i * size + (table + r * i) % size for i in range(groups)) for table in range(size)
        )
        for r in range(rounds)
    )


def field_groups(groups: int, size: int, rounds: int) -> tuple[Round, ...] | None:
    """Up to `size` rounds of `groups` groups of `size` over GF(size), or None without a field
    of that order or with more groups than field elements."""
    operations = field(size)
    if operations is None or groups > size:
        return None
    add, multiply = operations
    return tuple(
        tuple(
            tuple(i * size + add(table, multiply(r, i)) for i in range(groups))
            for table in range(size)
        )
        for r in range(min(rounds, size))
    )


def construct(players: int, table_size: int, rounds: int) -> Construction | None:
    """The design that seats `players` at full tables of `table_size` for the most of the
    rounds asked (the first found among those reaching all of them), or None when none fits
    (the search then does the whole draw)."""
    if players % table_size:
        return None
    best: Construction | None = None
    for found in _candidates(players, table_size, rounds):
        if best is None or len(found.rounds) > len(best.rounds):
            best = found
        if len(best.rounds) >= rounds:
            break
    return best


def _candidates(players: int, table_size: int, rounds: int) -> Iterator[Construction]:
    singletons = tuple((p,) for p in range(players))

    def truncated(name: str, design: tuple[Round, ...] | None) -> Iterator[Construction]:
        if design:
            spare = design[rounds] if rounds < len(design) else singletons
            yield Construction(name, design[:rounds], tuple(spare))

    if (d := affine_dimension(players, table_size)) is not None:
        yield from truncated(f"affine geometry AG({d}, {table_size})", affine_rounds(table_size, d))
    if table_size == 3:
        yield from truncated(f"Kirkman triple system KTS({players})", kirkman(players))
    if table_size == 4:
        yield from truncated(f"resolvable design RBIBD({players}, 4, 1)", resolvable_fours(players))
    if (players, table_size) in STORED:
        yield from truncated(*STORED[(players, table_size)])
    size = players // table_size
    columns = tuple(tuple(i * size + a for a in range(size)) for i in range(table_size))
    over_field = field_groups(table_size, size, rounds)
    if over_field is not None:
        yield Construction(f"field groups ({table_size} x GF({size}))", over_field, columns)
    good = cyclic_rounds(table_size, size, rounds)
    if good >= 2:
        yield Construction(
            f"cyclic groups ({table_size} x {size})", cyclic(table_size, size, good), columns
        )
