"""Kirkman triple systems KTS(v): v players (v = 3 mod 6) at tables of three for (v - 1) / 2
rounds, every pair together exactly once. Built, not stored, for every v = 3 mod 6 this module
knows a construction for (all of them up to 99):

- v = 3**d: the lines of AG(d, 3) (affine.py).
- v = 2q + 1, q = 1 mod 6 a prime power (15, 27, 39, 51, 63, 75, 87, 99): a base round over
  GF(q) x {1, 2} plus a point at infinity, moved by adding each element of GF(q) (Ray-Chaudhuri
  and Wilson, 1971; Handbook of Combinatorial Designs, 2nd ed., VII.6.3).
- v = 3q, q = 1 mod 6 a prime power (21, 57, 93): GF(q) x {0, 1, 2}, from the cube roots of
  unity a**(2t), a**(4t) (q = 6t + 1): translates of one base round, and 3t rounds each of the
  translates of one transversal triple (Ray-Chaudhuri and Wilson, 1971).
- v = a * b from KTS(a) and KTS(b) (45 = 3 * 15): each KTS(b) copied on a's points' columns,
  and across columns the triples {(x, i), (y, j), (z, -i-j)} of every triple {x, y, z} of KTS(a)
  over Z_b (a Latin square of odd order), in b rounds per round of KTS(a).
- v = 2w + 1 from a pairwise balanced design on w points with lines of 4 or 7 (33 from the
  16 points and lines of AG(2, 4)): every point doubled (x and x'), a point at infinity, and on
  each line of k points a KTS(2k + 1) whose triples through infinity are {inf, x, x'}
  (Handbook of Combinatorial Designs, 2nd ed., IX.6.4). 69 = 2 * 34 + 1 takes Brouwer's
  PBD(34, {4, 7}) (Beth, Jungnickel and Lenz, Design Theory, 2nd ed., IX.4.5; built below
  from its base blocks over Z_9 x Z_3 and seven points outside).

No cyclic 1-rotational KTS(69) exists (Z_68 and infinity): a triple's three differences,
taken up to sign, hold an even number of odd ones, so 11 base triples cannot cover the 17 odd
differences 1, 3, ..., 33 of Z_68 once each; hence the PBD route above.
"""

from __future__ import annotations

from functools import lru_cache

from tournaments.draw.affine import affine_dimension, affine_rounds
from tournaments.draw.blocks import Round, Table, normal
from tournaments.draw.gf import galois_field
from tournaments.draw.resolvable4 import resolvable_fours


