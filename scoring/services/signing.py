"""Signing a finished sheet: a member with a PIN by that PIN (or signed in as themself), a
guest or a member without a PIN by a finger drawing witnessed by the game's scorer or the
secretary, signed in on the device. The user signed in there is kept as the witness.

Who cannot draw (a keyboard, no pointer) types their name instead: the name as the sheet shows
it, which the witness confirms they saw the player type. It is taken from the same players, on
the same terms, as a drawing.

The last signature locks the sheet: the game stores its verification code (which is also the
lock: scoring.access.permissions.can_correct reads it) and the register's claims are opened (through
scoring.club, the league's books), in the same transaction. A later correction voids the
signatures (scoring.services.corrections).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import club, verification
from scoring.access.permissions import keeps_game
from scoring.drawings import clean_drawing
from scoring.models import Game, GamePlayer, Signature, SignatureMethod
from scoring.pdf import layouts
from scoring.selectors import recorded_game


def sign_sheet(
    *,
    game: Game,
    player: GamePlayer,
    method: str,
    by: User,
    signer: User | None = None,
    drawing: str | None = None,
    typed_name: str | None = None,
    witnessed: bool = False,
) -> Signature:
    """`player` signs `game` on a device where `by` is signed in; ValidationError, with nothing
    written, when they may not.

    By PIN, `signer` is the member's user as the caller proved it: their PIN just checked
    (scoring.access.pins.check_pin, which counts wrong ones), or `by` itself when the member is the
    one signed in. A drawing or a typed name needs `by` to be the game's scorer or the
    secretary; a typed name, `witnessed`: `by` confirming they saw the player type it.
    """
    check_may_sign(game=Game.objects.get(pk=game.pk), player=player, method=method, by=by)
    image = name = ""
    if method == SignatureMethod.DRAWING:
        image = clean_drawing(drawing or "")
    elif method == SignatureMethod.TYPED:
        name = clean_typed_name(player, typed_name or "", witnessed=witnessed)
    else:
        assert player.member is not None  # check_may_sign refused a guest
        if signer is None or signer.pk != player.member.user_id:
            raise ValidationError(
                {"pin": _("Type %(name)s's PIN to sign.") % {"name": player.name}}
            )
    return _sign(game=game, player=player, method=method, image=image, typed_name=name, by=by)


def clean_typed_name(player: GamePlayer, typed: str, *, witnessed: bool) -> str:
    """The typed name as kept (spaces tidied); ValidationError unless it is the player's name as
    the sheet shows it (in any case) and the witness confirmed seeing it typed."""
    name = " ".join(typed.split())
    if not name:
        raise ValidationError(
            {"typed_name": _("Type %(name)s's name to sign.") % {"name": player.name}}
        )
    if name.casefold() != " ".join(player.name.split()).casefold():
        raise ValidationError(
            {
                "typed_name": _("Type the name as the sheet shows it: %(name)s.")
                % {"name": player.name}
            }
        )
    if not witnessed:
        raise ValidationError(
            {
                "witnessed": _(
                    "Tick the box to confirm, as the witness, that %(name)s typed the name."
                )
                % {"name": player.name}
            }
        )
    return name


@transaction.atomic
def _sign(
    *, game: Game, player: GamePlayer, method: str, image: str, typed_name: str, by: User
) -> Signature:
    game = Game.objects.select_for_update().get(pk=game.pk)
    player = GamePlayer.objects.select_related("member").get(pk=player.pk)
    check_may_sign(game=game, player=player, method=method, by=by)
    now = timezone.now()
    signature = Signature(
        game=game,
        player=player,
        method=method,
        image=image,
        typed_name=typed_name,
        signed_at=now,
        witness=by,
    )
    signature.full_clean()
    try:
        with transaction.atomic():
            signature.save()
    except IntegrityError as error:
        # Only a second tablet signing for the same player at the same moment gets here.
        raise ValidationError(
            _("%(name)s has already signed this sheet.") % {"name": player.name}
        ) from error
    game.updated_at = now
    fields = ["updated_at"]
    # One active signature per player (a constraint), each checked to be the game's player.
    active = Signature.objects.filter(game=game, voided_at__isnull=True).count()
    if active == game.players.count():
        code = verification.verification_code(recorded_game(game))
        # Across clubs: the code is unique on the whole server (a sheet is verified without
        # naming its club), as the database's constraint holds it.
        taken = Game.objects.filter(verification_code=code).exclude(pk=game.pk).across_clubs()
        if taken.exists():
            # The code hashes what the sheet records, to the second, and no id (it survives a
            # backup): two sheets alike in every player, turn and signing second get the same
            # one, which the database refuses. Said plainly; a second later the code differs.
            raise ValidationError(
                _(
                    "Another signed sheet reads exactly like this one, signed within the same "
                    "second, so this sheet cannot get a code of its own. Nothing was signed: "
                    "wait a moment and sign again."
                )
            )
        game.verification_code = code
        game.verification_format = verification.FORMAT
        # Printed from now on in today's layout, and redrawn in it by the verify page for good.
        game.sheet_layout = layouts.CURRENT
        fields += ["verification_code", "verification_format", "sheet_layout"]
    game.full_clean()
    game.save(update_fields=fields)
    if game.is_signed:
        club.sheet_signed(game=game)
    return signature


def check_may_sign(*, game: Game, player: GamePlayer, method: str, by: User) -> None:
    """ValidationError unless `player` may sign `game` by `method` on `by`'s device now; asked
    by the page before a PIN is checked, so a refused signature costs no PIN try."""
    if method not in SignatureMethod.values:
        raise ValidationError(
            _("Unknown way of signing %(method)r: sign by drawing or by PIN.") % {"method": method}
        )
    if player.game_id != game.pk:
        raise ValidationError(
            _("%(name)s is not a player in game #%(game)d.")
            % {"name": player.name, "game": game.pk}
        )
    if not game.is_finished:
        raise ValidationError(
            _("The game is not over yet: the sheet is signed once it is finished.")
        )
    if Signature.objects.filter(game=game, player=player, voided_at__isnull=True).exists():
        raise ValidationError(_("%(name)s has already signed this sheet.") % {"name": player.name})
    has_pin = player.member is not None and bool(player.member.pin_hash)
    if method == SignatureMethod.PIN:
        if player.member is None:
            raise ValidationError(
                _("%(name)s is a guest: a guest signs by drawing.") % {"name": player.name}
            )
        if not has_pin:
            raise ValidationError(
                _("%(name)s has no PIN: sign by drawing.") % {"name": player.name}
            )
    # A drawing or a typed name, from here on.
    elif has_pin:
        raise ValidationError(
            _("%(name)s has a PIN: a member with a PIN signs with it.") % {"name": player.name}
        )
    elif not keeps_game(by, game):
        if method == SignatureMethod.TYPED:
            raise ValidationError(
                _(
                    "A typed signature is taken only while the game's scorer or the secretary "
                    "is signed in on this device to witness it."
                )
            )
        raise ValidationError(
            _(
                "A drawn signature is taken only while the game's scorer or the secretary is "
                "signed in on this device."
            )
        )
