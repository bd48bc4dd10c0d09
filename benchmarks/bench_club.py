"""The club every benchmark plays in: a server hosting one club, as an installed club's is."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clubs.models import Club

BENCH_CLUB_SLUG = "bench"


def bench_club() -> Club:
    """The server's club: the one there is (a test's), else a new one (a fresh bench database).
    Imported where Django is not set up yet (a benchmark module's top), so it reads the models
    only when called."""
    from clubs.models import Club
    from clubs.services import create_club

    clubs = list(Club.objects.order_by("pk")[:2])
    if len(clubs) == 1:
        return clubs[0]
    return Club.objects.filter(slug=BENCH_CLUB_SLUG).first() or create_club(
        slug=BENCH_CLUB_SLUG, name="Benchmark Balut Club"
    )
