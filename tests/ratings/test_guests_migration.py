"""The migration that makes a guest one club's (issue 37): a guest of one club keeps their
figures under the new key; a name that was one guest in two clubs becomes two, worked out
afresh."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from ratings.models import Rating, RatingChange
from ratings.services.recompute import check_ratings
from scoring.services.records import import_game_record
from tests.factories import other_club, the_club
from tests.ratings.helpers import bar_record

pytestmark = pytest.mark.django_db

migration = importlib.import_module("ratings.migrations.0002_privacy_guests_per_club")


def as_before_the_migration() -> None:
    """Guests keyed by their name alone, as the ratings kept them before."""
    for model in (Rating, RatingChange):
        for row in model.objects.filter(member__isnull=True):
            row.guest_key = row.guest_key.split(":", 1)[1]
            row.save(update_fields=["guest_key"])


def test_a_guest_of_one_club_keeps_their_figures_under_the_new_key() -> None:
    import_game_record(
        in_club=the_club(), data=bar_record({"Sam": 20, "Tom": 10}), imported_by=None
    )
    kept = sorted(Rating.objects.values_list("guest_key", "mu", "sigma"))
    as_before_the_migration()

    migration.key_guests_by_club(apps, None)

    assert sorted(Rating.objects.values_list("guest_key", "mu", "sigma")) == kept
    assert check_ratings(repair=False) == []


def test_a_name_that_was_one_guest_in_two_clubs_becomes_two() -> None:
    import_game_record(
        in_club=the_club(), data=bar_record({"Sam": 20, "Tom": 10}), imported_by=None
    )
    import_game_record(
        in_club=other_club(), data=bar_record({"Sam": 20, "Una": 10}), imported_by=None
    )
    # As the old keys rated them: one Sam of two games.
    Rating.objects.filter(guest_key=f"{other_club().pk}:sam").delete()
    Rating.objects.filter(guest_key=f"{the_club().pk}:sam").update(games=2)
    as_before_the_migration()

    migration.key_guests_by_club(apps, None)

    sams = Rating.objects.filter(guest_name="Sam")
    assert sorted(sam.games for sam in sams) == [1, 1]
    assert check_ratings(repair=False) == []
