"""No app module leans on Django's private names: what Django names with a leading underscore
(a module or a name imported from django.*) and the internals the ORM keeps for itself, such as
the related populators its model iterable makes select_related rows with. A Django upgrade may
change those without notice, and no test of ours would fail first (issue 42: clubs/compiled.py
did so; the turn and the records now go through the plain ORM, prepared by PostgreSQL itself).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_architecture import FIRST_PARTY, ROOT

# Names the ORM keeps for itself, undocumented though they have no leading underscore.
PRIVATE_HELPERS = frozenset({"get_related_populators", "RelatedPopulator"})


def _private(dotted: str) -> bool:
    return any(part.startswith("_") and not part.startswith("__") for part in dotted.split("."))


def private_django_names(path: Path) -> list[str]:
    """Each private Django name the module imports, and each private helper it names."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] != "django":
                continue
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                if _private(dotted) or alias.name in PRIVATE_HELPERS:
                    found.append(dotted)
        elif isinstance(node, ast.Import):
            found += [
                alias.name
                for alias in node.names
                if alias.name.split(".")[0] == "django" and _private(alias.name)
            ]
        elif isinstance(node, ast.Attribute) and node.attr in PRIVATE_HELPERS:
            found.append(node.attr)
        elif isinstance(node, ast.Name) and node.id in PRIVATE_HELPERS:
            found.append(node.id)
    return found


@pytest.mark.parametrize("package", FIRST_PARTY)
def test_no_app_module_uses_a_private_django_name(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"no modules found under {package}/"
    offenders = {
        str(path.relative_to(ROOT)): names
        for path in files
        if (names := private_django_names(path))
    }
    assert offenders == {}


def test_the_home_made_statement_cache_is_gone() -> None:
    assert not (ROOT / "clubs" / "compiled.py").exists()


def test_the_scan_sees_private_names_imported_or_reached(tmp_path: Path) -> None:
    module = tmp_path / "offender.py"
    module.write_text(
        "import django.utils._os\n"
        "from django.db.models.query import get_related_populators\n"
        "from django.db.models.query import _get_hidden\n"
        "from django.db.models import query\n"
        "from django.utils.__version__ import x\n"
        "def later(klass_info, select):\n"
        "    return query.get_related_populators(klass_info, select, 'default')\n",
        encoding="utf-8",
    )

    assert private_django_names(module) == [
        "django.utils._os",
        "django.db.models.query.get_related_populators",
        "django.db.models.query._get_hidden",
        "get_related_populators",
    ]
