"""Finished games and signatures for the signing tests (tests.scoring.services.test_signing and
test_sheet_lock)."""

from __future__ import annotations

from django.contrib.auth.models import User

from scoring.models import Correction, Game, GamePlayer, Signature
from scoring.services.corrections import correct_turn
from scoring.services.games import Seat, start_game
from scoring.services.signing import sign_sheet
from tests.factories import the_club
from tests.scoring.services.helpers import (
    drawing,
    fill_game,
    member,
    new_game,
    scorer_of,
)


def finished(ruleset: str = "bar", players: tuple[str, ...] = ("Ann", "Ben")) -> Game:
    game = new_game(ruleset, players)
    fill_game(game)
    game.refresh_from_db()
    assert game.is_finished
    return game


def with_guest() -> Game:
    ann = member("Ann")
    game = start_game(
        in_club=the_club(),
        ruleset="bar",
        seats=[Seat(member=ann), Seat(guest_name="Zed")],
        scorer=ann,
        created_by=ann.user,
    )
    fill_game(game)
    game.refresh_from_db()
    return game


def seat(game: Game, number: int) -> GamePlayer:
    return GamePlayer.objects.select_related("member").get(game=game, seat=number)


def by_pin(game: Game, number: int, *, on: User | None = None) -> Signature:
    """The player's PIN proven (the view checks it); on the device of `on`, else their own."""
    player = seat(game, number)
    # A guest has no PIN to prove: the scorer's user stands in, and the service refuses it.
    user = player.member.user if player.member is not None else scorer_of(game)
    return sign_sheet(game=game, player=player, method="pin", by=on or user, signer=user)


def by_drawing(
    game: Game, number: int, image: str | None = None, *, witness: User | None = None
) -> Signature:
    return sign_sheet(
        game=game,
        player=seat(game, number),
        method="drawing",
        by=witness or scorer_of(game),
        drawing=image or drawing(),
    )


def fix_first_turn(game: Game, by: object) -> Correction:
    return correct_turn(
        game=game,
        number=0,
        turn_record={"box": "fours", "dice": [4, 4, 4, 4, 2]},
        reason="Checked the paper",
        corrected_by=by,  # type: ignore[arg-type]
    )
