"""The printed and downloaded tournament: table cards, results as PDF, CSV and Excel."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from clubs.files import disposition
from clubs.requests import club_of
from league.exports import dataset_response
from league.views.access import secretary_required
from scoring import club
from scoring.views.pdfs import sheet_language
from tournaments import exports, selectors
from tournaments.models import Tournament
from tournaments.views.access import visible

TYPES = {
    "pdf": "application/pdf",
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def attachment(body: bytes, kind: str, name: str) -> HttpResponse:
    """`name` in the reader's words ("Forårsturnering runde 2 skemaer"), made the file's name."""
    response = HttpResponse(body, content_type=TYPES[kind])
    response["Content-Disposition"] = disposition(name, kind, attachment=True)
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
    return attachment(body, "pdf", gettext("%(name)s tables") % {"name": tournament.name})


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
    # The reader's language unless ?lang= picks another: the sheets, their headings and the
    # file's name alike (the sheets were English under a Danish heading).
    language = sheet_language(request.GET.get("lang") or get_language(), house)
    body = exports.table_sheets(tournament, view, club=house.club_name, language=language)
    with translation.override(language):
        name = gettext("%(name)s round %(number)d sheets")
    return attachment(body, "pdf", name % {"name": tournament.name, "number": number})


@require_GET
def results(request: HttpRequest, tournament_id: int, kind: str) -> HttpResponse:
    if kind not in TYPES:
        raise Http404
    tournament = visible(request, tournament_id)
    if isinstance(tournament, HttpResponse):
        return tournament
    standings = selectors.standings(tournament)
    name = gettext("%(name)s results") % {"name": tournament.name}
    if kind == "pdf":
        return attachment(exports.results_pdf(tournament, standings), kind, name)
    # CSV and Excel as every download of the app is written (BOM, typed cells, the name).
    rows = exports.result_rows(standings, tournament.rounds)
    return dataset_response(rows, export=kind, name=name)
