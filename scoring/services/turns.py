"""Recording a turn from the tablet: once, in order, and only if the rules allow it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from scoring import club, rules
from scoring.access.permissions import keeps_game
from scoring.live_games import LiveGame, keep, live_game
from scoring.models import Game, GameStatus, Turn
from scoring.refusals import refusal
from scoring.selectors import turn_outcome


class StaleTurn(ValidationError):
    """The turn was sent against a state of the game that has since moved on."""


@dataclass(frozen=True)
class GameAsked:
    """A game as the tablet's page names it, by its club and its id: the turn reads it (and
    locks it) itself, so the page need not read it first."""

    club_id: int
    pk: int


@dataclass(frozen=True)
class RecordedTurn:
    turn: Turn
    live: LiveGame
    """The game after the turn (for a repeated key: as it stands now)."""
    before: LiveGame | None
    """The game as the turn found it; None when nothing new was written."""

    @property
    def repeated(self) -> bool:
        """True when the same request key was already recorded: nothing new was written."""
        return self.before is None


@transaction.atomic
def record_turn(
    *,
    game: Game | GameAsked,
    turn_record: dict[str, object],
    expected_number: int,
    request_key: uuid.UUID,
    recorded_by: User,
) -> RecordedTurn:
    """Record the next turn of `game`.

    Sending the same `request_key` again answers with the turn already recorded; a turn sent
    for a number that is no longer next raises StaleTurn. The unique constraints on
    (game, number) and (game, request_key) hold this even for two tablets racing.

    The game's engine state is the one kept from its last turn (scoring.live_games), checked
    against the locked row's fingerprint: no turn is read back or replayed, so every turn costs
    the same. The turn that finishes the game is booked in this same transaction
    (scoring.club): if the books fail, BookingFailed comes out and no turn is kept, so
    re-sending the same key records and books it afresh. Every other turn costs the same
    queries. A game not of the club asked for is Game.DoesNotExist.
    """
    game, sent_before = _locked(game, request_key)
    if not keeps_game(recorded_by, game):
        raise PermissionDenied(
            gettext("Only the game's scorer or the secretary records its turns.")
        )
    if sent_before is not None:
        existing = Turn.objects.get(pk=sent_before)
        # Asked before the game's status: the retry of the turn that finished the game must
        # answer as the first send did, not be refused because the game is now over.
        return RecordedTurn(turn=existing, live=live_game(game), before=None)
    if game.is_void:
        raise ValidationError(gettext("This game is void: no more turns can be recorded."))
    if game.is_finished:
        raise ValidationError(gettext("The game is over: no more turns can be recorded."))
    before = live_game(game)
    if expected_number != before.turn_count:
        raise StaleTurn(
            gettext(
                "The game has moved on: turn %(next)d is next, so this turn was not recorded. "
                "Check the sheet and enter it again if needed."
            )
            % {"next": before.turn_count + 1}
        )
    try:
        turn = rules.parse_turn(turn_record, before.setup)
        state = rules.played(before.state, turn)
    except rules.RuleError as error:
        raise ValidationError(refusal(error)) from error
    outcome = turn_outcome(state)
    recorded = Turn(
        game=game,
        number=expected_number,
        player=before.players[turn.seat],
        record=rules.turn_to_json(turn, before.setup.players),
        box=outcome.box,
        score=outcome.score,
        request_key=request_key,
        recorded_by=recorded_by,
    )
    # The links are the rows just read (the game locked, its players, the signed-in user):
    # checking them again would cost a query each.
    recorded.full_clean(exclude=["game", "player", "recorded_by"], validate_constraints=False)
    try:
        # No savepoint of its own: a refused insert ends the whole turn (StaleTurn rolls the
        # transaction back), so there is nothing to go on with inside it.
        with transaction.atomic(savepoint=False):
            recorded.save()
    except IntegrityError as error:
        raise StaleTurn(
            gettext("Another tablet recorded a turn at the same moment; this one was not recorded.")
        ) from error
    _mark_progress(game, complete=state.complete, turn_record=recorded.record)
    after = before.after(recorded, state, game.fingerprint)
    if state.complete:
        # The state built above serves the books too.
        club.game_changed(loaded=after, change=club.GameChange.FINISHED)
    # Kept at once: should this transaction roll back, the game's row keeps the fingerprint
    # before the turn, which no longer matches, and the next turn replays the game.
    keep(after)
    return RecordedTurn(turn=recorded, live=after, before=before)


def _locked(game: Game | GameAsked, request_key: uuid.UUID) -> tuple[Game, int | None]:
    """`game` read again and locked for the turn, with its scorer (who may record), and the id
    of its turn already sent with `request_key`, if any: one query. On PostgreSQL the server
    prepares it after its first runs on a connection (psycopg's prepare_threshold, see
    balutclub/settings.py), so only the ORM's building of it is paid on every turn."""
    # Unordered: the turns' default order joins their game, which one key's lookup needs not.
    sent = Turn.objects.filter(game=OuterRef("pk"), request_key=request_key).order_by()
    rows = list(
        # Only the game's row is locked: the scorer's is read, not written.
        Game.objects.select_for_update(of=("self",))
        .select_related("scorer")
        .annotate(turn_with_key=Subquery(sent.values("pk")[:1]))
        .filter(pk=game.pk, club_id=game.club_id)
    )
    if not rows:
        raise Game.DoesNotExist(f"No game {game.pk} in club {game.club_id}.")
    (row,) = rows
    return row, row.turn_with_key


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
