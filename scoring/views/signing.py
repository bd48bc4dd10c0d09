"""Signing the finished sheet on the shared tablet, where the game's scorer is signed in.

A member with a PIN signs with it (or as themself, when they are the one signed in); a guest
or a member without a PIN draws, or types their name where drawing is not possible (a
keyboard), witnessed by the scorer or the secretary signed in on the device
(scoring.services.signing decides). A visitor who is not signed in signs nothing: the
page says to sign in first.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from clubs.requests import club_of
from scoring import club, rules
from scoring.access.permissions import keeps_game
from scoring.access.pins import check_pin
from scoring.access.privacy import PublicArea, visible_to_visitors
from scoring.access.requests import member_sign_in, signed_in_here, user_of
from scoring.forms.signing import SignatureForm
from scoring.models import Game, GamePlayer, SignatureMethod
from scoring.presentation.sheets import build_sheet
from scoring.presentation.signature_lines import signature_rows, voided_signatures
from scoring.presentation.turn_lines import correction_lines
from scoring.selectors import (
    club_games,
    game_corrections,
    game_house_rules,
    game_signatures,
    load_game,
)
from scoring.services.signing import check_may_sign
from scoring.services.signing import sign_sheet as sign_sheet_service
from scoring.verification import verification_url


@require_http_methods(["GET", "POST"])
@visible_to_visitors(PublicArea.GAMES)
def sign_sheet(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(club_games(club_of(request)).select_related("scorer"), pk=game_id)
    if request.method != "POST":
        return _page(request, game)
    if not signed_in_here(request):
        return member_sign_in(request)
    by = user_of(request)
    form = SignatureForm(request.POST)
    if not form.is_valid():
        return _page(request, game, error=form.error_message(), status=422)
    player = form.cleaned_data["player"]
    method = form.cleaned_data["method"]
    try:
        check_may_sign(game=game, player=player, method=method, by=by)
        signer = None
        if method == SignatureMethod.PIN:
            signer = _pin_signer(request, player, pin=form.cleaned_data["pin"], by=by)
        sign_sheet_service(
            game=game,
            player=player,
            method=method,
            by=by,
            signer=signer,
            drawing=form.cleaned_data["drawing"] or None,
            typed_name=form.cleaned_data["typed_name"] or None,
            witnessed=form.cleaned_data["witnessed"],
        )
    except ValidationError as refused:
        error = " ".join(refused.messages)
        # A refusal about a player of this game is shown in that player's panel.
        at = player.pk if player.game_id == game.pk else None
        return _page(request, game, error=error, error_player=at, status=422)
    except club.BookingFailed as failed:
        return _page(request, game, error=failed.message, status=503)
    game.refresh_from_db()
    done = gettext("%(name)s has signed.") % {"name": player.name}
    if game.is_signed:
        done += " " + gettext("Every player has signed: the sheet is locked.")
    messages.success(request, done)
    return redirect("scoring:sign_sheet", game_id=game.pk)


def _pin_signer(request: HttpRequest, player: GamePlayer, *, pin: str, by: User) -> User:
    """The member signing by PIN: themself when they are signed in here and typed none, else
    whoever the PIN proves (counted by the sign-in throttle)."""
    assert player.member is not None  # check_may_sign refused a guest
    if not pin and by.pk == player.member.user_id:
        return by
    if not pin:
        raise ValidationError(gettext("Type %(name)s's PIN to sign.") % {"name": player.name})
    return check_pin(request, member=player.member, pin=pin)


def _page(
    request: HttpRequest,
    game: Game,
    *,
    error: str = "",
    error_player: int | None = None,
    status: int = 200,
) -> HttpResponse:
    loaded = load_game(game)
    sheet = build_sheet(loaded, loaded.result(game_house_rules(game)))
    signatures = game_signatures(game)
    rows = signature_rows(loaded.players, sheet.result, signatures)
    unsigned = [row for row in rows if row.signature is None]
    if error_player not in {row.player.pk for row in unsigned}:
        # A player who has signed has no panel any more: their refusal goes at the top.
        error_player = None
    context = {
        "game": game,
        # Who may take a drawing here, and who may sign as themself without typing a PIN.
        "may_witness": keeps_game(request.user, game),
        "signed_in_member_id": getattr(getattr(request.user, "member", None), "pk", None),
        "sheet": sheet,
        "result": sheet.result,
        "five_dice": isinstance(loaded.state, rules.FiveDiceGame),
        "rows": rows,
        "unsigned": unsigned,
        "signed_count": len(rows) - len(unsigned),
        # The panel to show open: the one with the refusal, else the next player to sign.
        "open_player": error_player or (unsigned[0].player.pk if unsigned else None),
        "voided": voided_signatures(signatures),
        "corrections": correction_lines(game_corrections(game)),
        "error": error if error_player is None else "",
        "panel_error": error if error_player is not None else "",
        "error_player": error_player,
        "verify_url": (verification_url(request, game.verification_code) if game.is_signed else ""),
    }
    return render(request, "scoring/sign_sheet.html", context, status=status)
