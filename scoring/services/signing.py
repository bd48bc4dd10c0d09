"""Signing a finished sheet: each player by a finger drawing, or a member by their PIN.

The last signature locks the sheet: the game stores its verification code (which is also the
lock: scoring.permissions.can_correct reads it) and the register's claims are opened, in the
same transaction. A later correction voids the signatures (scoring.services.corrections).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.services.register import open_claims
from scoring import verification
from scoring.drawings import clean_drawing
from scoring.models import Game, GamePlayer, Signature, SignatureMethod
from scoring.selectors import recorded_game
from scoring.services.members import verify_pin


def sign_sheet(
    *,
    game: Game,
    player: GamePlayer,
    method: str,
    pin: str | None = None,
    drawing: str | None = None,
) -> Signature:
    """`player` signs `game`; ValidationError, with nothing written, when they may not.

    The PIN is checked before the signing transaction, in verify_pin's own: a wrong PIN must
    count towards locking it even though the signature is refused (inside this transaction the
    refusal would roll the count back). Everything is checked again under the game's lock.
    """
    _check(Game.objects.get(pk=game.pk), player, method)
    image = ""
    if method == SignatureMethod.DRAWING:
        image = clean_drawing(drawing or "")
    else:
        if not pin:
            raise ValidationError({"pin": f"Type {player.name}'s PIN to sign."})
        assert player.member is not None  # _check refused a guest
        verify_pin(member=player.member, pin=pin)
    return _sign(game=game, player=player, method=method, image=image)


@transaction.atomic
def _sign(*, game: Game, player: GamePlayer, method: str, image: str) -> Signature:
    game = Game.objects.select_for_update().get(pk=game.pk)
    player = GamePlayer.objects.select_related("member").get(pk=player.pk)
    _check(game, player, method)
    now = timezone.now()
    signature = Signature(game=game, player=player, method=method, image=image, signed_at=now)
    signature.full_clean()
    try:
        with transaction.atomic():
            signature.save()
    except IntegrityError as error:
        # Only a second tablet signing for the same player at the same moment gets here.
        raise ValidationError(f"{player.name} has already signed this sheet.") from error
    game.updated_at = now
    fields = ["updated_at"]
    # One active signature per player (a constraint), each checked to be the game's player.
    active = Signature.objects.filter(game=game, voided_at__isnull=True).count()
    if active == game.players.count():
        game.verification_code = verification.verification_code(recorded_game(game))
        game.verification_format = verification.FORMAT
        fields += ["verification_code", "verification_format"]
    game.full_clean()
    game.save(update_fields=fields)
    if game.is_signed:
        open_claims(game=game)
    return signature


def _check(game: Game, player: GamePlayer, method: str) -> None:
    if method not in SignatureMethod.values:
        raise ValidationError(f"Unknown way of signing {method!r}: sign by drawing or by PIN.")
    if player.game_id != game.pk:
        raise ValidationError(f"{player.name} is not a player in game #{game.pk}.")
    if not game.is_finished:
        raise ValidationError("The game is not over yet: the sheet is signed once it is finished.")
    if Signature.objects.filter(game=game, player=player, voided_at__isnull=True).exists():
        raise ValidationError(f"{player.name} has already signed this sheet.")
    if method == SignatureMethod.PIN:
        if player.member is None:
            raise ValidationError(f"{player.name} is a guest: a guest signs by drawing.")
        if not player.member.pin_hash:
            raise ValidationError(f"{player.name} has no PIN: sign by drawing.")
