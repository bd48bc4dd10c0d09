"""Who may write to a game. Services ask these too, so the admin and scripts obey them."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from scoring.access.roles import is_secretary
from scoring.models import Game


def is_game_scorer(user: User | AnonymousUser, game: Game) -> bool:
    return (
        user.is_authenticated
        and game.scorer_id is not None
        and getattr(getattr(user, "member", None), "pk", None) == game.scorer_id
    )


def keeps_game(user: User | AnonymousUser, game: Game) -> bool:
    """The game's scorer or the secretary, whether or not the game is still open."""
    return is_game_scorer(user, game) or is_secretary(user)


def can_record_turns(user: User | AnonymousUser, game: Game) -> bool:
    return not game.is_finished and keeps_game(user, game)


def can_correct(user: User | AnonymousUser, game: Game) -> bool:
    """The scorer until every player has signed the sheet (so a mistake seen while reading the
    finished sheet is put right before signing); the secretary at any time."""
    return is_secretary(user) or (not game.is_signed and is_game_scorer(user, game))


def correction_refusal(user: User | AnonymousUser, game: Game) -> str:
    """Why `user` may not correct `game`: one wording for the page and the service alike."""
    if game.is_signed and is_game_scorer(user, game):
        return "Every player has signed this sheet: only the secretary can correct it now."
    return "Only the game's scorer, until every player has signed, or the secretary may correct it."
