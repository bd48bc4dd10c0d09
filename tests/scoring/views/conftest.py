"""Fixtures for the view tests."""

from tests.scoring.services.conftest import fast_password_hashing

__all__ = ["fast_password_hashing"]
