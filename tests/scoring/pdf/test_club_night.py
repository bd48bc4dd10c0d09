"""A club night: every game started in the date range, and none outside, in one PDF."""

from __future__ import annotations

from datetime import date, datetime
from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.models import Game
from scoring.pdf import club_night_pdf
from scoring.selectors import games_started_between, load_prefetched_game

from .helpers import example_record, import_record, lines_of, printed_games, random_record

pytestmark = pytest.mark.django_db


def local(year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    return timezone.make_aware(datetime(year, month, day, hour, minute))


def started(game: Game, when: datetime) -> Game:
    Game.objects.filter(pk=game.pk).update(started_at=when)
    return game


def test_every_game_of_the_range_and_none_outside() -> None:
    before = started(import_record(example_record("bar")), local(2026, 3, 5, 23, 59))
    first = started(import_record(example_record("balut")), local(2026, 3, 6, 0, 0))
    second = started(import_record(example_record("barbut4")), local(2026, 3, 6, 21, 30))
    last = started(import_record(example_record("jackpot")), local(2026, 3, 7, 23, 59))
    after = started(import_record(example_record("bar")), local(2026, 3, 8, 0, 0))
    out = BytesIO()
    start, end = local(2026, 3, 6, 0, 0), local(2026, 3, 8, 0, 0)
    count = club_night_pdf(
        games_started_between(start, end),
        out,
        date_from=date(2026, 3, 6),
        date_to=date(2026, 3, 7),
    )
    assert count == 3
    numbers = printed_games(out.getvalue())
    assert numbers == [first.pk, second.pk, last.pk]
    assert before.pk not in numbers and after.pk not in numbers
    text = "\n".join(lines_of(out.getvalue()))
    assert "sheet 1 of 3" in text and "sheet 3 of 3" in text


@pytest.mark.parametrize("games", [2, 6])
def test_the_range_loads_in_five_queries_however_many_games(games: int) -> None:
    when = local(2026, 3, 6, 20, 0)
    for seed in range(games):
        started(import_record(random_record("jackpot", 4, seed)), when)
    with CaptureQueriesContext(connection) as queries:
        loaded = [
            load_prefetched_game(game)
            for game in games_started_between(when, local(2026, 3, 7, 0, 0))
        ]
        corrections = [list(sheet.game.corrections.all()) for sheet in loaded]
        scorers = [sheet.game.scorer for sheet in loaded]
    assert len(loaded) == games and len(corrections) == games and len(scorers) == games
    assert len(queries) == 5, [query["sql"] for query in queries]
    assert all(sheet.state.complete for sheet in loaded)
