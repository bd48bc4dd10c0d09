"""The layers of docs/architecture.md, imports going one way only: scoring keeps games and never
imports the league's books or the statistics (it reaches the books through its own hook,
scoring.club, which the league registers); the league never imports the statistics."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCORING = ROOT / "scoring"
# Each app, and the apps it must never import.
LAYERS = {"scoring": ("league", "stats"), "league": ("stats",)}


def imports_of(path: Path, packages: tuple[str, ...] = ("league",)) -> list[str]:
    """Every import of `packages` in the module, wherever it stands (inside a function too),
    and any importlib.import_module("league...") with a literal name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Attribute, ast.Name))
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        found += [name for name in names if name.split(".")[0] in packages]
    return found


def test_no_scoring_module_imports_league() -> None:
    files = sorted(SCORING.rglob("*.py"))
    assert SCORING / "views" / "play.py" in files
    assert SCORING / "management" / "commands" / "load_demo.py" in files
    offenders = {
        str(path.relative_to(ROOT)): modules for path in files if (modules := imports_of(path))
    }
    assert offenders == {}


@pytest.mark.parametrize("app", sorted(LAYERS))
def test_no_app_imports_a_layer_above_it(app: str) -> None:
    files = sorted((ROOT / app).rglob("*.py"))
    assert len(files) > 10
    offenders = {
        str(path.relative_to(ROOT)): modules
        for path in files
        if (modules := imports_of(path, LAYERS[app]))
    }
    assert offenders == {}


def test_the_scan_sees_an_import_of_league(tmp_path: Path) -> None:
    module = tmp_path / "offender.py"
    module.write_text(
        "import importlib\n"
        "def later():\n"
        "    from league.services.ledger import book_game_debts\n"
        "    return importlib.import_module('league.selectors')\n",
        encoding="utf-8",
    )

    assert imports_of(module) == ["league.services.ledger", "league.selectors"]
