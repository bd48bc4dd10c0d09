"""The layers of docs/architecture.md, imports going one way only: scoring keeps games and never
imports the league's books or the statistics (it reaches the books through its own hook,
scoring.club, which the league registers); the league never imports the statistics."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCORING = ROOT / "scoring"
TEMPLATES = ROOT / "templates"
# Each app, and the apps it must never import.
LAYERS = {
    "clubs": ("scoring", "league", "tournaments", "ratings", "teams", "stats", "federation", "api"),
    "scoring": ("league", "tournaments", "ratings", "teams", "stats", "federation", "api"),
    "league": ("tournaments", "ratings", "teams", "stats", "federation", "api"),
    "tournaments": ("stats", "federation", "api"),
    "ratings": ("stats", "federation", "api"),
    "teams": ("stats", "federation", "api"),
    "stats": ("federation", "api"),
    # The federation sits below the read API, which reads every app (docs/architecture.md).
    "federation": ("api",),
}


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
    # Enough files to know the path is right (stats, the smallest, has nine).
    assert len(files) > 5
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


# A template names another app by `{% url "app:..." %}`, `{% include "app/..." %}` or
# `{% extends "app/..." %}`; Python code by a URL name in a string ("app:view", for reverse()).
TEMPLATE_REFERENCE = re.compile(
    r"""\{%\s*(?:url\s+['"](?P<url>[a-z_]+):|(?:include|extends)\s+['"](?P<path>[a-z_]+)/)"""
)
URL_NAME_IN_CODE = re.compile(r"""['"](?P<app>[a-z_]+):[a-z_]+['"]""")


def apps_named_in_template(path: Path) -> list[str]:
    return [
        match["url"] or match["path"]
        for match in TEMPLATE_REFERENCE.finditer(path.read_text(encoding="utf-8"))
    ]


@pytest.mark.parametrize("app", sorted(LAYERS))
def test_no_template_of_an_app_names_a_layer_above_it(app: str) -> None:
    files = sorted((TEMPLATES / app).rglob("*.html"))
    assert files
    offenders = {
        str(path.relative_to(ROOT)): above
        for path in files
        if (above := [name for name in apps_named_in_template(path) if name in LAYERS[app]])
    }
    assert offenders == {}


@pytest.mark.parametrize("app", sorted(LAYERS))
def test_no_app_reverses_a_url_of_a_layer_above_it(app: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): above
        for path in sorted((ROOT / app).rglob("*.py"))
        if (
            above := [
                match["app"]
                for match in URL_NAME_IN_CODE.finditer(path.read_text(encoding="utf-8"))
                if match["app"] in LAYERS[app]
            ]
        )
    }
    assert offenders == {}


def test_the_template_scan_sees_a_url_an_include_and_an_extends(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        "{% extends 'stats/base.html' %}{% include \"league/partials/x.html\" %}"
        "<a href=\"{% url 'teams:match' 3 %}\">{% url 'scoring:home' %}</a>",
        encoding="utf-8",
    )

    assert apps_named_in_template(page) == ["stats", "league", "teams", "scoring"]


def test_a_page_of_a_layer_above_is_linked_by_its_kind_and_absent_without_its_app() -> None:
    from clubs import links

    assert links.page_url(links.PLAYER_PAGE, 7) == "/players/7/"
    assert links.page_url(links.VOID_GAME, 3).endswith("/3/void/")
    assert links.page_url("not-served-here", 3) == ""


def test_the_tv_board_reaches_team_matches_only_through_its_panels() -> None:
    """stats may import teams (it is the layer above), but the board shows tonight's team match
    through clubs.board_panels, which teams fills: the board works with teams left out."""
    board = ROOT / "stats" / "board.py"

    assert imports_of(board, ("teams",)) == []
    assert "teams" not in (TEMPLATES / "stats" / "partials" / "board_live.html").read_text()
