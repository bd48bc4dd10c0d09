"""Who may write to a game. Services ask these too, so the admin and scripts obey them."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from scoring.access.roles import is_secretary
from scoring.models import Game


def is_game_scorer(user: User | AnonymousUser, game: Game) -> bool:
    if not user.is_authenticated or game.scorer_id is None:
        return False
    if Game.scorer.is_cached(game) and game.scorer is not None:
        # The scorer read with the game (select_related): a member has one user at most, so
        # its user is the question, and the user's member needs no query of its own.
        return game.scorer.user_id == user.pk
    return getattr(getattr(user, "member", None), "pk", None) == game.scorer_id


def keeps_game(user: User | AnonymousUser, game: Game) -> bool:
    """The game's scorer or the secretary, whether or not the game is still open."""
    return is_game_scorer(user, game) or is_secretary(user, game.club_id)


def can_record_turns(user: User | AnonymousUser, game: Game) -> bool:
    return not game.is_finished and keeps_game(user, game)


def can_correct(user: User | AnonymousUser, game: Game) -> bool:
    """The scorer until every player has signed the sheet (so a mistake seen while reading the
    finished sheet is put right before signing); the secretary at any time. The scorer is asked
    first: it needs no query, so the scorer's every turn skips the secretary's."""
    return (not game.is_signed and is_game_scorer(user, game)) or is_secretary(user, game.club_id)


def correction_refusal(user: User | AnonymousUser, game: Game) -> str:
    """Why `user` may not correct `game`: one wording for the page and the service alike."""
    if game.is_signed and is_game_scorer(user, game):
        return "Every player has signed this sheet: only the secretary can correct it now."
    return "Only the game's scorer, until every player has signed, or the secretary may correct it."
