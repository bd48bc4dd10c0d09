"""The rules engine must run without Django: nothing in scoring/rules imports it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "scoring" / "rules"


def imported_modules(path: Path) -> list[str]:
    modules = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.append(node.module)
    return modules


# The ratings' bookkeeping (ratings.bookkeeping) is held to the engine's standard: pure too.
@pytest.mark.parametrize("module", ["scoring.rules", "ratings.bookkeeping"])
def test_importing_the_engine_loads_no_django(module: str) -> None:
    check = (
        f"import {module}, sys; "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", check], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr


def test_no_engine_module_imports_django() -> None:
    files = sorted(RULES.glob("*.py"))
    assert RULES / "five_dice.py" in files
    offenders = {
        path.name: module
        for path in files
        for module in imported_modules(path)
        if module == "django" or module.startswith("django.")
    }
    assert offenders == {}
