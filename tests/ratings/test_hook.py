"""The league tells the ratings of every game it books, in the same transaction (the tablet's
last turn, a repair), and `check_books` checks and repairs them through the same registry."""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from league.models import PlayerResultRow
from league.upper_books import keep_upper_book, upper_books
from ratings.models import Rating, RatingChange
from ratings.services.book import RatingsBook
from scoring.club import BookingFailed
from scoring.models import Game
from scoring.selectors import load_game
from tests.league.helpers import BAR_PLANS, play_bar
from tests.ratings.helpers import played
from tests.scoring.services.helpers import play

pytestmark = pytest.mark.django_db


def check_books(*args: str) -> str:
    out = io.StringIO()
    call_command("check_books", *args, stdout=out)
    return out.getvalue()


def test_the_ratings_app_registers_its_book_with_the_league() -> None:
    # The teams' book (match cards following corrections) is registered beside it.
    assert "ratings" in [book.name for book in upper_books()]


def test_the_last_turn_on_the_tablet_rates_the_game_it_finishes() -> None:
    game = play_bar(leave=1)
    assert not RatingChange.objects.exists()

    game = _finish(game)

    assert RatingChange.objects.filter(game=game).count() == 3
    assert Rating.objects.filter(ruleset="bar").count() == 3


def _finish(game: Game) -> Game:
    player = load_game(game).next_player
    assert player is not None
    box, dice = BAR_PLANS[player.name][-1]
    play(game, {"player": player.name, "box": box, "dice": [int(d) for d in dice]})
    game.refresh_from_db()
    assert game.is_finished
    return game


class FailingBook(RatingsBook):
    def game_booked(self, *, game: Game, rows: Sequence[PlayerResultRow]) -> None:
        raise RuntimeError("the ratings' database is full")


def test_a_failing_rating_undoes_the_change_that_booked_it() -> None:
    game = play_bar(leave=1)
    keep_upper_book(FailingBook())
    try:
        with pytest.raises(BookingFailed):
            _finish(game)
    finally:
        keep_upper_book(RatingsBook())

    game.refresh_from_db()
    assert not game.is_finished
    assert not PlayerResultRow.objects.filter(game=game).exists()


def test_check_books_finds_ratings_that_differ_and_repair_rebuilds_them() -> None:
    played({"Ann": 20, "Ben": 10}, "2026-03-01T20:00:00+01:00")
    played({"Ann": 10, "Ben": 20}, "2026-03-02T20:00:00+01:00")
    assert "The ratings book agrees with a full recomputation." in check_books()
    Rating.objects.filter(member__known_as="Ben").update(games=7)

    with pytest.raises(CommandError, match="1 books above the league differing"):
        check_books()
    out = check_books("--repair")

    assert "The ratings book was rebuilt from it." in out
    assert Rating.objects.get(member__known_as="Ben").games == 2
    assert "The ratings book agrees with a full recomputation." in check_books()
