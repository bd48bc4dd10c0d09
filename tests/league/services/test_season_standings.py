"""The season standings kept as aggregates always equal a fresh sum of the games' rows: after a
finished game, an import, a correction, a void, a game no longer finished, and a season's dates
moved."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_django import DjangoAssertNumQueries

from league.checks import standing_inconsistencies
from league.models import Season, SeasonStanding
from league.selectors import standings
from league.services.books import book_game
from league.services.seasons import create_season, update_season
from league.services.standings import summed
from league.standings import DEFAULT_TIEBREAKERS
from scoring.models import Game, GameStatus, Member
from scoring.services.games import void_game
from scoring.services.records import import_game_record
from tests.factories import the_club
from tests.league.helpers import correct_eli_to_beat_hal, play_bar, season_around_today
from tests.scoring.services.helpers import example, member, secretary

pytestmark = pytest.mark.django_db

BAR_NAMES = ("Dee", "Eli", "Fay", "Hal")


def season(days: int = 30, name: str = "Now") -> Season:
    return season_around_today(name, days=days)


def imported_bar() -> Game:
    """The bar example with its seats as members, as a club imports its own old sheets."""
    for name in BAR_NAMES:
        if not Member.objects.filter(known_as=name).exists():
            member(name)
    return import_game_record(
        in_club=the_club(),
        data=example("bar-register"),
        imported_by=None,
        source="test",
        allow_duplicate=True,
    )


def test_a_game_finished_at_the_table_is_in_the_standings_at_once() -> None:
    now = season()
    play_bar()

    assert standing_inconsistencies() == []
    ann = SeasonStanding.objects.get(season=now, member__known_as="Ann", ruleset="bar")
    assert (ann.games, ann.wins) == (1, 1)


def test_an_import_a_correction_and_a_void_keep_the_standings_equal_to_a_fresh_sum() -> None:
    now = season()
    game = imported_bar()
    assert SeasonStanding.objects.filter(season=now, ruleset="bar").count() == len(BAR_NAMES)
    assert standing_inconsistencies() == []

    correct_eli_to_beat_hal(game)
    eli = SeasonStanding.objects.get(season=now, member__known_as="Eli")
    assert (eli.lasts, eli.total) == (0, 34)
    assert standing_inconsistencies() == []

    void_game(game=game, by=secretary("voider"), reason="Played twice")
    assert not SeasonStanding.objects.filter(season=now).exists()
    assert standing_inconsistencies() == []


def test_a_game_no_longer_finished_leaves_the_standings() -> None:
    now = season()
    game = play_bar()
    Game.objects.filter(pk=game.pk).update(status=GameStatus.IN_PROGRESS, finished_at=None)

    book_game(game=game)

    assert not SeasonStanding.objects.filter(season=now).exists()


def test_a_game_moved_out_of_the_season_leaves_it_and_enters_the_other() -> None:
    now = season(days=10, name="Now")
    earlier = create_season(
        in_club=the_club(),
        by=secretary("keeper-earlier"),
        name="Earlier",
        starts_on=timezone.localdate() - datetime.timedelta(days=400),
        ends_on=timezone.localdate() - datetime.timedelta(days=300),
    )
    game = play_bar()
    Game.objects.filter(pk=game.pk).update(
        finished_at=timezone.now() - datetime.timedelta(days=350)
    )

    book_game(game=game)

    assert not SeasonStanding.objects.filter(season=now).exists()
    assert SeasonStanding.objects.filter(season=earlier).count() == 3
    assert standing_inconsistencies() == []


def test_moving_a_seasons_dates_sums_it_afresh() -> None:
    now = season(days=10)
    play_bar()
    ended = timezone.localdate() - datetime.timedelta(days=1)

    update_season(season=now, by=secretary("mover"), name="Now", starts_on=ended, ends_on=ended)

    assert not SeasonStanding.objects.filter(season=now).exists()
    assert standing_inconsistencies() == []


def test_the_checker_finds_a_line_that_differs_and_the_repair_sums_it_again() -> None:
    from io import StringIO

    from django.core.management import call_command
    from django.core.management.base import CommandError

    season()
    play_bar()
    SeasonStanding.objects.filter(member__known_as="Ben").update(wins=5, games=9)
    assert len(standing_inconsistencies()) == 1
    with pytest.raises(CommandError, match="1 standings lines and game counts"):
        call_command("check_books", stdout=StringIO())

    call_command("check_books", "--repair", stdout=StringIO())

    assert standing_inconsistencies() == []


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(st.sampled_from(["play", "import", "correct", "void"]), max_size=5))
def test_any_run_of_changes_leaves_the_standings_equal_to_a_fresh_sum(steps: list[str]) -> None:
    # Each example in a transaction of its own, rolled back: the next starts afresh.
    with transaction.atomic():
        now = season(name="Run")
        boss = secretary("voider")
        imports: list[Game] = []
        corrected: set[int] = set()
        for step in steps:
            if step == "play":
                play_bar()
            elif step == "import":
                imports.append(imported_bar())
            # One correction an example: the helper's corrector is one user.
            elif step == "correct" and imports and not corrected:
                correct_eli_to_beat_hal(imports[-1])
                corrected.add(imports[-1].pk)
            elif step == "void" and imports:
                void_game(
                    game=imports.pop(),
                    by=boss,
                    reason="Twice",
                )

        assert standing_inconsistencies() == []
        fresh = {key: line.games for key, line in summed(now).items()}
        assert {
            (line.ruleset, line.member_id): line.games
            for line in SeasonStanding.objects.filter(season=now)
        } == fresh
        transaction.set_rollback(True)


def test_the_standings_are_one_query_of_the_kept_lines(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    now = season()
    play_bar()
    play_bar()

    with django_assert_num_queries(1):
        rows = list(standings(now, "bar", DEFAULT_TIEBREAKERS["bar"]))

    assert [(row["member__known_as"], row["games"], row["place"]) for row in rows][0] == (
        "Ann",
        2,
        1,
    )
