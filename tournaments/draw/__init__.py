"""The draw of a tournament's tables: pure Python, no Django (mypy --strict)."""

from tournaments.draw.engine import (
    DEFAULT_EFFORT,
    MAX_DRAW_ROUNDS,
    MAX_ROUNDS,
    PLANNING_EFFORT,
    Draw,
    DrawError,
    draw,
)
from tournaments.draw.explain import Repeat
from tournaments.draw.nights import draw_night, meetings_of
from tournaments.draw.tables import MAX_TABLE, MIN_TABLE, table_sizes

__all__ = [
    "DEFAULT_EFFORT",
    "MAX_DRAW_ROUNDS",
    "MAX_ROUNDS",
    "MAX_TABLE",
    "MIN_TABLE",
    "PLANNING_EFFORT",
    "Draw",
    "DrawError",
    "Repeat",
    "draw",
    "draw_night",
    "meetings_of",
    "table_sizes",
]
