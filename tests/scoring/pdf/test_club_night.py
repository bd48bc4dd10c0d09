"""A club night: every game started in the date range, and none outside, in one PDF."""

from __future__ import annotations

import gc
import weakref
from datetime import date, datetime
from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.models import Game
from scoring.pdf import club_night_pdf
from scoring.selectors import games_started_between, load_prefetched_game
from tests.factories import the_club

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
        games_started_between(the_club(), start, end),
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
    club = the_club()
    with CaptureQueriesContext(connection) as queries:
        loaded = [
            load_prefetched_game(game)
            for game in games_started_between(club, when, local(2026, 3, 7, 0, 0))
        ]
        corrections = [list(sheet.game.corrections.all()) for sheet in loaded]
        scorers = [sheet.game.scorer for sheet in loaded]
    assert len(loaded) == games and len(corrections) == games and len(scorers) == games
    assert len(queries) == 5, [query["sql"] for query in queries]
    assert all(sheet.state.complete for sheet in loaded)


@pytest.mark.parametrize("games", [4, 8])
def test_a_whole_club_night_pdf_reads_its_games_in_five_queries_however_many(games: int) -> None:
    when = local(2026, 3, 6, 20, 0)
    kinds = [("jackpot", 4), ("balut", 3), ("bar", 2)]
    for seed in range(games):
        ruleset, players = kinds[seed % len(kinds)]
        barbut = seed % 4 == 3
        record = example_record("barbut4") if barbut else random_record(ruleset, players, seed)
        started(import_record(record), when)
    out, club = BytesIO(), the_club()
    with CaptureQueriesContext(connection) as queries:
        count = club_night_pdf(
            games_started_between(club, when, local(2026, 3, 7, 0, 0)),
            out,
            date_from=date(2026, 3, 6),
            date_to=date(2026, 3, 6),
            club="The British Club",
        )
    assert count == games
    assert len(printed_games(out.getvalue())) == games
    # Games, players, turns, signatures, corrections: never a query a sheet.
    assert len(queries) == 5, [query["sql"] for query in queries]


def test_the_garbage_collector_runs_again_once_the_night_is_printed() -> None:
    started(import_record(example_record("balut")), local(2026, 3, 6, 20, 0))
    assert gc.isenabled()
    club_night_pdf(
        games_started_between(the_club(), local(2026, 3, 6, 0, 0), local(2026, 3, 7, 0, 0)),
        BytesIO(),
        date_from=date(2026, 3, 6),
        date_to=date(2026, 3, 6),
    )
    assert gc.isenabled()


def test_a_printed_night_leaves_its_turns_to_be_freed_at_once_not_for_the_collector() -> None:
    when = local(2026, 3, 6, 20, 0)
    for seed in range(3):
        started(import_record(random_record("balut", 3, seed)), when)
    games = list(games_started_between(the_club(), when, local(2026, 3, 7, 0, 0)))
    turns = [weakref.ref(turn) for game in games for turn in game.turns.all()]
    assert len(turns) >= 3 * 20  # three whole games
    gc.disable()
    try:
        club_night_pdf(games, BytesIO(), date_from=date(2026, 3, 6), date_to=date(2026, 3, 6))
        del games
        # Left in reference cycles (each turn's cached game), they would wait for a full
        # collection, which a night's 19,000 turns made a fifth of the next night's time.
        assert [ref for ref in turns if ref() is not None] == []
    finally:
        gc.enable()
