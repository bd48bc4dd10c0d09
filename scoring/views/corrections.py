"""Correcting a recorded turn: the scorer while the game is open, the secretary at any time."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from clubs.requests import club_of
from scoring import club
from scoring.access.permissions import can_correct, correction_refusal
from scoring.forms.records import BarbutCorrectionForm, correction_form
from scoring.presentation.tablet import barbut_throws, correction_preview, tablet_words
from scoring.presentation.turn_lines import correction_lines, turn_line
from scoring.selectors import (
    active_signature_count,
    club_games,
    engine_turns,
    game_corrections,
    load_game,
)
from scoring.services.corrections import correct_turn as correct_turn_service


@require_http_methods(["GET", "POST"])
def correct_turn(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    game = get_object_or_404(club_games(club_of(request)).select_related("scorer"), pk=game_id)
    if not request.user.is_authenticated:
        # Scorers sign in with their PIN, not the admin's password page.
        return redirect_to_login(request.get_full_path(), reverse("scoring:signin"))
    if not can_correct(request.user, game):
        raise PermissionDenied(correction_refusal(request.user, game))
    loaded = load_game(game)
    if number >= len(loaded.turns):
        raise Http404(gettext("This game has no such turn."))
    turn = loaded.turns[number]
    form = correction_form(
        game.ruleset, turn.record, request.POST if request.method == "POST" else None
    )
    status, error = 200, ""
    signed = active_signature_count(game)
    if request.method == "POST":
        if form.is_valid():
            try:
                correct_turn_service(
                    game=game,
                    number=number,
                    turn_record=form.turn_record(),
                    reason=form.cleaned_data["reason"],
                    corrected_by=request.user,
                )
            except ValidationError as refused:
                error = " ".join(refused.messages)
            except club.BookingFailed as failed:
                error = failed.message
            else:
                done = gettext("Turn %(number)s is corrected.") % {"number": number + 1}
                if signed:
                    done += " " + gettext(
                        "The signatures are void: the players sign the sheet again."
                    )
                messages.success(request, done)
                return redirect("scoring:game", game_id=game.pk)
        status = 422
    earlier = [c for c in game_corrections(game) if c.turn_id == turn.pk]
    context = {
        "game": game,
        "line": turn_line(turn),
        "form": form,
        "error": error,
        "corrections": correction_lines(earlier),
        "signed": signed,
    }
    if isinstance(form, BarbutCorrectionForm):
        # A Barbut turn is corrected on the tablet's dice pad, never as text.
        context.update(barbut_throws=barbut_throws(), tablet_words=tablet_words())
    else:
        # A five-dice turn too: its dice tapped, each box showing what they score there.
        turns_before = engine_turns(loaded.setup, loaded.turns[:number])
        context.update(
            preview=correction_preview(loaded.setup, turns_before), tablet_words=tablet_words()
        )
    return render(request, "scoring/correct_turn.html", context, status=status)
