"""`benchmarks ratings_correction` still comes out: a club copied once and rated, two
corrections re-rated and rolled back, the ratings as they were after."""

from __future__ import annotations

import pytest

from benchmarks.ratings_correction import measure_correction
from ratings.models import Rating
from ratings.services.recompute import check_ratings

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_correction_benchmark_re_rates_and_leaves_the_ratings_as_they_were() -> None:
    result = measure_correction(games=12, template=6)

    assert result.clubs == 2 and result.games == 12
    assert [corrected.rerated >= 1 for corrected in result.corrections] == [True, True]
    assert "games re-rated in" in result.report()
    assert Rating.objects.exists()
    assert check_ratings(repair=False) == []
