"""The club's count of finished games by kind (league.models.KindTally), which the records page
reads: kept with each game's booking, so it always equals a count of the games themselves."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.db import connection, transaction

from clubs.models import Club
from league.models import KindTally
from league.services.books import book_game
from league.services.figures import rebuild_all_figures
from scoring.models import Game, GameStatus
from scoring.services.games import void_game
from scoring.services.records import import_game_record
from stats.records import finished_games_by_kind
from tests.factories import other_club, the_club
from tests.league.helpers import correct_eli_to_beat_hal, play_bar
from tests.scoring.services.helpers import example, imported, secretary

pytestmark = pytest.mark.django_db


def counted_afresh(club: Club) -> dict[str, int]:
    """What the records page counted before the count was kept: every finished game that counts."""
    games = Game.objects.filter(club=club, status=GameStatus.FINISHED, voided_at__isnull=True)
    found: dict[str, int] = {}
    for ruleset in games.values_list("ruleset", flat=True):
        found[ruleset] = found.get(ruleset, 0) + 1
    return found


def kept(club: Club) -> dict[str, int]:
    return {row.ruleset: row.games for row in KindTally.objects.filter(club=club)}


def test_each_finished_game_adds_one_to_its_kinds_count() -> None:
    play_bar()
    play_bar()

    assert kept(the_club()) == {"bar": 2}
    assert finished_games_by_kind(the_club()) == counted_afresh(the_club()) == {"bar": 2}


def test_a_game_not_yet_finished_is_not_counted() -> None:
    play_bar()
    play_bar(leave=1)

    assert finished_games_by_kind(the_club()) == {"bar": 1}


def test_a_correction_of_a_finished_game_leaves_the_count_as_it_was() -> None:
    game = imported("bar-register")
    book_game(game=game)
    before = kept(the_club())

    correct_eli_to_beat_hal(game)
    book_game(game=game)

    assert kept(the_club()) == before == counted_afresh(the_club())


def test_a_voided_game_comes_off_its_kinds_count() -> None:
    play_bar()
    voided = play_bar()

    void_game(game=voided, by=secretary(), reason="Entered twice")

    assert kept(the_club()) == {"bar": 1} == counted_afresh(the_club())


def test_the_last_game_of_a_kind_voided_leaves_the_kind_off_the_records_page() -> None:
    game = play_bar()

    void_game(game=game, by=secretary(), reason="Entered twice")

    assert kept(the_club()) == {"bar": 0}
    assert finished_games_by_kind(the_club()) == {}


def test_a_game_no_longer_finished_comes_off_and_finishing_again_puts_it_back() -> None:
    game = play_bar()
    finished_at = game.finished_at
    Game.objects.filter(pk=game.pk).update(status=GameStatus.IN_PROGRESS, finished_at=None)
    with transaction.atomic():
        book_game(game=game)
    assert kept(the_club()) == {"bar": 0}

    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED, finished_at=finished_at)
    with transaction.atomic():
        book_game(game=game)

    assert kept(the_club()) == {"bar": 1} == counted_afresh(the_club())


def test_a_count_out_of_step_is_counted_again_when_a_game_comes_off() -> None:
    play_bar()
    play_bar()
    voided = play_bar()
    # A database repaired by hand: the count lost.
    KindTally.objects.all().delete()

    void_game(game=voided, by=secretary(), reason="Entered twice")

    assert kept(the_club()) == {"bar": 2} == counted_afresh(the_club())


def test_a_rebuild_counts_the_same_as_the_bookings_kept() -> None:
    play_bar()
    voided = play_bar()
    void_game(game=voided, by=secretary(), reason="Entered twice")
    book_game(game=imported("bar-register"))
    before = kept(the_club())

    rebuild_all_figures()

    # The rebuild counts from the kept rows, so a kind fallen to nought has no row.
    assert {k: v for k, v in before.items() if v} == kept(the_club())
    assert kept(the_club()) == counted_afresh(the_club())


def test_the_migration_counts_each_clubs_games_from_the_kept_rows() -> None:
    play_bar()
    play_bar()
    void_game(game=play_bar(), by=secretary(), reason="Entered twice")
    expected = counted_afresh(the_club())
    KindTally.objects.all().delete()
    migration = importlib.import_module("league.migrations.0025_finished_games_kept_by_kind")

    # The function reads only the editor's connection (the database being migrated).
    migration.count_kept_games(apps, SimpleNamespace(connection=connection))

    assert kept(the_club()) == expected == {"bar": 2}


def test_a_game_of_another_club_counts_in_that_club_alone() -> None:
    play_bar()
    import_game_record(
        in_club=other_club(),
        data=example("bar-register"),
        imported_by=None,
        source="test:other club",
        allow_duplicate=True,
    )

    assert finished_games_by_kind(the_club()) == {"bar": 1}
    assert finished_games_by_kind(other_club()) == {"bar": 1}
    assert kept(other_club()) == counted_afresh(other_club())
