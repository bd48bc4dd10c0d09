"""The rating list rounds as every page does and never shows a figure built from another
club's private games; games rated at once on PostgreSQL come out as a full replay does
(issue 37)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from clubs.models import Club
from clubs.services import join_club
from league.models import ClubSettings
from ratings.models import Rating, RatingBacklog, RatingChange
from ratings.services import backlog
from ratings.services.recompute import check_ratings
from ratings.tables import RatingTable
from scoring.models import Game, Member, PublicArea
from scoring.services.records import import_game_record
from tests.factories import other_club, the_club
from tests.ratings.helpers import bar_record, played
from tests.scoring.services.helpers import member


@pytest.mark.parametrize(
    ("figure", "shown"), [(0.159, "0.2"), (-5.496, "-5.5"), (24.25, "24.3"), (7.04, "7.0")]
)
def test_the_list_rounds_its_figures_as_other_pages_do(figure: float, shown: str) -> None:
    table = RatingTable([])

    assert table.render_rating(figure) == shown
    assert table.render_mu(figure) == shown
    assert table.render_sigma(figure) == shown


def test_the_list_rounds_in_the_readers_language() -> None:
    from django.utils import translation

    with translation.override("da"):
        assert RatingTable([]).render_rating(-5.496) == "-5,5"


def played_in(club: Club, totals: dict[str, int], at: str) -> Game:
    return import_game_record(
        in_club=club,
        data=bar_record(totals, at),
        imported_by=None,
        source="test:ratings",
        allow_duplicate=True,
    )


def listed(client: Client, slug: str) -> str:
    url = f"/c/{slug}{reverse('ratings:list')}"
    return client.get(url, {"ruleset": "bar"}).content.decode()


@pytest.mark.django_db
def test_a_clubs_list_leaves_out_a_rating_built_from_another_clubs_private_games(
    client: Client,
) -> None:
    played({"Ann": 20, "Ben": 10, "Cai": 5}, "2026-03-01T20:00:00+01:00")
    elsewhere = other_club()
    join_club(club=elsewhere, user=Member.objects.get(known_as="Ann").user)
    ClubSettings.objects.update_or_create(club=elsewhere, defaults={"public_areas": []})
    played_in(elsewhere, {"Ann": 30, "Guest Dot": 10}, "2026-03-02T20:00:00+01:00")

    hidden = listed(client, "club")
    ClubSettings.objects.filter(club=elsewhere).update(
        public_areas=[PublicArea.GAMES, PublicArea.STANDINGS]
    )
    shown = listed(client, "club")

    assert 'data-person="Ben"' in hidden and 'data-person="Ann"' not in hidden
    assert 'data-person="Ann"' in shown
    # The club that played the private game lists her: its own games are its own.
    assert 'data-person="Ann"' in listed(client, "other")


def rate_at_once(*, later: str, earlier: str, clubs: tuple[Club, Club]) -> None:
    """The later game's booking holds its transaction open until the earlier game's booking,
    in another connection, waits for the ratings' lock; then both commit."""
    failures: list[BaseException] = []
    later_rated = threading.Event()
    released = threading.Event()

    def book_later() -> None:
        try:
            with transaction.atomic():
                played_in(clubs[0], {"Ann": 10, "Ben": 30}, later)
                later_rated.set()
                released.wait(timeout=20)
        except BaseException as error:  # noqa: BLE001 - reported by the test
            failures.append(error)
        finally:
            later_rated.set()
            connection.close()

    def book_earlier() -> None:
        try:
            later_rated.wait(timeout=20)
            with transaction.atomic():
                played_in(clubs[1], {"Ann": 30, "Ben": 10}, earlier)
        except BaseException as error:  # noqa: BLE001 - reported by the test
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=book_later), threading.Thread(target=book_earlier)]
    for thread in threads:
        thread.start()
    later_rated.wait(timeout=20)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
            if cursor.fetchone()[0]:
                break
    released.set()
    for thread in threads:
        thread.join(timeout=30)
    assert failures == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_games_rated_at_once_in_the_wrong_order_equal_a_full_replay() -> None:
    elsewhere = other_club()
    for name in ("Ann", "Ben"):
        join_club(club=elsewhere, user=member(name).user)

    rate_at_once(
        later="2026-03-02T20:00:00+01:00",
        earlier="2026-03-01T20:00:00+01:00",
        clubs=(the_club(), elsewhere),
    )

    assert Rating.objects.filter(ruleset="bar").count() == 2
    assert check_ratings(repair=False) == []


@pytest.mark.django_db
def test_two_clubs_guests_of_one_name_are_two_people(client: Client) -> None:
    elsewhere = other_club()
    played({"Ann": 20, "Guest Sam": 30}, "2026-03-01T20:00:00+01:00")
    played_in(elsewhere, {"Guest Sam": 5, "Guest Tom": 30}, "2026-03-02T20:00:00+01:00")
    ClubSettings.objects.update_or_create(
        club=elsewhere, defaults={"public_areas": [PublicArea.STANDINGS, PublicArea.GAMES]}
    )

    sams = Rating.objects.filter(guest_name="Guest Sam").order_by("guest_key")

    assert [(sam.guest_key, sam.games) for sam in sams] == [
        (f"{the_club().pk}:guest sam", 1),
        (f"{elsewhere.pk}:guest sam", 1),
    ]
    # Each club's list shows its own Sam's figure, not one built from the other's game.
    here = listed(client, "club").split('data-person="Guest Sam"')[1][:400]
    there = listed(client, "other").split('data-person="Guest Sam"')[1][:400]
    assert here != there
    assert check_ratings(repair=False) == []


@pytest.mark.django_db
def test_a_historic_import_re_rates_only_its_players_chain() -> None:
    played({"Ann": 20, "Ben": 10}, "2026-03-02T20:00:00+01:00")
    met_later = played({"Ben": 20, "Cai": 10}, "2026-03-03T20:00:00+01:00")
    apart_ = played({"Dot": 20, "Eve": 10}, "2026-03-04T20:00:00+01:00")
    untouched = list(RatingChange.objects.filter(game=apart_).values_list("pk", flat=True))
    reached = list(RatingChange.objects.filter(game=met_later).values_list("pk", flat=True))

    # An older game of Ann's: her later game moves, so Ben's, so Ben's game with Cai.
    played({"Ann": 20, "Fay": 10}, "2026-03-01T20:00:00+01:00")

    assert list(RatingChange.objects.filter(game=apart_).values_list("pk", flat=True)) == untouched
    assert set(RatingChange.objects.filter(game=met_later).values_list("pk", flat=True)).isdisjoint(
        reached
    )
    assert check_ratings(repair=False) == []


@pytest.mark.django_db
def test_a_long_re_rating_is_done_after_the_commit_and_check_books_reports_it_until_then(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    monkeypatch.setattr(backlog, "INLINE_GAMES", 1)
    played({"Ann": 20, "Ben": 10}, "2026-03-02T20:00:00+01:00")
    played({"Ben": 20, "Cai": 10}, "2026-03-03T20:00:00+01:00")

    with django_capture_on_commit_callbacks() as after_commit:
        played({"Ann": 20, "Fay": 10}, "2026-03-01T20:00:00+01:00")

    assert RatingBacklog.objects.count() == 1
    assert any("still to be re-rated" in line for line in check_ratings(repair=False))
    for callback in after_commit:
        callback()
    assert not RatingBacklog.objects.exists()
    assert check_ratings(repair=False) == []
