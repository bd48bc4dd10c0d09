"""Recording a turn from the tablet: once, in order, and only if the rules allow it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring import club, rules
from scoring.access.permissions import keeps_game
from scoring.models import Game, GameStatus, Turn
from scoring.refusals import refusal
from scoring.selectors import LoadedGame, load_game, turn_outcomes


class StaleTurn(ValidationError):
    """The turn was sent against a state of the game that has since moved on."""


@dataclass(frozen=True)
class RecordedTurn:
    turn: Turn
    loaded: LoadedGame
    repeated: bool
    """True when the same request key was already recorded: nothing new was written."""


@transaction.atomic
def record_turn(
    *,
    game: Game,
    turn_record: dict[str, object],
    expected_number: int,
    request_key: uuid.UUID,
    recorded_by: User,
) -> RecordedTurn:
    """Record the next turn of `game`.

    Sending the same `request_key` again answers with the turn already recorded; a turn sent
    for a number that is no longer next raises StaleTurn. The unique constraints on
    (game, number) and (game, request_key) hold this even for two tablets racing.

    The turn that finishes the game is booked in this same transaction (scoring.club): if the
    books fail, BookingFailed comes out and no turn is kept, so re-sending the same key records
    and books it afresh. Every other turn costs the same queries.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    if not keeps_game(recorded_by, game):
        raise PermissionDenied(
            gettext("Only the game's scorer or the secretary records its turns.")
        )
    existing = Turn.objects.filter(game=game, request_key=request_key).first()
    if existing is not None:
        # Asked before the game's status: the retry of the turn that finished the game must
        # answer as the first send did, not be refused because the game is now over.
        return RecordedTurn(turn=existing, loaded=load_game(game), repeated=True)
    if game.is_void:
        raise ValidationError(gettext("This game is void: no more turns can be recorded."))
    if game.is_finished:
        raise ValidationError(gettext("The game is over: no more turns can be recorded."))
    loaded = load_game(game)
    if expected_number != len(loaded.turns):
        raise StaleTurn(
            gettext(
                "The game has moved on: turn %(next)d is next, so this turn was not recorded. "
                "Check the sheet and enter it again if needed."
            )
            % {"next": len(loaded.turns) + 1}
        )
    try:
        turn = rules.parse_turn(turn_record, loaded.setup)
        rules.play(loaded.state, turn)
    except rules.RuleError as error:
        raise ValidationError(refusal(error)) from error
    outcome = turn_outcomes(loaded.state)[-1]
    seat = turn.seat
    recorded = Turn(
        game=game,
        number=expected_number,
        player=loaded.players[seat],
        record=rules.turn_to_json(turn, loaded.setup.players),
        box=outcome.box,
        score=outcome.score,
        request_key=request_key,
        recorded_by=recorded_by,
    )
    recorded.full_clean(exclude=["game", "player"], validate_constraints=False)
    try:
        with transaction.atomic():
            recorded.save()
    except IntegrityError as error:
        raise StaleTurn(
            "Another tablet recorded a turn at the same moment; this one was not recorded."
        ) from error
    _mark_progress(game, complete=loaded.state.complete, turn_record=recorded.record)
    refreshed = LoadedGame(
        game=game,
        players=loaded.players,
        turns=(*loaded.turns, recorded),
        setup=loaded.setup,
        state=loaded.state,
    )
    if loaded.state.complete:
        # The game replayed once above serves the books too.
        club.game_changed(loaded=refreshed, change=club.GameChange.FINISHED)
    return RecordedTurn(turn=recorded, loaded=refreshed, repeated=False)


def _mark_progress(game: Game, *, complete: bool, turn_record: dict[str, object]) -> None:
    """One UPDATE every turn, the last included, so each turn costs the same queries."""
    now = timezone.now()
    game.updated_at = now
    if complete:
        game.status = GameStatus.FINISHED
        game.finished_at = now
    # Chained, so the content fingerprint costs one small hash a turn, not the whole game's.
    game.fingerprint = rules.extend_fingerprint(game.fingerprint, turn_record)
    Game.objects.filter(pk=game.pk).update(
        updated_at=now,
        status=game.status,
        finished_at=game.finished_at,
        fingerprint=game.fingerprint,
    )
