"""The home page: games at the tables now, and the latest finished ones."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.requests import club_of
from scoring.access.privacy import visible_to_visitors
from scoring.models import GameStatus, PublicArea
from scoring.selectors import games_list

RECENT_FINISHED = 20


@require_GET
@visible_to_visitors(PublicArea.GAMES)
def home(request: HttpRequest) -> HttpResponse:
    in_club = club_of(request)
    context = {
        "in_progress": list(games_list(club=in_club, status=GameStatus.IN_PROGRESS)),
        "finished": list(games_list(club=in_club, status=GameStatus.FINISHED)[:RECENT_FINISHED]),
    }
    return render(request, "scoring/home.html", context)
