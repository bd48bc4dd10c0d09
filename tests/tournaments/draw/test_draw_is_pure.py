"""The draw runs without Django: importing it loads nothing of Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_importing_the_draw_loads_no_django() -> None:
    check = (
        "import tournaments.draw, sys; "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", check], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
