"""Production installs production packages: `make serve` installs the runtime lock alone, whose
pins hold no test, lint or type-check tool; `make test`, `make run` and `make lint` install the
dev lock (runtime and dev pins), and both locks pin every shared package alike."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEV_TOOLS = {"pytest", "pytest-django", "pytest-xdist", "playwright", "mypy", "hypothesis", "ruff"}


def pins(name: str) -> dict[str, str]:
    lines = (ROOT / name).read_text().splitlines()
    found = {}
    for line in lines:
        if line and not line.startswith("#"):
            package, version = line.split("==")
            found[re.sub(r"[-_.]+", "-", package).lower()] = version
    return found


def planned(target: str) -> str:
    """The commands `make` would run for `target` from scratch (-B: as in a fresh clone)."""
    return subprocess.run(
        ["make", "--no-print-directory", "-n", "-B", target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_the_runtime_lock_pins_no_test_or_lint_tool() -> None:
    assert DEV_TOOLS & set(pins("requirements.lock")) == set()
    assert set(pins("requirements-dev.lock")) >= DEV_TOOLS


def test_the_dev_lock_pins_every_runtime_package_at_the_same_version() -> None:
    runtime, dev = pins("requirements.lock"), pins("requirements-dev.lock")
    assert {name: dev.get(name) for name in runtime} == runtime


def test_make_serve_installs_the_runtime_lock_alone() -> None:
    commands = planned("serve")
    assert "pip install -r requirements.lock" in commands
    assert "requirements-dev.lock" not in commands
    assert "gunicorn balutclub.wsgi" in commands


def test_make_test_and_make_run_install_the_dev_lock() -> None:
    for target in ("test", "run", "lint"):
        assert "pip install -r requirements-dev.lock" in planned(target), target
