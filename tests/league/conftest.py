"""Fixtures for the league's tests: fast PIN hashing, and uploads kept in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_django.fixtures import Settings

from tests.scoring.services.conftest import fast_password_hashing

__all__ = ["fast_password_hashing", "media_root"]


@pytest.fixture(autouse=True)
def media_root(settings: Settings, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT
