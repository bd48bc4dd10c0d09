"""What one released layout of the printed sheet words and formats its own way.

A signed sheet is redrawn by the verify page to be compared pixel by pixel, so the sheet a
game was signed under must be drawn the same for as long as the game is kept. Each released
layout is a module of its own (v1, v2, ...) holding one `Layout`: what it prints differently
from the others. The drawing code (scoring.pdf) reads these choices instead of hard-coding
them. A release that changes what a signed sheet shows adds a module with a new number and
makes it CURRENT (scoring.pdf.layouts); it never edits a released one, and
tests/scoring/pdf/test_released_layouts.py fails when the drawing code changes a released
layout's page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Layout:
    version: int
    label_suffix: str
    """After each field's label in the header and notes: "Started:" (v2) or "Started" (v1)."""
    field_gap: str
    """Between two fields of a line (reportlab markup)."""
    started: Callable[[datetime], str]
    """When the game started, in the header."""
    moment: Callable[[datetime], str]
    """When a player signed or a turn was corrected."""
    no_scorer: Callable[[], str]
    """The header's scorer when the game has none."""
    title: Callable[[str], str]
    """The game's title, from its ruleset's key."""
    total_heading: Callable[[], str]
    """The short heading of each player's total column of a five-dice sheet."""
    signed_cells: bool
    """A signed player's cell of the Signature row says so ("signed, see below")."""
