"""Game records (GAME-RECORD.md): download any game as one."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET, require_http_methods

from scoring.models import Game
from scoring.selectors import game_record, load_game


@require_GET
def game_record_download(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("scorer"), pk=game_id)
    document = game_record(load_game(game))
    response = HttpResponse(
        json.dumps(document, indent=1, ensure_ascii=False), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="balutclub-game-{game.pk}.json"'
    return response


@require_http_methods(["GET", "POST"])
def game_import(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Importing is not built yet.", status=501)
