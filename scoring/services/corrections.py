"""Correcting a recorded turn: the whole game is checked again, and the change is kept."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring import club, rules
from scoring.access.permissions import can_correct, correction_refusal
from scoring.models import Correction, Game, GameStatus, Signature, Turn
from scoring.refusals import reason as refusal_reason
from scoring.refusals import refusal
from scoring.selectors import LoadedGame, engine_turns, load_game, turn_outcomes


@transaction.atomic
def correct_turn(
    *,
    game: Game,
    number: int,
    turn_record: dict[str, object],
    reason: str,
    corrected_by: User,
) -> Correction:
    """Replace turn `number` (wrong dice, wrong box) if every turn stays valid after it.

    The club's books (results, drinks, register claims) follow in this same transaction: if
    they fail, BookingFailed comes out and nothing of the correction is kept."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if not can_correct(corrected_by, game):
        raise PermissionDenied(correction_refusal(corrected_by, game))
    if not reason.strip():
        raise ValidationError({"reason": gettext("Say why the turn is corrected.")})
    if game.is_void:
        raise ValidationError(gettext("This game is void: it is no longer corrected."))
    loaded = load_game(game)
    if not 0 <= number < len(loaded.turns):
        raise ValidationError(gettext("This game has no turn %(turn)d.") % {"turn": number + 1})
    turn = loaded.turns[number]
    after = {**turn_record, "player": turn.player.name}
    try:
        corrected = rules.parse_turn(after, loaded.setup)
    except rules.RuleError as error:
        raise ValidationError(refusal(error)) from error
    after = rules.turn_to_json(corrected, loaded.setup.players)
    if after == turn.record:
        raise ValidationError(gettext("The correction changes nothing."))
    turns = engine_turns(loaded.setup, loaded.turns)
    turns[number] = corrected
    try:
        state = rules.replay(loaded.setup, turns)
    except rules.InvalidRecord as error:
        if error.turn == number:
            message = gettext(
                "Refused: turn %(turn)d as corrected is not allowed (%(reason)s)."
            ) % {"turn": number + 1, "reason": refusal_reason(error)}
        else:
            message = gettext(
                "Refused: with this correction turn %(turn)d would no longer be allowed "
                "(%(reason)s)."
            ) % {"turn": (error.turn or 0) + 1, "reason": refusal_reason(error)}
        raise ValidationError(message) from error
    correction = Correction(
        game=game,
        turn=turn,
        before=turn.record,
        after=after,
        reason=reason.strip(),
        corrected_by=corrected_by,
    )
    correction.full_clean()
    correction.save()
    turn.record = after
    _rewrite_outcomes(loaded.turns, state)
    _void_signatures(game, correction)
    game.fingerprint = rules.game_fingerprint(loaded.setup, turns)
    _set_status(game, complete=state.complete)
    corrected_game = LoadedGame(
        game=game, players=loaded.players, turns=loaded.turns, setup=loaded.setup, state=state
    )
    club.game_changed(
        loaded=corrected_game, change=club.GameChange.CORRECTED, correction=correction
    )
    return correction


def _void_signatures(game: Game, correction: Correction) -> None:
    """The players signed the sheet as it was: each signature is voided, never deleted, so they
    sign the corrected sheet again and the history shows both. The code goes with them."""
    Signature.objects.filter(game=game, voided_at__isnull=True).update(
        voided_at=correction.corrected_at, voided_by_correction=correction
    )
    game.verification_code = ""


def _rewrite_outcomes(turns: tuple[Turn, ...], state: rules.Game) -> None:
    """A correction can change what later turns scored (a jackpot no longer claimable)."""
    for turn, outcome in zip(turns, turn_outcomes(state), strict=True):
        turn.box, turn.score = outcome.box, outcome.score
    Turn.objects.bulk_update(turns, ["record", "box", "score"])


def _set_status(game: Game, *, complete: bool) -> None:
    now = timezone.now()
    game.updated_at = now
    if complete and not game.is_finished:
        game.status, game.finished_at = GameStatus.FINISHED, now
    elif not complete:
        game.status, game.finished_at = GameStatus.IN_PROGRESS, None
    game.save(
        update_fields=["updated_at", "status", "finished_at", "verification_code", "fingerprint"]
    )
