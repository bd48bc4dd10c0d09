"""`synthesize_history`: games the engine played, stored exactly as the services store them."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from league.models import ClaimStatus, DebtStatus, DrinkDebt, RegisterClaim, RegisterEntry, Season
from league.selectors import house_rules
from league.services.settings import update_club_settings
from league.synthesis.books import STILL_OPEN
from scoring import rules, verification
from scoring.models import Game, GameStatus, Member, Signature
from scoring.selectors import load_game, recorded_game, turn_outcomes
from tests.factories import the_club
from tests.scoring.services.helpers import secretary

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


def test_the_books_hold_the_engines_drinks_and_register_candidates_of_every_game() -> None:
    # Narrow bounds, so that a small history has register candidates in every kind of game.
    update_club_settings(
        in_club=the_club(),
        by=secretary(),
        club_name="",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={
            "bar": rules.RegisterBounds(high=110, low=70),
            "balut": rules.RegisterBounds(high=450, low=300),
        },
        default_options={},
        standings_tiebreakers={},
    )
    synthesize("--years", "2", "--games-per-year", "40", "--seed", "9", "--no-signatures")
    rules_of_the_house = house_rules(the_club())
    recent = timezone.now() - STILL_OPEN

    candidates = 0
    for game in Game.objects.all():
        result = load_game(game).result(rules_of_the_house)
        booked = list(DrinkDebt.objects.filter(game=game).order_by("sequence"))
        assert [(d.debtor.seat, d.reason, d.turn) for d in booked] == [
            (drink.seat, drink.reason, drink.turn) for drink in result.drinks
        ]
        assert game.finished_at is not None
        expected = (
            {DebtStatus.OWED}
            if game.finished_at > recent
            else {
                DebtStatus.SETTLED,
                DebtStatus.WRITTEN_OFF,
            }
        )
        assert {debt.status for debt in booked} <= expected
        claims = RegisterClaim.objects.filter(game=game)
        assert sorted((c.player.seat, c.kind, c.score) for c in claims) == sorted(
            (candidate.seat, candidate.kind, candidate.score) for candidate in result.register
        )
        candidates += len(result.register)
    assert DrinkDebt.objects.exists()
    assert RegisterClaim.objects.count() == candidates > 0
    ratified = RegisterClaim.objects.filter(status=ClaimStatus.RATIFIED)
    assert ratified.exists()
    assert RegisterEntry.objects.filter(claim__in=ratified).count() == ratified.count()


def test_each_calendar_year_of_the_history_gets_a_season() -> None:
    synthesize("--years", "2", "--games-per-year", "5", "--no-signatures")

    today = timezone.localdate()
    names = set(Season.objects.values_list("name", flat=True))
    assert {str(today.year - 1), str(today.year)} <= names
    assert Season.objects.count() in (2, 3)


@pytest.mark.parametrize("args", [["--years", "0"], ["--years", "1", "--games-per-year", "0"]])
def test_nonsense_sizes_are_refused_with_a_message(args: list[str]) -> None:
    with pytest.raises(CommandError, match="must be from"):
        synthesize(*args)
