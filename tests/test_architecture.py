"""The layers of docs/architecture.md, imports going one way only: scoring keeps games and never
imports the league's books or the statistics (it reaches the books through its own hook,
scoring.club, which the league registers); the league never imports the statistics; nothing
imports the backups, the top; the project package is wiring only; and no two modules import
each other, however long the way round."""

from __future__ import annotations

import ast
import graphlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCORING = ROOT / "scoring"
TEMPLATES = ROOT / "templates"
# Each app, and the apps it must never import. `backups`, the top, may import every app.
LAYERS = {
    "clubs": (
        "scoring", "league", "tournaments", "ratings", "teams", "stats", "federation", "api",
        "backups",
    ),
    "scoring": (
        "league", "tournaments", "ratings", "teams", "stats", "federation", "api", "backups"
    ),
    "league": ("tournaments", "ratings", "teams", "stats", "federation", "api", "backups"),
    "tournaments": ("stats", "federation", "api", "backups"),
    "ratings": ("stats", "federation", "api", "backups"),
    "teams": ("stats", "federation", "api", "backups"),
    "stats": ("federation", "api", "backups"),
    # The read API and backups are both at the top (docs/architecture.md): neither imports the
    # other.
    "federation": ("api", "backups"),
    "api": ("backups",),
}  # fmt: skip
APPS = (*LAYERS, "backups")
# The project package (settings, URLs, WSGI/ASGI, gunicorn's configuration and their wiring)
# and the database backends: only the URLs name the apps' views, and the warm-up of a server
# process before it forks (gunicorn's configuration calls it) names what it warms.
PROJECT = ROOT / "balutclub"
WIRING = ("urls.py", "warmup.py")
FIRST_PARTY = (*APPS, "balutclub", "dbengines")


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


def test_the_project_package_imports_no_app_but_to_wire_its_urls() -> None:
    files = sorted(PROJECT.rglob("*.py"))
    assert PROJECT / "settings.py" in files
    offenders = {
        str(path.relative_to(ROOT)): modules
        for path in files
        if path.name not in WIRING and (modules := imports_of(path, APPS))
    }
    assert offenders == {}
    # What moved out of it stays out: the backups are an app, the throttle the clubs', the
    # SQLite backend a database backend package of its own.
    assert not (PROJECT / "backups.py").exists()
    assert not (PROJECT / "throttle.py").exists()
    assert not (PROJECT / "sqlite").exists()


def test_the_database_backends_import_no_app() -> None:
    files = sorted((ROOT / "dbengines").rglob("*.py"))
    assert ROOT / "dbengines" / "sqlite" / "base.py" in files
    assert {str(path): imports_of(path, APPS) for path in files} == {str(p): [] for p in files}


def test_the_backups_are_the_top_layer_which_nothing_imports() -> None:
    files = [path for package in FIRST_PARTY if package != "backups" for path in sources(package)]
    assert len(files) > 300
    offenders = {
        str(path.relative_to(ROOT)): modules
        for path in files
        if (modules := imports_of(path, ("backups",)))
    }
    assert offenders == {}
    commands = ROOT / "backups" / "management" / "commands"
    assert {"backup.py", "restore.py", "delete_club.py"} <= {p.name for p in commands.iterdir()}


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_level_imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The first-party modules `name` imports as it loads: at its top level, inside `if` and
    `try` (TYPE_CHECKING included: a circle drawn for the type checker is one all the same),
    not inside functions. A module's own packages, which Python loads before it, are left out."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in top_level(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *filter(None, [base])])
            found |= {
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            }
    modules = set()
    for imported in found:
        while imported and imported not in known:
            imported = imported.rpartition(".")[0]
        if imported and imported != name and not name.startswith(f"{imported}."):
            modules.add(imported)
    return modules


def top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    for node in body:
        if isinstance(node, ast.If):
            yield from top_level(node.body)
            yield from top_level(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, *(h.body for h in node.handlers), node.orelse, node.finalbody):
                yield from top_level(block)
        else:
            yield node


def import_cycle(paths: dict[str, Path]) -> tuple[str, ...]:
    """A circle of modules importing each other as they load, or () when there is none."""
    graph = {name: module_level_imports(path, name, set(paths)) for name, path in paths.items()}
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as error:
        return tuple(error.args[1])
    return ()


def test_no_modules_import_each_other_as_they_load() -> None:
    paths = {module_name(path): path for package in FIRST_PARTY for path in sources(package)}
    assert "scoring.club" in paths and "scoring.rules.table" in paths

    assert import_cycle(paths) == ()


def test_no_apps_import_each_other_wherever_the_import_stands() -> None:
    graph = {
        package: {
            imported.split(".")[0]
            for path in sources(package)
            for imported in imports_of(path, FIRST_PARTY)
        }
        - {package}
        for package in FIRST_PARTY
    }
    assert "scoring" in graph["league"]

    graphlib.TopologicalSorter(graph).prepare()  # CycleError names the circle


def test_the_cycle_check_sees_a_circle_through_a_type_checking_import(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from pkg.b import thing\n", encoding="utf-8")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import c\n",
        encoding="utf-8",
    )
    (package / "c.py").write_text(
        "def later():\n    import pkg.b\nfrom pkg import a\n", encoding="utf-8"
    )
    names = {f"pkg.{n}": package / f"{n}.py" for n in "abc"} | {"pkg": package / "__init__.py"}

    assert sorted(set(import_cycle(names))) == ["pkg.a", "pkg.b", "pkg.c"]
    (package / "c.py").write_text("def later():\n    import pkg.a\n", encoding="utf-8")
    assert import_cycle(names) == ()


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
