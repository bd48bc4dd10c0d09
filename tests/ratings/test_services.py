"""Ratings kept in step with every finished game, in the transaction that books it: a game at
the end of the order is one step; a correction, a void or a historic import re-rates from the
changed game forward, and always gives what a full recomputation gives."""

from __future__ import annotations

import pytest
from pytest_django import DjangoAssertNumQueries

from league.models import PlayerResultRow
from league.services.books import book_game
from ratings import bookkeeping
from ratings.models import Rating, RatingChange
from ratings.services.recompute import check_ratings, rebuild_ratings
from ratings.services.rerate import rerate_game
from scoring.models import Game
from scoring.services.games import void_game
from tests.factories import the_club
from tests.postgres import RATINGS_LOCK_QUERIES
from tests.ratings.helpers import played
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.django_db


def flat(figures: dict[str, tuple[float, float, int]]) -> dict[str, float]:
    """Each person's mu, sigma and games as entries of their own (pytest.approx is flat)."""
    return {
        f"{name} {what}": value
        for name, values in figures.items()
        for what, value in zip(("mu", "sigma", "games"), values, strict=True)
    }


def ratings() -> dict[str, float]:
    return flat(
        {
            (rating.member.known_as if rating.member else rating.guest_name): (
                rating.mu,
                rating.sigma,
                rating.games,
            )
            for rating in Rating.objects.select_related("member")
        }
    )


def expected(*games: dict[str, int]) -> dict[str, float]:
    """The bookkeeping's replay of `games` (totals by name, in played order)."""
    replayed = bookkeeping.replay(
        bookkeeping.Game(
            key=i,
            ruleset="bar",
            seats=tuple(
                bookkeeping.Seat(name, 1 + sum(other > total for other in totals.values()))
                for name, total in totals.items()
            ),
        )
        for i, totals in enumerate(games)
    )
    return flat(
        {
            name: (standing.mu, standing.sigma, standing.games)
            for (name, _), standing in replayed.standings.items()
        }
    )


FIRST = {"Ann": 20, "Ben": 10, "Cy": 15}
SECOND = {"Ann": 8, "Cy": 25}
THIRD = {"Ben": 30, "Cy": 5, "Ann": 12, "Dee": 12}


def test_a_finished_game_rates_its_players_from_their_places() -> None:
    game = played(FIRST, "2026-03-01T20:00:00+01:00")

    assert ratings() == pytest.approx(expected(FIRST))
    changes = {c.player.name: c for c in RatingChange.objects.filter(game=game)}
    assert {name: c.place for name, c in changes.items()} == {"Ann": 1, "Cy": 2, "Ben": 3}
    assert changes["Ann"].rating_change > changes["Ben"].rating_change
    assert all(c.games == 1 and c.mu_before == bookkeeping.NEW.mu for c in changes.values())


def test_each_game_starts_from_the_ratings_the_last_one_left() -> None:
    played(FIRST, "2026-03-01T20:00:00+01:00")
    played(SECOND, "2026-03-02T20:00:00+01:00")
    played(THIRD, "2026-03-03T20:00:00+01:00")

    assert ratings() == pytest.approx(expected(FIRST, SECOND, THIRD))
    assert check_ratings(repair=False) == []


def test_players_sharing_a_place_come_out_equal() -> None:
    played({"Ann": 12, "Ben": 12, "Cy": 5}, "2026-03-01T20:00:00+01:00")

    kept = ratings()
    assert (kept["Ann mu"], kept["Ann sigma"]) == (kept["Ben mu"], kept["Ben sigma"])
    assert kept["Ann mu"] > kept["Cy mu"]


def test_a_historic_import_re_rates_every_game_played_after_it() -> None:
    played(FIRST, "2026-03-01T20:00:00+01:00")
    played(THIRD, "2026-03-03T20:00:00+01:00")

    played(SECOND, "2026-03-02T20:00:00+01:00")

    assert ratings() == pytest.approx(expected(FIRST, SECOND, THIRD))
    assert check_ratings(repair=False) == []


def test_games_of_one_day_are_rated_in_the_order_they_finished() -> None:
    # Played the same evening: the one started first finished last.
    played(FIRST, "2026-03-01T21:00:00+01:00")
    late_start = played(SECOND, "2026-03-01T21:30:00+01:00")
    Game.objects.filter(pk=late_start.pk).update(
        finished_at=Game.objects.get(pk=late_start.pk).started_at.replace(hour=19)
    )
    book_game(game=Game.objects.get(pk=late_start.pk))

    assert ratings() == pytest.approx(expected(SECOND, FIRST))
    assert check_ratings(repair=False) == []


