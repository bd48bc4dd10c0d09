"""Outside the rules engine no code decides by a game's key: it asks the engine's RulesetInfo.

The app's Python is read as syntax trees, its templates and scripts as text. A game's key spelt
out as a string, or a comparison with one of the engine's named games (`rules.BAR_BALUT`), is
refused; scoring/rules/ (where the keys are defined) and migrations (which freeze the model's
choices) are exempt. In templates and scripts, comparisons, cases, keys and membership tests
are read; attribute lookups are not, since an attribute may share a key's name. Data about one
game, such as the synthetic club's mix, is keyed by the engine's named games
(`{rules.BAR_BALUT.key: 30}`), which a rename cannot leave behind.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from scoring import rules

ROOT = Path(__file__).resolve().parents[1]
PYTHON_PACKAGES = ("balutclub", "league", "scoring")
MARKUP = {"templates": "*.html", "static/js": "*.js"}
EXEMPT = (ROOT / "scoring" / "rules",)
KEYS = frozenset(rules.RULESET_KEYS)
# The engine's module-level descriptions (rules.BAR_BALUT, rules.DEFAULT_RULESET, ...).
NAMED_GAMES = frozenset(
    name for name in dir(rules) if isinstance(getattr(rules, name), rules.RulesetInfo)
)
_KEY = "|".join(sorted(map(re.escape, KEYS)))
_QUOTED = rf"""["']({_KEY})["']"""
MARKUP_PATTERNS = {
    "compared": re.compile(rf"(?:===?|!==?)\s*{_QUOTED}|{_QUOTED}\s*(?:===?|!==?)"),
    "a case": re.compile(rf"\bcase\s+{_QUOTED}"),
    "used as a key": re.compile(rf"\[\s*{_QUOTED}\s*\]|{_QUOTED}\s*:"),
    "tested for membership": re.compile(
        rf"""{_QUOTED}\s+(?:not\s+)?in\b|\bin\s+["'](?:[\w ]* )?({_KEY})(?: [\w ]*)?["']"""
    ),
}


def _named_game(node: ast.expr) -> bool:
    """`BAR_BALUT`, `rules.BAR_BALUT`, or either's `.key`."""
    if isinstance(node, ast.Attribute) and node.attr == "key":
        node = node.value
    if isinstance(node, ast.Name):
        return node.id in NAMED_GAMES
    return isinstance(node, ast.Attribute) and node.attr in NAMED_GAMES


def python_violations(source: str) -> Iterator[tuple[int, str]]:
    """(line, what) for each place `source` names a game by its key, or compares with a named
    game."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and node.value in KEYS:
            yield node.lineno, f"spells out the game key {node.value!r}"
        elif isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                inside = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else []
                if any(_named_game(part) for part in [operand, *inside]):
                    yield node.lineno, f"compares with a named game: {ast.unparse(node)}"
                    break
        elif (
            isinstance(node, ast.match_case)
            and isinstance(node.pattern, ast.MatchValue)
            and _named_game(node.pattern.value)
        ):
            yield node.pattern.lineno, "matches a named game"


def markup_violations(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.splitlines(), start=1):
        for what, pattern in MARKUP_PATTERNS.items():
            found = pattern.search(line)
            if found:
                yield number, f"{what}: {found.group(0).strip()}"


def _exempt(path: Path) -> bool:
    return "migrations" in path.parts or any(path.is_relative_to(root) for root in EXEMPT)


def scanned_python() -> list[Path]:
    files = [path for package in PYTHON_PACKAGES for path in (ROOT / package).rglob("*.py")]
    return sorted(path for path in files if not _exempt(path))


def scanned_markup() -> list[Path]:
    files = [path for folder, glob in MARKUP.items() for path in (ROOT / folder).rglob(glob)]
    return sorted(path for path in files if "vendor" not in path.parts)


def test_no_code_outside_the_engine_decides_by_a_games_key() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in scanned_python()
        for line, what in python_violations(path.read_text())
    ]
    found += [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in scanned_markup()
        for line, what in markup_violations(path.read_text())
    ]
    assert found == [], "ask scoring.rules.ruleset_info(key) instead:\n" + "\n".join(found)


def test_the_scan_reads_the_app_and_leaves_out_only_the_engine_and_migrations() -> None:
    python = {path.relative_to(ROOT).as_posix() for path in scanned_python()}
    markup = {path.relative_to(ROOT).as_posix() for path in scanned_markup()}
    assert {"scoring/views/play.py", "league/standings.py", "scoring/pdf/document.py"} <= python
    assert not any(path.startswith("scoring/rules/") or "/migrations/" in path for path in python)
    assert {"templates/scoring/partials/play.html", "static/js/tablet.js"} <= markup
    assert {"BAR_BALUT", "BARBUT4", "DEFAULT_RULESET"} <= NAMED_GAMES


@pytest.mark.parametrize(
    "source",
    [
        'if game.ruleset == "barbut4":\n    pass',
        'form = TurnForm if ruleset != "jackpot" else JackpotForm',
        'BY_POINTS = ("balut", "jackpot")',
        'WEIGHTS = {"bar": 30}',
        'rows = PlayerResultRow.objects.filter(ruleset="bar")',
        'defaults["balut"]',
        "if info.key == rules.BAR_BALUT.key:\n    pass",
        "if game.ruleset in (rules.BARBUT4.key, other):\n    pass",
        "if info is DEFAULT_RULESET:\n    pass",
        "match game.ruleset:\n    case rules.BAR_BALUT.key:\n        pass",
        'match game.ruleset:\n    case "barbut4":\n        pass',
    ],
)
def test_a_planted_key_in_python_is_found(source: str) -> None:
    assert list(python_violations(source)), source


@pytest.mark.parametrize(
    "source",
    [
        "if rules.ruleset_info(game.ruleset).five_dice:\n    pass",
        "WEIGHTS = {rules.BAR_BALUT.key: 30}",
        'label = "Bar Balut (1978)"',
        "if box == rules.BALUT_BOX:\n    pass",
    ],
)
def test_asking_the_engine_is_not_a_violation(source: str) -> None:
    assert list(python_violations(source)) == []


@pytest.mark.parametrize(
    "text",
    [
        '{% if game.ruleset == "barbut4" %}Barbut{% endif %}',
        "{% if 'bar' == game.ruleset %}",
        '{% if game.ruleset in "balut jackpot" %}',
        "if (ruleset.value === 'jackpot') { show(); }",
        'switch (ruleset) { case "bar": break; }',
        'const weights = {"barbut4": 20};',
        'table["balut"]',
    ],
)
def test_a_planted_key_in_a_template_or_script_is_found(text: str) -> None:
    assert list(markup_violations(text)), text


@pytest.mark.parametrize(
    "text",
    [
        'draw("chart-boxes", { type: "bar", data: data });',
        "{% if sheet.five_dice %}{% include 'scoring/partials/five_dice_turn.html' %}{% endif %}",
        '<tr data-ruleset="{{ kind.ruleset }}">',
        "<p>Bar Balut always keeps them.</p>",
        # An attribute may share a key's name (a sheet row's `jackpot` flag): lookups are not read.
        "{% if row.jackpot %}claimed{% endif %}",
    ],
)
def test_ordinary_markup_is_not_a_violation(text: str) -> None:
    assert list(markup_violations(text)) == []
