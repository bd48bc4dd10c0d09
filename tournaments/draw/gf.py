"""Finite fields GF(q) for the designs: for a prime q the residues mod q, for q = p**n the
polynomials over GF(p) of degree below n written in base p (coefficient of x**i as the i-th
digit), multiplied modulo a monic primitive polynomial of degree n.

The modulus is found, not stored: the first monic polynomial (its lower coefficients counted up
as a base-p number) of which x is a primitive element (its powers run through every nonzero
element). So GF(4) is taken modulo x^2 + x + 1, GF(8) modulo x^3 + x + 1, and every prime power
the designs need (4, 8, 9, 16, 25, 27, 32, 49, 64, 81, 121, 125, 128) comes from the same rule.
Multiplication goes through the powers of the primitive element (a discrete logarithm table).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

# Fields larger than this are only built for primes (their addition table would be large).
MAX_TABLED = 256

Operation = Callable[[int, int], int]


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, n) with q == p**n for a prime p, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    n, rest = 0, q
    while rest % p == 0:
        rest //= p
        n += 1
    return (p, n) if rest == 1 else None


class GF:
    """GF(q) on the integers 0..q-1: 0 and 1 are the field's zero and one, and `primitive`
    generates the nonzero elements: exp[i] is its i-th power, log the inverse table."""

    def __init__(self, q: int, exp: list[int], add: list[list[int]] | None) -> None:
        self.q = q
        self.exp = exp
        self.primitive = exp[1] if q > 2 else 1
        self.log = [0] * q
        for i, a in enumerate(exp):
            self.log[a] = i
        self._add = add
        self.neg = [next(b for b in range(q) if self.add(a, b) == 0) for a in range(q)]
        self.inv = [0] + [exp[-self.log[a] % (q - 1)] for a in range(1, q)]

    def add(self, a: int, b: int) -> int:
        return (a + b) % self.q if self._add is None else self._add[a][b]

    def sub(self, a: int, b: int) -> int:
        return self.add(a, self.neg[b])

    def mul(self, a: int, b: int) -> int:
        if a == 0 or b == 0:
            return 0
        return self.exp[(self.log[a] + self.log[b]) % (self.q - 1)]

    def power(self, exponent: int) -> int:
        """The primitive element to this power (any integer)."""
        return self.exp[exponent % (self.q - 1)]


@lru_cache(maxsize=64)
def galois_field(q: int) -> GF | None:
    """GF(q), or None when q is not a prime power (or a prime power above MAX_TABLED)."""
    found = prime_power(q)
    if found is None:
        return None
    p, n = found
    if n == 1:
        for g in range(1, q):
            powers = [1]
            while len(powers) < q - 1 and (nxt := powers[-1] * g % q) != 1:
                powers.append(nxt)
            if len(powers) == q - 1:
                return GF(q, powers, None)
    if q > MAX_TABLED:
        return None
    for lower in range(q):
        modulus = [(lower // p**i) % p for i in range(n)]
        of_x = _powers_of_x(p, n, modulus)
        if of_x is not None:
            digits = [[(a // p**i) % p for i in range(n)] for a in range(q)]
            add = [[_digit_sum(da, db, p) for db in digits] for da in digits]
            return GF(q, of_x, add)
    return None  # pragma: no cover - a primitive polynomial of each degree exists


def _digit_sum(a: list[int], b: list[int], p: int) -> int:
    return sum(((x + y) % p) * p**i for i, (x, y) in enumerate(zip(a, b, strict=True)))


def _powers_of_x(p: int, n: int, modulus: list[int]) -> list[int] | None:
    """x**0, x**1, ... modulo x**n + modulus, when x has order p**n - 1 there; else None."""
    q = p**n
    current = [1] + [0] * (n - 1)
    powers = [1]
    for _ in range(q - 2):
        top = current[-1]
        current = [0, *current[:-1]]
        current = [(c - top * m) % p for c, m in zip(current, modulus, strict=True)]
        value = sum(c * p**i for i, c in enumerate(current))
        if value in (0, 1):
            return None
        powers.append(value)
    if len(set(powers)) != q - 1:
        return None
    return powers


def field(q: int) -> tuple[Operation, Operation] | None:
    """Addition and multiplication of GF(q), or None when there is no such field here."""
    found = galois_field(q)
    if found is None:
        return None
    return found.add, found.mul
