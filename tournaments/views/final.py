"""The cut to a final table: a page to confirm who sits at it, the cut, and its undo."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.requests import club_of
from league.views.access import secretary_required
from tournaments.models import Tournament
from tournaments.selectors import cut_refusal, finalists
from tournaments.services.final import cut_to_final, undo_final


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.filter(club=club_of(request)), pk=tournament_id)


@require_http_methods(["GET", "POST"])
@secretary_required
def final(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """GET: who would sit at the final table and what it decides; POST: seat it."""
    tournament = _tournament(request, tournament_id)
    if request.method == "POST":
        try:
            cut_to_final(tournament=tournament)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(
                request, gettext("The final table is seated: start its game when it sits down.")
            )
        return redirect("tournaments:detail", tournament.pk)
    refusal = cut_refusal(tournament)
    return render(
        request,
        "tournaments/final.html",
        {
            "tournament": tournament,
            "refusal": refusal,
            "finalists": [] if refusal else finalists(tournament),
        },
        status=409 if refusal else 200,
    )


@require_POST
@secretary_required
def undo(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    try:
        undo_final(tournament=tournament)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, gettext("The cut is undone: the rounds' standings stand."))
    return redirect("tournaments:detail", tournament.pk)
