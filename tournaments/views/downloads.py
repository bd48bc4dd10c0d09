"""The printed and downloaded tournament: table cards, results as PDF, CSV and Excel."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from clubs.requests import club_of
from league.views.access import secretary_required
from scoring import club
from tournaments import exports, selectors
from tournaments.models import Tournament
from tournaments.views.access import visible

TYPES = {
    "pdf": "application/pdf",
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def attachment(body: bytes, kind: str, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type=TYPES[kind])
    response["Content-Disposition"] = f'attachment; filename="{name}.{kind}"'
    return response


@require_GET
@secretary_required
def cards(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Table cards of every drawn round, or of ?round=N only."""
    tournament = get_object_or_404(
        Tournament.objects.filter(club=club_of(request)), pk=tournament_id
    )
    drawn = selectors.rounds(tournament)
    wanted = request.GET.get("round", "")
    if wanted.isdigit():
        drawn = [view for view in drawn if view.round.number == int(wanted)]
    body = exports.table_cards(tournament, drawn)
    return attachment(body, "pdf", f"{slugify(tournament.name) or 'tournament'}-tables")


@require_GET
@secretary_required
def sheets(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The round's score sheets, one a table, its players' names printed."""
    tournament = get_object_or_404(
        Tournament.objects.filter(club=club_of(request)), pk=tournament_id
    )
    view = next((v for v in selectors.rounds(tournament) if v.round.number == number), None)
    if view is None or not view.tables:
        raise Http404
    house = club.house_settings(club_of(request))
    body = exports.table_sheets(tournament, view, club=house.club_name)
    name = f"{slugify(tournament.name) or 'tournament'}-round-{number}-sheets"
    return attachment(body, "pdf", name)


@require_GET
def results(request: HttpRequest, tournament_id: int, kind: str) -> HttpResponse:
    if kind not in TYPES:
        raise Http404
    tournament = visible(request, tournament_id)
    if isinstance(tournament, HttpResponse):
        return tournament
    standings = selectors.standings(tournament)
    if kind == "pdf":
        body = exports.results_pdf(tournament, standings)
    else:
        body = exports.results_file(tournament, standings, kind)
    return attachment(body, kind, f"{slugify(tournament.name) or 'tournament'}-results")
