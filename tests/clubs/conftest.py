"""What the tests of visitors (members of another club of the server) share."""

from __future__ import annotations

import pytest

from scoring.models import Member
from scoring.services.members import create_member
from tests.factories import PIN, other_club, the_club


@pytest.fixture
def ann() -> Member:
    return create_member(in_club=the_club(), name="Ann Larsen", known_as="Ann", pin=PIN)


@pytest.fixture
def bea() -> Member:
    """A member of the other club only."""
    return create_member(in_club=other_club(), name="Beatrix Holm", known_as="Bea", pin=PIN)
