"""correct_turn: the whole game is checked again, the change is kept, and nothing is lost."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import ProtectedError

from scoring.models import Correction, Game, GameStatus, Turn
from scoring.selectors import load_game
from scoring.services.corrections import correct_turn
from tests.scoring.services.helpers import (
    fill_game,
    member,
    new_game,
    play,
    play_boxes,
    scorer_of,
    secretary,
    sign_all,
)

pytestmark = pytest.mark.django_db


def snapshot(game: Game) -> list[tuple[int, object, str, int]]:
    return [(t.pk, t.record, t.box, t.score) for t in Turn.objects.filter(game=game)]


def correct(
    game: Game,
    number: int,
    record: dict[str, object],
    *,
    by: User | None = None,
    reason: str = "Misread the dice",
) -> Correction:
    return correct_turn(
        game=game,
        number=number,
        turn_record=record,
        reason=reason,
        corrected_by=by or scorer_of(game),
    )


def test_corrected_dice_and_box_change_the_sheet_and_the_change_is_kept() -> None:
    game = new_game("balut")
    play_boxes(game, [("fours", "44412"), ("choice", "66655")])
    assert load_game(game).result().players[0].score == 12
    scorer = scorer_of(game)

    correction = correct(
        game, 0, {"box": "sixes", "dice": [6, 6, 6, 6, 2]}, by=scorer, reason="Sixes, not fours"
    )

    turn = Turn.objects.get(game=game, number=0)
    assert turn.record == {"player": "Ann", "box": "sixes", "dice": [2, 6, 6, 6, 6]}
    assert (turn.box, turn.score) == ("sixes", 24)
    result = load_game(game).result()
    assert result.players[0].score == 24
    assert result.players[0].boxes["fours"] == []
    kept = Correction.objects.get(pk=correction.pk)
    assert kept.turn == turn
    assert kept.before == {"player": "Ann", "box": "fours", "dice": [1, 2, 4, 4, 4]}
    assert kept.after == turn.record
    assert kept.corrected_by == scorer
    assert kept.reason == "Sixes, not fours"
    assert kept.corrected_at is not None


def test_a_correction_that_would_make_a_later_turn_invalid_is_refused_and_changes_nothing() -> None:
    game = new_game("bar")
    play_boxes(game, [("fours", "44412"), ("fours", "44123"), ("sixes", "66612")])
    before = snapshot(game)
    updated_at = Game.objects.get(pk=game.pk).updated_at

    with pytest.raises(ValidationError) as refused:
        correct(game, 0, {"box": "sixes", "dice": [6, 6, 6, 1, 2]})

    assert refused.value.messages == [
        "Refused: with this correction turn 3 would no longer be allowed "
        "(Ann has no open Sixes box: it is filled)."
    ]
    assert snapshot(game) == before
    assert not Correction.objects.exists()
    assert Game.objects.get(pk=game.pk).updated_at == updated_at


def test_a_correction_the_rules_refuse_for_the_turn_itself_names_it() -> None:
    game = new_game("jackpot")
    play_boxes(game, [("fours", "44412"), ("fours", "44123")])
    before = snapshot(game)

    with pytest.raises(ValidationError, match=r"turn 1 as corrected is not allowed"):
        correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 1, 2], "strike": True})
    with pytest.raises(ValidationError, match="7 is not a face"):
        correct(game, 0, {"box": "fours", "dice": [4, 4, 7, 1, 2]})
    with pytest.raises(ValidationError, match="changes nothing"):
        correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 1, 2]})
    with pytest.raises(ValidationError, match="no turn 3"):
        correct(game, 2, {"box": "fours", "dice": [4, 4, 4, 1, 2]})

    assert snapshot(game) == before
    assert not Correction.objects.exists()


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_correction_without_a_reason_is_refused(reason: str) -> None:
    game = new_game("balut")
    play_boxes(game, [("fours", "44412")])
    before = snapshot(game)

    with pytest.raises(ValidationError, match="Say why"):
        correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 4, 2]}, reason=reason)

    assert snapshot(game) == before
    assert not Correction.objects.exists()


def test_only_the_scorer_or_the_secretary_may_correct_an_open_game() -> None:
    game = new_game("balut")
    play_boxes(game, [("fours", "44412")])
    ben = User.objects.get(member__known_as="Ben")

    for user in (ben, member("Dee").user):
        with pytest.raises(PermissionDenied):
            correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 4, 2]}, by=user)

    assert not Correction.objects.exists()
    correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 4, 2]}, by=secretary())
    assert Turn.objects.get(game=game, number=0).score == 16


def test_the_scorer_can_correct_a_finished_game_until_every_player_has_signed() -> None:
    game = new_game("bar")
    fill_game(game)

    correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 4, 2]})

    game.refresh_from_db()
    assert Turn.objects.get(game=game, number=0).score == 16
    assert game.status == GameStatus.FINISHED


def test_the_scorer_cannot_correct_a_signed_game_but_the_secretary_can() -> None:
    game = new_game("bar")
    fill_game(game)
    sign_all(game)
    finished_at = game.finished_at
    before = snapshot(game)

    with pytest.raises(PermissionDenied, match="only the secretary"):
        correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 4, 2]})
    assert snapshot(game) == before

    correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 4, 2]}, by=secretary())

    game.refresh_from_db()
    assert Turn.objects.get(game=game, number=0).score == 16
    assert game.status == GameStatus.FINISHED
    assert game.finished_at == finished_at


def test_a_correction_that_makes_a_later_jackpot_struck_rewrites_its_stored_score() -> None:
    game = new_game("jackpot")
    # Ann: choice, then three fives, then claims the fives jackpot with one fives box open.
    play_boxes(
        game,
        [
            ("choice", "55551"),
            ("fours", "44412"),
            ("fives", "55512"),
            ("fours", "44412"),
            ("fives", "55512"),
            ("fours", "44412"),
            ("fives", "55512"),
            ("fours", "44412"),
            ("fives_jackpot", "55551"),
        ],
    )
    jackpot = Turn.objects.get(game=game, number=8)
    assert (jackpot.box, jackpot.score) == ("fives_jackpot", 20)

    # The first turn was really a fourth fives box: no fives box is open at the jackpot now.
    correct(game, 0, {"box": "fives", "dice": [5, 5, 5, 5, 1]}, reason="It went in fives")

    jackpot.refresh_from_db()
    assert (jackpot.box, jackpot.score) == ("fives_jackpot", 0)
    assert jackpot.record["box"] == "fives_jackpot"
    assert not Correction.objects.filter(turn=jackpot).exists()
    (cell,) = load_game(game).state.sheets[0].boxes["fives_jackpot"]  # type: ignore[union-attr]
    assert not cell.claimed


def test_a_barbut_turn_is_corrected_by_its_throws() -> None:
    game = new_game("barbut4")
    play(game, {"player": "Ann", "throws": [{"dice": [1, 5, 3, 2], "keep": [1, 5]}]})
    play(game, {"player": "Ben", "throws": [{"dice": [2, 3, 4, 6], "keep": []}]})

    correct(game, 0, {"throws": [{"dice": [1, 1, 3, 2], "keep": [1, 1]}]})

    turn = Turn.objects.get(game=game, number=0)
    assert turn.score == 200
    assert turn.record["throws"] == [{"dice": [1, 1, 2, 3], "keep": [1, 1]}]


def test_a_correction_that_reopens_a_finished_barbut_game_puts_it_back_in_progress() -> None:
    game = new_game("barbut4")
    win = {"dice": [1, 1, 1, 1], "keep": [1, 1, 1, 1]}
    for _ in range(7):
        play(game, {"player": "Ann", "throws": [win]})
        play(game, {"player": "Ben", "throws": [{"dice": [2, 3, 4, 6], "keep": []}]})
    play(game, {"player": "Ann", "throws": [win]})
    game.refresh_from_db()
    assert game.is_finished

    correct(game, 14, {"throws": [{"dice": [2, 3, 4, 6], "keep": []}]}, by=secretary())

    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS
    assert game.finished_at is None


def test_nothing_is_ever_deleted() -> None:
    game = new_game("balut")
    play_boxes(game, [("fours", "44412"), ("choice", "66655")])
    ids = sorted(Turn.objects.filter(game=game).values_list("pk", flat=True))

    correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 4, 2]})
    correct(game, 0, {"box": "fours", "dice": [4, 4, 4, 4, 4]}, reason="Misread again")
    correct(game, 1, {"box": "choice", "dice": [6, 6, 6, 6, 5]})

    assert sorted(Turn.objects.filter(game=game).values_list("pk", flat=True)) == ids
    history = list(Correction.objects.filter(game=game).order_by("corrected_at", "id"))
    assert [c.turn.number for c in history] == [0, 0, 1]
    assert history[0].after == history[1].before
    with pytest.raises(ProtectedError):
        Turn.objects.get(game=game, number=0).delete()
