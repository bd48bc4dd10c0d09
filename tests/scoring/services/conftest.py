"""Fixtures for the service tests (and the view tests, which import them)."""

from __future__ import annotations

import pytest
from pytest_django.fixtures import Settings


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Settings) -> None:
    # Every test makes members with PINs; PBKDF2's deliberate slowness would dominate the run.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
