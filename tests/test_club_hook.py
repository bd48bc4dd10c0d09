"""scoring.club: the league registers its books at start-up; scoring refuses to tell them
anything outside the change's transaction, and says so when no books are registered."""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.core.exceptions import ImproperlyConfigured

from clubs.models import Club
from league.services.books import LeagueBooks
from scoring import club


def test_the_league_registers_its_books_when_django_starts() -> None:
    assert isinstance(club.books(), LeagueBooks)


def test_without_registered_books_scoring_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(club, "_books", None)

    with pytest.raises(ImproperlyConfigured, match="INSTALLED_APPS"):
        club.house_rules(Club(slug="any", name="Any club"))


def test_a_change_is_never_told_to_the_books_outside_its_transaction() -> None:
    loaded = cast(Any, object())

    with pytest.raises(RuntimeError, match="inside the change's transaction"):
        club.game_changed(loaded=loaded, change=club.GameChange.FINISHED)
    with pytest.raises(RuntimeError, match="inside the signing transaction"):
        club.sheet_signed(game=loaded)
