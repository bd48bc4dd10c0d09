"""Score sheets as PDFs (being built)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET, require_http_methods


@require_GET
def game_sheet_pdf(request: HttpRequest, game_id: int) -> HttpResponse:
    return HttpResponse("PDF sheets are not built yet.", status=501)


@require_GET
def blank_sheet_pdf(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Blank sheets are not built yet.", status=501)


@require_http_methods(["GET", "POST"])
def club_night_pdf(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Club night printing is not built yet.", status=501)
