"""The affine geometry AG(d, q): the q**d vectors over GF(q) as players, its lines as tables.

The lines of one direction (a nonzero vector up to a scalar) partition the points: that is a
round. There are (q**d - 1) / (q - 1) directions and two points lie on exactly one line, so
q**d players sit at tables of q for (q**d - 1) / (q - 1) rounds without a pair meeting twice
(27 in threes for 13 rounds, 64 in fours for 21, 81 in threes for 40, 81 in nines for 10).
"""

from __future__ import annotations

from tournaments.draw.gf import GF, galois_field

Table = tuple[int, ...]
Round = tuple[Table, ...]


def affine_rounds(q: int, dimension: int) -> tuple[Round, ...] | None:
    """The parallel classes of lines of AG(dimension, q), point (x_1..x_d) numbered in base q
    (x_1 the highest digit), or None without a field of order q."""
    gf = galois_field(q)
    if gf is None or dimension < 1:
        return None
    points = q**dimension
    vectors = [_digits(point, q, dimension) for point in range(points)]
    classes = []
    for direction in vectors[1:]:
        # One direction per line through the origin: the first nonzero coordinate is 1.
        if next(x for x in direction if x) != 1:
            continue
        classes.append(_parallel_lines(gf, vectors, direction, q))
    return tuple(classes)


def affine_dimension(players: int, q: int) -> int | None:
    """d with players == q**d (d >= 2), or None."""
    d, power = 0, 1
    while power < players:
        power, d = power * q, d + 1
    return d if power == players and d >= 2 else None


def _parallel_lines(gf: GF, vectors: list[list[int]], direction: list[int], q: int) -> Round:
    seen = [False] * len(vectors)
    lines = []
    for start, vector in enumerate(vectors):
        if seen[start]:
            continue
        line = []
        for t in range(q):
            point = [gf.add(x, gf.mul(t, u)) for x, u in zip(vector, direction, strict=True)]
            number = _number(point, q)
            seen[number] = True
            line.append(number)
        lines.append(tuple(sorted(line)))
    return tuple(lines)


def _digits(point: int, q: int, dimension: int) -> list[int]:
    return [(point // q**i) % q for i in range(dimension - 1, -1, -1)]


def _number(digits: list[int], q: int) -> int:
    number = 0
    for digit in digits:
        number = number * q + digit
    return number
