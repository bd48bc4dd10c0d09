"""Starting a game at the table (being built)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_http_methods


@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Starting a game is not built yet.", status=501)