def test_a_void_game_leaves_the_ratings_as_if_it_was_never_played() -> None:
    played(FIRST, "2026-03-01T20:00:00+01:00")
    second = played(SECOND, "2026-03-02T20:00:00+01:00")
    played(THIRD, "2026-03-03T20:00:00+01:00")

    void_game(game=second, by=secretary(), reason="Entered twice.")

    assert ratings() == pytest.approx(expected(FIRST, THIRD))
    assert not RatingChange.objects.filter(game=second).exists()
    assert check_ratings(repair=False) == []


def test_a_player_whose_only_game_is_voided_has_no_rating() -> None:
    played(FIRST, "2026-03-01T20:00:00+01:00")
    only = played({"Ann": 9, "Zed": 10}, "2026-03-02T20:00:00+01:00")

    void_game(game=only, by=secretary(), reason="Abandoned.")

    assert set(Rating.objects.values_list("member__known_as", flat=True)) == {"Ann", "Ben", "Cy"}
    assert check_ratings(repair=False) == []


def test_guests_are_rated_by_name_and_friendly_games_count() -> None:
    played({"Ann": 20, "Guest Sam": 25}, "2026-03-01T20:00:00+01:00")
    game = played({"Ann": 20, "guest sam": 10}, "2026-03-02T20:00:00+01:00")
    Game.objects.filter(pk=game.pk).update(friendly=True)
    book_game(game=Game.objects.get(pk=game.pk))

    guest = Rating.objects.get(member__isnull=True)
    key = f"{the_club().pk}:guest sam"
    assert (guest.guest_key, guest.guest_name, guest.games) == (key, "guest sam", 2)
    assert Rating.objects.get(member__known_as="Ann").games == 2


def test_booking_a_game_again_changes_nothing() -> None:
    game = played(FIRST, "2026-03-01T20:00:00+01:00")
    before = list(RatingChange.objects.values_list("pk", flat=True))

    book_game(game=game)

    assert list(RatingChange.objects.values_list("pk", flat=True)) == before


def test_a_changed_rating_is_found_and_repaired_from_a_full_recomputation() -> None:
    played(FIRST, "2026-03-01T20:00:00+01:00")
    played(SECOND, "2026-03-02T20:00:00+01:00")
    Rating.objects.filter(member__known_as="Ann").update(mu=40.0)
    RatingChange.objects.filter(member__known_as="Cy").first().delete()  # type: ignore[union-attr]

    found = check_ratings(repair=True)

    assert any("differs" in line for line in found)
    assert any("has no rating change" in line for line in found)
    assert ratings() == pytest.approx(expected(FIRST, SECOND))
    assert check_ratings(repair=False) == []


def test_a_rebuild_gives_what_the_bookings_gave() -> None:
    played(FIRST, "2026-03-01T20:00:00+01:00")
    played(THIRD, "2026-03-03T20:00:00+01:00")
    kept = ratings()

    rebuild_ratings()

    assert ratings() == kept


def test_two_guests_whose_names_differ_only_in_case_are_rated_apart() -> None:
    played({"Ann": 20, "Sam": 25, "sam": 10}, "2026-03-01T20:00:00+01:00", members=False)

    club = the_club().pk
    assert sorted(Rating.objects.values_list("guest_key", flat=True)) == [
        f"{club}:ann",
        f"{club}:sam",
        f"{club}:sam#2",
    ]
    assert check_ratings(repair=False) == []


def test_a_game_after_every_other_is_rated_in_four_queries(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    played(FIRST, "2026-03-01T20:00:00+01:00")
    game = played(THIRD, "2026-03-03T20:00:00+01:00")  # Dee's first game, the others' second
    rows = list(PlayerResultRow.objects.filter(game=game).select_related("player"))
    # As if it had just finished: its changes gone, its players' ratings as before it.
    for change in RatingChange.objects.filter(game=game):
        kept = Rating.objects.filter(ruleset="bar", member=change.member)
        if change.games == 1:
            kept.delete()
        else:
            kept.update(
                mu=change.mu_before,
                sigma=change.sigma_before,
                games=change.games - 1,
                rating=change.rating_before,
            )
    RatingChange.objects.filter(game=game).delete()

    # The changes from the game on (none), its players' ratings, its changes inserted, and
    # their ratings upserted (members' and guests' would be two statements); on PostgreSQL the
    # kind's advisory lock first.
    with django_assert_num_queries(4 + RATINGS_LOCK_QUERIES):
        assert rerate_game(game=game, rows=rows) == 1

    assert ratings() == pytest.approx(expected(FIRST, THIRD))
    assert check_ratings(repair=False) == []
