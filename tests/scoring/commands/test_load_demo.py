"""`manage.py load_demo`: the finished demo games are the golden records, each loaded once."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from scoring.models import Game, GameStatus
from scoring.selectors import load_game
from tests import golden
from tests.factories import fast_pin_hashing

__all__ = ["fast_pin_hashing"]

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def test_the_demos_finished_games_are_the_golden_records_with_their_expected_results() -> None:
    call_command("load_demo", stdout=io.StringIO())

    finished = Game.objects.filter(status=GameStatus.FINISHED).order_by("pk")
    assert [game.source for game in finished] == [
        f"demo:finished-{path.name}" for path in golden.valid_paths()
    ]
    for game, path in zip(finished, golden.valid_paths(), strict=True):
        result = load_game(game).result()
        assert [(p.name, p.score, p.total_points, p.rank) for p in result.players] == [
            (p["name"], p["score"], p["points"], p["rank"])
            for p in golden.expected(path.stem)["players"]
        ], path.stem


def test_loading_the_demo_again_adds_no_game() -> None:
    call_command("load_demo", stdout=io.StringIO())
    games = Game.objects.count()

    out = io.StringIO()
    call_command("load_demo", stdout=out)

    assert Game.objects.count() == games
    assert "0 games added" in out.getvalue()
