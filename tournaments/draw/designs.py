"""Known constructions that seat players without any pair meeting twice.

- The affine plane AG(2, q) over the finite field GF(q): q * q players at tables of q for up to
  q + 1 rounds, each round a parallel class of lines (9/3/4, 16/4/5, 25/5/6, 49/7/8).
- Kirkman's schoolgirls: 15 players at tables of 3 for 7 rounds, a solution found once by
  backtracking and written down here (checked by the golden tests).
- Cyclic groups: k * m players in k groups of m, table t of round r seating player (i, t + r*i
  mod m) of each group i. Two rounds r, r' seat (i, a) with (j, b) together only when
  (r - r')(i - j) = 0 mod m, which never happens while no product d * e (d < rounds, e < k) is a
  multiple of m: 300 players at tables of 5 for 7 rounds is 5 groups of 60 with 6 * 4 < 60.

- Field groups: the same k groups of m, over the finite field GF(m) when m is a prime power of
  at least k: table t of round r seats player (i, t + a_r * b_i) of each group i (a_r, b_i
  distinct field elements). Two rounds seat (i, x) with (j, y) together only when
  (a_r - a_r') (b_i - b_j) = 0, never in a field: m rounds without a repeat (40 players at
  tables of 5 for 8 rounds over GF(8), where the cyclic groups stop after 2).

Each construction also names classes of players who never meet in it (an unused parallel class,
a group), where the draw puts keep-apart groups first.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.draw.fields import field

Table = tuple[int, ...]
Round = tuple[Table, ...]

KIRKMAN_15: tuple[Round, ...] = (
    ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11), (12, 13, 14)),
    ((0, 3, 6), (1, 4, 7), (2, 9, 12), (5, 10, 13), (8, 11, 14)),
    ((0, 4, 9), (1, 5, 11), (2, 7, 14), (3, 8, 13), (6, 10, 12)),
    ((0, 5, 14), (1, 3, 12), (2, 6, 11), (4, 8, 10), (7, 9, 13)),
    ((0, 7, 10), (1, 6, 13), (2, 5, 8), (3, 9, 14), (4, 11, 12)),
    ((0, 8, 12), (1, 10, 14), (2, 4, 13), (3, 7, 11), (5, 6, 9)),
    ((0, 11, 13), (1, 8, 9), (2, 3, 10), (4, 6, 14), (5, 7, 12)),
)


@dataclass(frozen=True)
class Construction:
    name: str
    # At most the rounds asked for: fewer when the construction runs out.
    rounds: tuple[Round, ...]
    # Players who never share a table in these rounds (singletons when there are none).
    classes: tuple[tuple[int, ...], ...]


def affine_plane(q: int) -> tuple[Round, ...] | None:
    """The q + 1 parallel classes of AG(2, q), point (x, y) numbered x * q + y."""
    operations = field(q)
    if operations is None:
        return None
    add, multiply = operations
    classes: list[Round] = []
    for slope in range(q):
        classes.append(
            tuple(
                tuple(x * q + add(multiply(slope, x), intercept) for x in range(q))
                for intercept in range(q)
            )
        )
    classes.append(tuple(tuple(x * q + y for y in range(q)) for x in range(q)))
    return tuple(classes)


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
    """The first construction that seats `players` at full tables of `table_size`, with as many
    of the rounds as it can, or None when none fits (the search then does the whole draw)."""
    if players % table_size:
        return None
    singletons = tuple((p,) for p in range(players))
    q = table_size
    if players == q * q and (plane := affine_plane(q)) is not None:
        used = plane[:rounds]
        spare = plane[rounds] if rounds < len(plane) else singletons
        return Construction(f"affine plane AG(2, {q})", used, tuple(spare))
    if players == 15 and table_size == 3:
        used = KIRKMAN_15[:rounds]
        spare = KIRKMAN_15[rounds] if rounds < len(KIRKMAN_15) else singletons
        return Construction("Kirkman's schoolgirls", used, tuple(spare))
    size = players // table_size
    columns = tuple(tuple(i * size + a for a in range(size)) for i in range(table_size))
    over_field = field_groups(table_size, size, rounds)
    good = cyclic_rounds(table_size, size, rounds)
    if over_field is not None and len(over_field) >= good:
        return Construction(f"field groups ({table_size} x GF({size}))", over_field, columns)
    if good < 2:
        return None
    return Construction(
        f"cyclic groups ({table_size} x {size})", cyclic(table_size, size, good), columns
    )
