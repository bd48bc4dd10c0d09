"""Fixtures for the statistics tests: quick PINs, and a club with some history."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.cache import cache

from league.synthesis.history import Synthesized, Synthesizer
from tests.factories import the_club
from tests.scoring.services.conftest import fast_password_hashing

__all__ = ["fast_password_hashing", "fresh_board_cache", "history"]


@pytest.fixture
def history(db: None) -> Callable[..., Synthesized]:
    """Adds `games` finished games, played by the engine and stored as the services store them."""

    def add(games: int, seed: int = 7) -> Synthesized:
        return Synthesizer(club=the_club(), seed=seed, signatures=False).run(
            years=1, games_per_year=games
        )

    return add


@pytest.fixture(autouse=True)
def fresh_board_cache() -> None:
    """The board's kept fragments (stats.views) live in the process's cache: none from an
    earlier test's database."""
    cache.clear()
