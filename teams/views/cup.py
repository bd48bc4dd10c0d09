"""A cup's pages: the bracket (public, as the standings are), the secretary's draw (previewed,
then confirmed with the same draw number) and the secretary's choice after a level match."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from clubs.requests import club_of
from league.views.access import secretary_required, user_of
from scoring.access.privacy import visible_to_visitors
from scoring.access.roles import is_secretary
from scoring.models import PublicArea
from teams.bracket import bracket_of
from teams.models import CupTie, Division, Team
from teams.services.cup import CupPlan, draw_cup, plan_cup, settle_level_tie
from teams.setup_forms import CupDrawForm
from teams.views.setup import UNPROCESSABLE, back_to, division_of, division_page, submitted

# The draw numbers offered when the secretary leaves the field empty.
DRAW_NUMBERS = 1_000_000


@require_GET
@visible_to_visitors(PublicArea.STANDINGS)
def bracket(request: HttpRequest, division_id: int) -> HttpResponse:
    # A league's division has no bracket: the page says the cup is not drawn.
    division = get_object_or_404(
        Division.objects.filter(competition__club=club_of(request)).select_related("competition"),
        pk=division_id,
    )
    return _bracket_page(request, division)


def _bracket_page(request: HttpRequest, division: Division, status: int = 200) -> HttpResponse:
    context = {
        "division": division,
        "competition": division.competition,
        "rounds": bracket_of(division),
        "secretary": is_secretary(request.user, club_of(request).pk),
    }
    return render(request, "teams/bracket.html", context, status=status)


@require_POST
@secretary_required
def draw(request: HttpRequest, division_id: int) -> HttpResponse:
    """Without `confirm`, the bracket that would be drawn, with its draw number; with it, drawn
    (in place of an earlier draw when no match has been played)."""
    division = division_of(request, division_id)
    data = request.POST.copy()
    if not data.get("seed", "").strip() and "confirm" not in data:
        data["seed"] = str(secrets.randbelow(DRAW_NUMBERS))
    form = CupDrawForm(data)
    if "confirm" not in data:
        preview: list[CupPlan] = []
        if submitted(
            request,
            form,
            lambda cleaned: preview.append(plan_cup(division=division, **_draw_args(cleaned))),
            gettext("Look the draw over, then draw it."),
        ):
            return division_page(request, division, cup_form=form, cup_preview=preview[0])
        return division_page(request, division, UNPROCESSABLE, cup_form=form)
    if submitted(
        request,
        form,
        lambda cleaned: draw_cup(by=user_of(request), division=division, **_draw_args(cleaned)),
        gettext("The cup is drawn."),
    ):
        return back_to(division)
    return division_page(request, division, UNPROCESSABLE, cup_form=form)


def _draw_args(cleaned: dict[str, Any]) -> dict[str, Any]:
    # A confirmation without a number draws afresh: the form's number is then the draw's.
    return {**cleaned, "seed": cleaned.get("seed") or 0}


@require_POST
@secretary_required
def settle(request: HttpRequest, tie_id: int) -> HttpResponse:
    """The secretary names the team going through from a level match."""
    tie = get_object_or_404(
        CupTie.objects.filter(division__competition__club=club_of(request)).select_related(
            "division__competition"
        ),
        pk=tie_id,
    )
    # Across clubs: in an inter-club cup the team going through may be another club's; the
    # service refuses any team but the tie's two, in words.
    winner = Team.objects.across_clubs().filter(pk=request.POST.get("winner") or 0).first()
    try:
        if winner is None:
            raise ValidationError(gettext("Choose one of the two teams of this tie."))
        settle_level_tie(by=user_of(request), tie=tie, winner=winner)
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
        return _bracket_page(request, tie.division, UNPROCESSABLE)
    messages.success(request, gettext("%(team)s goes through.") % {"team": winner.name})
    return redirect("teams:bracket", division_id=tie.division_id)
