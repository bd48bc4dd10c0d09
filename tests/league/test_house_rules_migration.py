"""league 0019: every game kept before games kept their house rules takes the club's settings of
the day of the upgrade, in the shape the engine reads; a game that has its own keeps them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from league.selectors import house_rules
from league.services.settings import update_club_settings
from scoring import rules
from scoring.models import Game
from scoring.selectors import game_house_rules
from tests.factories import the_club
from tests.scoring.services.helpers import imported, secretary

BEFORE = ("league", "0018_audit_logs_imports")
BACKFILL = ("league", "0019_game_house_rules_backfill")


def run_backfill_again() -> None:
    """Back to before the backfill and forward through it, on the test database; then on to
    every app's latest migration, where the app's code reads them: stepping the league back
    also steps back what depends on it (the ratings' guests per club and backlog), and the
    tests after this one on the same database need those tables."""
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    executor.loader.build_graph()
    executor.migrate([BACKFILL])
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def kept_before_the_upgrade(game: Game) -> Game:
    """`game` as the scoring migration left it: no house rules of its own yet."""
    Game.objects.filter(pk=game.pk).update(house_rules={})
    game.refresh_from_db()
    assert game.house_rules == {}
    return game


@pytest.mark.django_db(transaction=True)
def test_games_kept_before_the_upgrade_take_the_clubs_settings_and_others_keep_their_own() -> None:
    own = imported("bar-register")
    own_rules = own.house_rules
    update_club_settings(
        in_club=the_club(),
        by=secretary(),
        club_name="Balut Club",
        drinks_in_balut=False,
        drinks_in_jackpot=True,
        register_bounds={
            "bar": rules.RegisterBounds(high=170, low=30),
            "balut": rules.RegisterBounds(high=350, low=150),
        },
        default_options={},
    )
    legacy = [
        kept_before_the_upgrade(imported(name)) for name in ("balut-three-players", "bar-register")
    ]

    run_backfill_again()

    for game in legacy:
        game.refresh_from_db()
        assert game.house_rules == house_rules(the_club()).as_dict()
        assert game_house_rules(game) == rules.HouseRules(
            drinks_in_balut=False,
            drinks_in_jackpot=True,
            register_bounds={
                "bar": rules.RegisterBounds(high=170, low=30),
                "balut": rules.RegisterBounds(high=350, low=150),
            },
        )
    own.refresh_from_db()
    assert own.house_rules == own_rules


@pytest.mark.django_db(transaction=True)
def test_a_club_that_never_saved_its_settings_gives_its_games_the_rules_defaults() -> None:
    game = kept_before_the_upgrade(imported("balut-three-players"))

    run_backfill_again()

    game.refresh_from_db()
    assert game.house_rules == rules.DEFAULT_HOUSE_RULES.as_dict()
