"""Solved social golfer instances no construction here builds, stored as published and checked
by the tests (every player once a round, no pair twice).

- 8-4-10: 32 players at 8 tables of four for 10 rounds. The first ten rounds of the eleven-week
  schedule for 32 golfers in the Wolfram Demonstrations Project's "Social Golfer Problem" (Ed
  Pegg Jr.), as collected in the Dagstuhl-tables literature notes; the problem was first solved
  by Aguado (2004). Players are letters, A-P then a-p.
- 6-3-8: 18 players at 6 tables of three for 8 rounds. The first eight rounds of the Wolfram
  Demonstrations Project's schedule for 18 golfers in threes (the ninth seats pairs), as
  collected in the Dagstuhl-tables literature notes. Players are letters, A-I then a-i.
- 6-4-7: 24 players at 6 tables of four for 7 rounds (a resolvable 4-GDD of type 3^8). Players
  are (x, i) with x in GF(8) and i in Z_3, numbered 3x + i; round k is the base round below
  with every x multiplied by a**k (a the field's primitive element, gf.py). The base round was
  found for this module by a seeded random search for a round whose 36 pairs fall in the 36
  different orbits of cross-column pairs under that multiplication, so its 7 images meet no
  pair twice (and the columns {x} x Z_3 never meet).
"""

from __future__ import annotations

from tournaments.draw.blocks import Round, normal
from tournaments.draw.gf import galois_field

LETTERS = "ABCDEFGHIJKLMNOPabcdefghijklmnop"

GOLFERS_8_4_10 = """
ABCD EFGH IJKL MNOP abcd efgh ijkl mnop
AEIm BcgH DFKp dfkP aeiM bCGh jLNo JlnO
Aflo Bhkm DGiN aFLO bHKM CeJP cEjp dgIn
AciL BdjK bDJk FgoP fGOp aCIl EhMn eHmN
AgKN BElP DHIo dhiO beLp Cfjm cFJM aGkn
AhJp BFin cDmO bfIN eGKl CdMo EgkL aHjP
AdeF BGJo aDEf chlN iKmP CHLn bgjO IkMp
AbnP aBNp DglM ceko fHiJ CEKO FhIj dGLm
AGjM BeIO DhLP agJm cfKn CFkN bEio dHlp
AHkO BfLM Dejn bFlm cGIP Cgip dEJN ahKo
"""


GOLFERS_6_3_8 = """
ABC DEF GHI afh bdi ceg
Abc Def Ghi aFH BdI CEg
abC deF ghI AfH BDi cEG
aBc dEf gHi AFh bDI CeG
ADG BEH CFI aei bfg cdh
Adg Beh Cfi aEI bFG cDH
adG beH cfI AEi BFg CDh
aDg bEh cFi AeI BfG CdH
"""

BASE_6_4_7 = (
    ((0, 1), (4, 2), (3, 1), (1, 0)),
    ((3, 2), (7, 1), (5, 0), (0, 2)),
    ((7, 2), (6, 1), (2, 2), (5, 2)),
    ((4, 0), (2, 0), (6, 0), (1, 2)),
    ((1, 1), (7, 0), (5, 1), (4, 1)),
    ((3, 0), (2, 1), (6, 2), (0, 0)),
)


def _multiplied(base: tuple[tuple[tuple[int, int], ...], ...], q: int) -> tuple[Round, ...]:
    gf = galois_field(q)
    assert gf is not None
    return normal(
        [
            [[3 * gf.mul(gf.power(k), x) + i for x, i in table] for table in base]
            for k in range(q - 1)
        ]
    )


def _parsed(text: str, letters: str = LETTERS) -> tuple[Round, ...]:
    return normal(
        [
            [[letters.index(c) for c in table] for table in line.split()]
            for line in text.split("\n")
            if line.strip()
        ]
    )


# (players, table size) -> the stored rounds.
STORED: dict[tuple[int, int], tuple[str, tuple[Round, ...]]] = {
    (32, 4): ("social golfer 8-4-10 (Aguado 2004)", _parsed(GOLFERS_8_4_10)),
    (18, 3): ("social golfer 6-3-8", _parsed(GOLFERS_6_3_8, "ABCDEFGHIabcdefghi")),
    (24, 4): ("social golfer 6-4-7 (base round over GF(8))", _multiplied(BASE_6_4_7, 8)),
}
