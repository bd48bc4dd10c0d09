"""Signing the finished sheet on the shared tablet: each player by drawing, or a member by PIN.

No sign-in: the players sign for themselves on whatever tablet the game was scored on. The
drawing or the PIN is the signature, and the service refuses anything but a finished game.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from scoring import club, rules
from scoring.models import Game
from scoring.selectors import game_corrections, game_signatures, load_game
from scoring.services.signing import sign_sheet as sign_sheet_service
from scoring.sheets import build_sheet
from scoring.signature_lines import signature_rows, voided_signatures
from scoring.signing_forms import SignatureForm
from scoring.turn_lines import correction_lines
from scoring.verification import verification_url


@require_http_methods(["GET", "POST"])
def sign_sheet(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("scorer"), pk=game_id)
    if request.method != "POST":
        return _page(request, game)
    form = SignatureForm(request.POST)
    if not form.is_valid():
        return _page(request, game, error=form.error_message(), status=422)
    player = form.cleaned_data["player"]
    try:
        sign_sheet_service(
            game=game,
            player=player,
            method=form.cleaned_data["method"],
            pin=form.cleaned_data["pin"] or None,
            drawing=form.cleaned_data["drawing"] or None,
        )
    except ValidationError as refused:
        error = " ".join(refused.messages)
        # A refusal about a player of this game is shown in that player's panel.
        at = player.pk if player.game_id == game.pk else None
        return _page(request, game, error=error, error_player=at, status=422)
    except club.BookingFailed as failed:
        return _page(request, game, error=failed.message, status=503)
    game.refresh_from_db()
    done = " Every player has signed: the sheet is locked." if game.is_signed else ""
    messages.success(request, f"{player.name} has signed.{done}")
    return redirect("scoring:sign_sheet", game_id=game.pk)


def _page(
    request: HttpRequest,
    game: Game,
    *,
    error: str = "",
    error_player: int | None = None,
    status: int = 200,
) -> HttpResponse:
    loaded = load_game(game)
    sheet = build_sheet(loaded, loaded.result(club.house_rules()))
    signatures = game_signatures(game)
    rows = signature_rows(loaded.players, sheet.result, signatures)
    unsigned = [row for row in rows if row.signature is None]
    if error_player not in {row.player.pk for row in unsigned}:
        # A player who has signed has no panel any more: their refusal goes at the top.
        error_player = None
    context = {
        "game": game,
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
