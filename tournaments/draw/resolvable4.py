"""Resolvable designs with tables of four, RBIBD(v, 4, 1): v = 4 mod 12 players at tables of
four for (v - 1) / 3 rounds, every pair together exactly once.

- v = 4**d: the lines of AG(d, 4) (16, 64).
- v = 3q + 1, q a prime power (q = 1 mod 4 follows from v = 4 mod 12: 16, 28, 40, 52, 76,
  88): points GF(q) x {0, 1, 2} and infinity; with a primitive a, t = (q - 1) / 4 and
  e = a**t (a square root of -1), the base round is {inf, (0, 0), (0, 1), (0, 2)} and
  {(a**i, j), (-a**i, j), (e a**i, j + 1), (-e a**i, j + 1)} for i < t, j = 0, 1, 2; its q
  translates are the rounds (Handbook of Combinatorial Designs, 2nd ed., VII.7.5; as in
  SageMath's v_4_1_rbibd). Not every primitive element gives a design: each is tried in turn
  and the first whose rounds check out is kept.

- v = 100 (3q + 1 with q = 33, no field): 1-rotational over Z_99. Points Z_99 and infinity;
  the base round is {inf, 0, 33, 66} and B + 33s (s = 0, 1, 2) for 8 base blocks B whose
  elements are, mod 33, every nonzero residue once (so the round seats everyone) and whose
  differences x - y (x != y in one block) are every element of Z_99 but 0, 33, 66 exactly once
  (so the 99 translates of each block and the 33 of {0, 33, 66} meet every pair once). The
  rounds are the base round plus t for t < 33. The blocks (BASE_100) were found by an exact-
  cover search, fewest candidates first (tools/rotational_search.c: `./rotational_search 99 4
  0 20000` prints them at seed 7), and the tests check the whole design pair by pair.
"""

from __future__ import annotations

from functools import lru_cache
from math import gcd

from tournaments.draw.affine import affine_dimension, affine_rounds
from tournaments.draw.blocks import Round, normal, repeat_free
from tournaments.draw.gf import GF, galois_field

# Base blocks of the 1-rotational RBIBD(100, 4, 1) over Z_99 (see above).
BASE_100 = (
    (2, 75, 13, 47),
    (1, 36, 41, 82),
    (11, 91, 60, 31),
    (6, 89, 92, 62),
    (10, 17, 18, 65),
    (7, 19, 21, 96),
    (12, 48, 86, 90),
    (4, 71, 88, 94),
)


def one_rotational(n: int, base: tuple[tuple[int, ...], ...]) -> tuple[Round, ...]:
    """The rounds of a 1-rotational design on Z_n and infinity (numbered n) with tables of
    k: the short block {inf, 0, n/(k-1), ...} and each base block moved by the subgroup of
    order k - 1, all of it translated by t < n / (k - 1)."""
    k = len(base[0])
    step = n // (k - 1)
    rounds = []
    for t in range(step):
        tables = [[n, *(t + s * step for s in range(k - 1))]]
        for block in base:
            for s in range(k - 1):
                tables.append([(x + s * step + t) % n for x in block])
        rounds.append(tables)
    return normal(rounds)


@lru_cache(maxsize=32)
def resolvable_fours(v: int) -> tuple[Round, ...] | None:
    """The (v - 1) / 3 rounds of an RBIBD(v, 4, 1), or None where none is built here."""
    if v % 12 != 4:
        return None
    if v == 4:
        return (((0, 1, 2, 3),),)
    if (d := affine_dimension(v, 4)) is not None:
        return affine_rounds(4, d)
    if v == 100:
        return one_rotational(99, BASE_100)
    q = (v - 1) // 3
    gf = galois_field(q)
    if gf is None:
        return None
    for k in range(1, q - 1):
        if gcd(k, q - 1) == 1:
            rounds = _cyclotomic(gf, gf.power(k))
            if repeat_free(rounds, v):
                return rounds
    return None


def _cyclotomic(gf: GF, a: int) -> tuple[Round, ...]:
    q = gf.q
    t = (q - 1) // 4
    powers = [1]
    for _ in range(t):
        powers.append(gf.mul(powers[-1], a))
    e = powers[t]
    infinity = 3 * q
    base: list[list[tuple[int, int]]] = [[(0, 0), (0, 1), (0, 2)]]
    for i in range(t):
        x = powers[i]
        for j in range(3):
            ex = gf.mul(e, x)
            base.append([(x, j), (gf.neg[x], j), (ex, (j + 1) % 3), (gf.neg[ex], (j + 1) % 3)])
    rounds = []
    for g in range(q):
        tables = [[(j * q + gf.add(x, g)) for x, j in table] for table in base]
        tables[0].append(infinity)
        rounds.append(tables)
    return normal(rounds)
