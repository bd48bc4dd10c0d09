"""The secretary's disputed match cards: read the captain's reason, correct a game where needed
(on the game's own page, as any correction), then mark the dispute settled so the captains sign."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from clubs.requests import club_of
from league.views.access import secretary_required, user_of
from teams import selectors
from teams.models import Dispute
from teams.services.matches import resolve_dispute


@require_GET
@secretary_required
def disputes(request: HttpRequest) -> HttpResponse:
    return render(
        request, "teams/disputes.html", {"disputes": selectors.open_disputes(club_of(request))}
    )


@require_POST
@secretary_required
def resolve(request: HttpRequest, dispute_id: int) -> HttpResponse:
    chosen = get_object_or_404(
        Dispute.objects.filter(match__fixture__home__club=club_of(request)), pk=dispute_id
    )
    try:
        resolve_dispute(by=user_of(request), dispute=chosen)
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
    else:
        messages.success(request, gettext("The dispute is resolved: the captains may sign."))
    return redirect("teams:disputes")
