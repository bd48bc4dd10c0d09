"""The project's golden game records (fixtures/golden/, described in its README.md).

Each valid record NAME.json has NAME.expected.json beside it, what `score_game` reports for it;
each invalid-NAME.json must be refused, at the turn and with the reason its
invalid-NAME.expected.json gives. The demo data loads the valid ones as its finished games.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "golden"


def valid_paths() -> list[Path]:
    return sorted(
        path
        for path in GOLDEN.glob("*.json")
        if not path.name.startswith("invalid-") and not path.name.endswith(".expected.json")
    )


def invalid_paths() -> list[Path]:
    return sorted(
        path for path in GOLDEN.glob("invalid-*.json") if not path.name.endswith(".expected.json")
    )


def path_of(name: str) -> Path:
    return GOLDEN / f"{name}.json"


def record(name: str) -> Any:
    return json.loads(path_of(name).read_text(encoding="utf-8"))


def expected(name: str) -> Any:
    """What `score_game` must report for the record `name` (the `file` key aside): for an
    invalid one, the turn it is refused at (`turn`, counted from 0) and why (`error`)."""
    return json.loads((GOLDEN / f"{name}.expected.json").read_text(encoding="utf-8"))