@lru_cache(maxsize=32)
def kirkman(v: int) -> tuple[Round, ...] | None:
    """The (v - 1) / 2 rounds of a KTS(v), or None when v is not 3 mod 6 or no construction
    here reaches it."""
    if v % 6 != 3:
        return None
    if v == 3:
        return (((0, 1, 2),),)
    if (d := affine_dimension(v, 3)) is not None:
        return affine_rounds(3, d)
    q = (v - 1) // 2
    if q % 6 == 1 and galois_field(q) is not None:
        return _double_plus_one(q)
    q = v // 3
    if q % 6 == 1 and galois_field(q) is not None:
        return _triple(q)
    for a in range(3, v, 6):
        if v % a == 0 and (v // a) % 6 == 3 and a < v:
            left, right = kirkman(a), kirkman(v // a)
            if left is not None and right is not None:
                return _product(left, a, right, v // a)
    lines = _lines_of_four_or_seven((v - 1) // 2)
    if lines is not None:
        return _pasted((v - 1) // 2, lines)
    return None


def _double_plus_one(q: int) -> tuple[Round, ...]:
    gf = galois_field(q)
    assert gf is not None
    t = (q - 1) // 6
    # m with 2 a**m == a**t + 1, so that a**m - a**t == -(a**m - 1): the two mixed pairs of each
    # triple then differ by a**(3t) = -1 and cover every nonzero difference between the halves
    # once (a**t != -1 = a**(3t), so the sum is nonzero).
    m = gf.log[gf.mul(gf.add(gf.power(t), 1), gf.inv[gf.add(1, 1)])]
    infinity = 2 * q

    def first(x: int) -> int:
        return x

    def second(x: int) -> int:
        return q + x

    base: list[tuple[tuple[int, int], ...]] = [((0, 1), (0, 2))]
    for i in [*range(t), *range(2 * t, 3 * t), *range(4 * t, 5 * t)]:
        base.append(((gf.power(i), 1), (gf.power(t + i), 1), (gf.power(m + i), 2)))
    for i in range(t):
        base.append(tuple((gf.power(m + s * t + i), 2) for s in (1, 3, 5)))
    rounds = []
    for g in range(q):
        tables = []
        for triple in base:
            moved = [(first if side == 1 else second)(gf.add(x, g)) for x, side in triple]
            if len(moved) == 2:
                moved.append(infinity)
            tables.append(moved)
        rounds.append(tables)
    return normal(rounds)


def _triple(q: int) -> tuple[Round, ...]:
    gf = galois_field(q)
    assert gf is not None
    t = (q - 1) // 6

    def point(x: int, j: int) -> int:
        return j * q + x

    pure = [[(gf.power(i + s * t), j) for s in (0, 2, 4)] for j in range(3) for i in range(t)]
    across = [[(gf.power(i + s * t), j) for j, s in enumerate((0, 2, 4))] for i in range(6 * t)]
    alone = [*range(t), *range(2 * t, 3 * t), *range(4 * t, 5 * t)]
    base = [[(0, 0), (0, 1), (0, 2)], *pure, *(across[i] for i in range(6 * t) if i not in alone)]
    rounds = [[[point(gf.add(x, g), j) for x, j in triple] for triple in base] for g in range(q)]
    for i in alone:
        rounds.append([[point(gf.add(x, g), j) for x, j in across[i]] for g in range(q)])
    return normal(rounds)


def _product(
    left: tuple[Round, ...], a: int, right: tuple[Round, ...], b: int
) -> tuple[Round, ...]:
    """KTS(a * b), point (x, i) numbered x * b + i."""
    rounds = []
    for tables in left:
        for shift in range(b):
            rounds.append(
                [
                    [x * b + i, y * b + (i + shift) % b, z * b + (-2 * i - shift) % b]
                    for x, y, z in tables
                    for i in range(b)
                ]
            )
    for tables in right:
        rounds.append([[x * b + i for i in triple] for x in range(a) for triple in tables])
    return normal(rounds)


def _lines_of_four_or_seven(w: int) -> tuple[Table, ...] | None:
    """A pairwise balanced design on w points with lines of 4 or 7, where one is known here."""
    if w == 34:
        return brouwer_pbd_34()
    for q in (4, 7):
        if w == q * q:
            plane = affine_rounds(q, 2)
            assert plane is not None
            return tuple(line for tables in plane for line in tables)
    fours = resolvable_fours(w)
    if fours is not None:
        return tuple(line for tables in fours for line in tables)
    return None


def _pasted(w: int, lines: tuple[Table, ...]) -> tuple[Round, ...] | None:
    """KTS(2w + 1): point x stays x, its double x' is w + x, infinity is 2w."""
    small: dict[int, tuple[Round, ...]] = {}
    for size in {len(line) for line in lines}:
        found = kirkman(2 * size + 1)
        if found is None:
            return None
        small[size] = found
    infinity = 2 * w
    # rounds[y]: the round labelled by point y of the design.
    rounds: list[list[list[int]]] = [[[y, w + y, infinity]] for y in range(w)]
    for line in lines:
        system = small[len(line)]
        # The small system's point 0 is infinity; in round c it sits with two points that become
        # line[c] and its double, and round c is labelled line[c].
        label: dict[int, int] = {}
        for c, tables in enumerate(system):
            with_infinity = next(table for table in tables if 0 in table)
            x, x_double = (p for p in with_infinity if p != 0)
            label[x], label[x_double] = line[c], w + line[c]
        for c, tables in enumerate(system):
            rounds[line[c]].extend([label[p] for p in table] for table in tables if 0 not in table)
    return normal(rounds)


def brouwer_pbd_34() -> tuple[Table, ...]:
    """Brouwer's PBD(34, {4, 7}): points (x, y) of Z_9 x Z_3, numbered 9y + x, and 27..33."""

    def point(x: int, y: int) -> int:
        return 9 * (y % 3) + x % 9

    lines: list[list[int]] = []
    for i in range(9):
        for j in range(3):
            lines.append([point(x + i, y + j) for x, y in ((0, 0), (1, 1), (2, 0), (4, 1))])
            lines.append([point(x + i, y + i + j) for x, y in ((0, 0), (1, 0), (4, 2))] + [27 + j])
            lines.append(
                [point(x + i + j, y + 2 * i + j) for x, y in ((0, 0), (2, 2), (5, 0))] + [30 + j]
            )
        lines.append([point(x + i, y + i) for x, y in ((0, 0), (0, 1), (0, 2))] + [33])
    lines.append(list(range(27, 34)))
    return tuple(tuple(sorted(line)) for line in lines)
