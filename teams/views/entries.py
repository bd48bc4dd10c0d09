"""Inter-club competitions from each club's own pages: the club's team competitions page lists
the competitions its teams play in and those open to them, where its secretary enters a team;
the organiser's secretary accepts or declines on the division's setup page."""

from __future__ import annotations

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
from teams import selectors
from teams.models import EntryRequest
from teams.services.entries import decide_entry, request_entry
from teams.setup_forms import RequestEntryForm


def competitions_page(
    request: HttpRequest,
    *,
    error: str = "",
    status: int = 200,
    sent: tuple[int, RequestEntryForm] | None = None,
) -> HttpResponse:
    club = club_of(request)
    secretary = is_secretary(request.user, club.pk)
    open_elsewhere = []
    for competition in selectors.open_competitions(club):
        # What this club has asked of it, and how the organiser answered.
        competition.our_entries = list(  # type: ignore[attr-defined]
            EntryRequest.objects.filter(competition=competition, team__club=club)
            .select_related("team")
            .order_by("-requested_at")
        )
        form = None
        if secretary:
            form = (
                sent[1]
                if sent and sent[0] == competition.pk
                else RequestEntryForm(club=club, competition=competition)
            )
        open_elsewhere.append((competition, form))
    context = {
        "club": club,
        "competitions": selectors.competitions(club),
        "secretary": secretary,
        "open_elsewhere": open_elsewhere,
        "error": error,
    }
    return render(request, "teams/competitions.html", context, status=status)


@require_GET
@visible_to_visitors(PublicArea.STANDINGS)
def competitions(request: HttpRequest) -> HttpResponse:
    return competitions_page(request)


@require_POST
@secretary_required
def enter_elsewhere(request: HttpRequest, competition_id: int) -> HttpResponse:
    """This club's secretary enters one of its teams in another club's open competition."""
    club = club_of(request)
    competition = get_object_or_404(selectors.open_competitions(club), pk=competition_id)
    form = RequestEntryForm(request.POST, club=club, competition=competition)
    if not form.is_valid():
        error = gettext("Choose a division and one of your club's teams.")
        return competitions_page(request, error=error, status=422, sent=(competition.pk, form))
    try:
        data = form.cleaned_data
        request_entry(by=user_of(request), division=data["division"], team=data["team"])
    except ValidationError as refused:
        error = " ".join(refused.messages)
        return competitions_page(request, error=error, status=422, sent=(competition.pk, form))
    messages.success(
        request, gettext("The entry is sent: the organiser's secretary accepts or declines it.")
    )
    return redirect("teams:competitions")


@require_POST
@secretary_required
def decide(request: HttpRequest, request_id: int) -> HttpResponse:
    """The organiser's secretary accepts (with `accept`) or declines another club's entry."""
    entry = get_object_or_404(
        EntryRequest.objects.filter(competition__club=club_of(request)), pk=request_id
    )
    accept = "accept" in request.POST
    try:
        decide_entry(by=user_of(request), entry=entry, accept=accept)
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
    else:
        messages.success(
            request,
            gettext("%(team)s is entered.") % {"team": entry.team.name}
            if accept
            else gettext("The entry of %(team)s is declined.") % {"team": entry.team.name},
        )
    return redirect("teams:division_setup", division_id=entry.division_id)
