"""What the tests of visitors (members of another club of the server) share."""

from __future__ import annotations

import pytest

from league.models import ClubSettings
from league.models.club_settings import default_public_areas
from scoring.models import Member, PublicArea
from scoring.services.members import create_member
from tests.factories import PIN, other_club, the_club


@pytest.fixture
def ann() -> Member:
    return create_member(in_club=the_club(), name="Ann Larsen", known_as="Ann", pin=PIN)


@pytest.fixture
def bea() -> Member:
    """A member of the other club only, which shows its members to visitors (so another
    club's start page may find them: privacy is the owning club's)."""
    ClubSettings.objects.update_or_create(
        club=other_club(),
        defaults={"public_areas": [*default_public_areas(), PublicArea.MEMBERS]},
    )
    return create_member(in_club=other_club(), name="Beatrix Holm", known_as="Bea", pin=PIN)
