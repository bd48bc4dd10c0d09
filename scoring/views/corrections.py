"""Correcting a recorded turn (being built)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_http_methods


@require_http_methods(["GET", "POST"])
def correct_turn(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    return HttpResponse("Corrections are not built yet.", status=501)
