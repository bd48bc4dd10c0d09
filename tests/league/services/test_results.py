"""Each seat's stored result: the engine's figures for a finished game, kept up to date."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from league.models import BoxTally, PlayerResultRow
from league.services.books import book_game
from league.synthesis.history import Synthesizer
from scoring.models import Game, GameStatus
from scoring.selectors import load_game
from tests.factories import the_club
from tests.league.helpers import correct_eli_to_beat_hal, play_bar
from tests.scoring.services.helpers import example_names, imported

pytestmark = pytest.mark.django_db


def engine_rows(game: Game) -> list[tuple[str, int, int | None, int, int, bool, bool]]:
    result = load_game(game).result()
    worst = max(player.rank for player in result.players)
    return [
        (
            player.name,
            player.score,
            player.total_points,
            player.rank,
            player.baluts,
            player.rank == 1,
            player.rank == worst,
        )
        for player in result.players
    ]


def stored_rows(game: Game) -> list[tuple[str, int, int | None, int, int, bool, bool]]:
    return [
        (row.player.name, row.score, row.points, row.rank, row.baluts, row.won, row.last)
        for row in PlayerResultRow.objects.filter(game=game)
        .select_related("player")
        .order_by("player__seat")
    ]


@pytest.mark.parametrize("name", example_names(invalid=False))
def test_the_rows_stored_are_the_engines_result_of_each_example(name: str) -> None:
    game = imported(name)

    rows = book_game(game=game).rows

    assert stored_rows(game) == engine_rows(game)
    assert len(rows) == game.players.count()
    assert all(row.finished_at == game.finished_at for row in rows)
    assert all(row.member_id == row.player.member_id for row in rows)


def test_storing_twice_keeps_the_same_rows() -> None:
    game = imported("bar-register")
    first = {row.pk for row in book_game(game=game).rows}

    again = {row.pk for row in book_game(game=game).rows}

    assert again == first
    assert PlayerResultRow.objects.count() == 4


def test_a_game_in_progress_has_no_rows() -> None:
    game = play_bar(leave=1)

    assert book_game(game=game).rows == []
    assert not PlayerResultRow.objects.exists()


def test_after_a_correction_the_rows_are_updated_in_place() -> None:
    # In the bar example Eli (14) comes last; 44444 in Eli's last turn lifts Eli above Hal.
    game = imported("bar-register")
    before = {row.player.name: row for row in book_game(game=game).rows}
    assert before["Eli"].last and not before["Hal"].last
    correct_eli_to_beat_hal(game)

    after = {row.player.name: row for row in book_game(game=game).rows}

    assert stored_rows(game) == engine_rows(game)
    assert {name: row.pk for name, row in after.items()} == {
        name: row.pk for name, row in before.items()
    }
    assert after["Hal"].last and not after["Eli"].last
    assert after["Eli"].score == before["Eli"].score + 20


def test_rows_of_a_game_no_longer_finished_are_deleted() -> None:
    game = imported("bar-register")
    book_game(game=game)
    Game.objects.filter(pk=game.pk).update(status=GameStatus.IN_PROGRESS, finished_at=None)

    assert book_game(game=game).rows == []
    assert not PlayerResultRow.objects.filter(game=game).exists()


def test_backfill_stores_the_rows_of_finished_games_without_them() -> None:
    games = [imported("balut-three-players"), imported("barbut4-with-6666")]
    # As if kept before the app stored results: the import stored them, so take them away.
    PlayerResultRow.objects.all().delete()
    out = io.StringIO()

    call_command("backfill_results", stdout=out)

    assert "Repaired 2 games." in out.getvalue()
    for game in games:
        assert stored_rows(game) == engine_rows(game)
    call_command("backfill_results", stdout=out)
    assert "Repaired 0 games." in out.getvalue()


def test_backfill_redoes_rows_kept_before_they_held_box_scores() -> None:
    game = imported("bar-register")
    book_game(game=game)
    tallies = list(BoxTally.objects.values_list("member", "box", "filled", "total"))
    PlayerResultRow.objects.update(boxes={})
    BoxTally.objects.all().delete()

    call_command("backfill_results", stdout=io.StringIO())

    assert not PlayerResultRow.objects.filter(boxes={}).exists()
    assert list(BoxTally.objects.values_list("member", "box", "filled", "total")) == tallies


def test_synthetic_history_stores_the_engines_rows_of_every_game() -> None:
    Synthesizer(club=the_club(), seed=3, signatures=False).run(years=1, games_per_year=12)

    games = list(Game.objects.all())
    assert len(games) == 12
    for game in games:
        assert stored_rows(game) == engine_rows(game)
