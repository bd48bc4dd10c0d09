"""`make bench`'s ratings at the federation's size still come out: a club copied once, every
phase timed, and the check after the rebuild finds nothing."""

from __future__ import annotations

import pytest

from benchmarks.ratings_scale import measure_scale
from ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_scale_benchmark_copies_the_club_and_rates_every_copy() -> None:
    result = measure_scale(games=12, template=6)

    assert result.clubs == 2 and result.games == 12
    assert result.changes == RatingChange.objects.count() > 0
    # The copy's members are people of their own, rated as such.
    assert Rating.objects.filter(member__known_as__endswith=" club-02").exists()
    assert [phase.what for phase in result.phases] == [
        "full recomputation, in memory",
        "full recomputation, written",
        "check_books' ratings check",
    ]
    assert all(phase.seconds > 0 and phase.peak_mib > 0 for phase in result.phases)
    assert "games/s" in result.report()
