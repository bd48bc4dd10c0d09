"""Small finite fields GF(q), enough to build the affine planes AG(2, q) behind the resolvable
designs (q players a table, q * q players, q + 1 rounds where every pair meets exactly once).

Elements are the integers 0..q-1: for a prime q the residues, for q = p**n the polynomials over
GF(p) of degree below n written in base p, multiplied modulo an irreducible polynomial.
"""

from __future__ import annotations

from collections.abc import Callable

# An irreducible polynomial of degree n over GF(p) for each prime power used, as its
# coefficients from x**0 up to x**(n-1) (the leading 1 left out): x^2+x+1, x^3+x+1, x^2+1,
# x^4+x+1, x^2+2 (over GF(5)), x^3+2x+1 (over GF(3)), x^5+x^2+1; none has a root, and those of
# degree 4 and 5 are the standard primitive ones.
IRREDUCIBLE: dict[int, tuple[int, int, tuple[int, ...]]] = {
    4: (2, 2, (1, 1)),
    8: (2, 3, (1, 1, 0)),
    9: (3, 2, (1, 0)),
    16: (2, 4, (1, 1, 0, 0)),
    25: (5, 2, (2, 0)),
    27: (3, 3, (1, 2, 0)),
    32: (2, 5, (1, 0, 1, 0, 0)),
}
PRIMES = tuple(p for p in range(2, 100) if all(p % d for d in range(2, p)))

Operation = Callable[[int, int], int]


def field(q: int) -> tuple[Operation, Operation] | None:
    """Addition and multiplication of GF(q), or None when q is not a supported prime power."""
    if q in PRIMES:
        return (lambda a, b: (a + b) % q), (lambda a, b: (a * b) % q)
    if q not in IRREDUCIBLE:
        return None
    p, n, modulus = IRREDUCIBLE[q]

    def digits(a: int) -> list[int]:
        return [(a // p**i) % p for i in range(n)]

    def number(coefficients: list[int]) -> int:
        return sum(c * p**i for i, c in enumerate(coefficients))

    def add(a: int, b: int) -> int:
        return number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)])

    def multiply(a: int, b: int) -> int:
        product = [0] * (2 * n - 1)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                product[i + j] = (product[i + j] + x * y) % p
        # x**n is -(modulus), folded down from the highest power.
        for power in range(2 * n - 2, n - 1, -1):
            carry = product[power]
            product[power] = 0
            for i, c in enumerate(modulus):
                product[power - n + i] = (product[power - n + i] - carry * c) % p
        return number(product[:n])

    table_add = [[add(a, b) for b in range(q)] for a in range(q)]
    table_multiply = [[multiply(a, b) for b in range(q)] for a in range(q)]
    return (lambda a, b: table_add[a][b]), (lambda a, b: table_multiply[a][b])
