"""`synthesize_history`: games the engine played, stored exactly as the services store them."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from scoring import verification
from scoring.models import Game, GameStatus, Member, Signature
from scoring.selectors import load_game, recorded_game, turn_outcomes

pytestmark = pytest.mark.django_db


def synthesize(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("synthesize_history", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_it_makes_finished_games_whose_stored_turns_the_engine_agrees_with() -> None:
    out, err = synthesize("--years", "2", "--games-per-year", "6", "--seed", "3")

    games = list(Game.objects.all())
    assert len(games) == 12
    assert {game.status for game in games} == {GameStatus.FINISHED}
    assert Member.objects.count() == 40
    for game in games:
        loaded = load_game(game)
        assert loaded.state.complete
        stored = [(turn.box, turn.score) for turn in loaded.turns]
        assert stored == [(o.box, o.score) for o in turn_outcomes(loaded.state)]
    assert "Synthesized 12 finished games" in out
    assert "[##############################] 100% 12/12 games" in err


def test_every_player_signs_and_the_code_is_the_one_the_verify_page_computes() -> None:
    synthesize("--years", "1", "--games-per-year", "4")

    for game in Game.objects.all():
        assert Signature.objects.filter(game=game).count() == game.players.count()
        assert game.verification_code == verification.verification_code(recorded_game(game))


def shape(games: list[Game]) -> list[tuple[str, list[str], list[object]]]:
    return [
        (
            game.ruleset,
            [p.name for p in game.players.order_by("seat")],
            [t.record for t in game.turns.order_by("number")],
        )
        for game in games
    ]


def test_the_same_seed_gives_the_same_history() -> None:
    synthesize("--years", "1", "--games-per-year", "3", "--seed", "5", "--no-signatures")
    first = list(Game.objects.order_by("pk"))

    synthesize("--years", "1", "--games-per-year", "3", "--seed", "5", "--no-signatures")

    again = list(Game.objects.order_by("pk"))[3:]
    assert shape(again) == shape(first)


@pytest.mark.parametrize("args", [["--years", "0"], ["--years", "1", "--games-per-year", "0"]])
def test_nonsense_sizes_are_refused_with_a_message(args: list[str]) -> None:
    with pytest.raises(CommandError, match="must be from"):
        synthesize(*args)
