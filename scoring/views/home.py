"""The home page: games at the tables now, and the latest finished ones."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.requests import club_of
from scoring.access.privacy import visible_to_visitors
from scoring.access.roles import is_secretary
from scoring.models import GameStatus, PublicArea
from scoring.selectors import games_list

RECENT_FINISHED = 20


@require_GET
@visible_to_visitors(PublicArea.GAMES)
def home(request: HttpRequest) -> HttpResponse:
    in_club = club_of(request)
    in_progress = list(games_list(club=in_club, status=GameStatus.IN_PROGRESS))
    finished = list(games_list(club=in_club, status=GameStatus.FINISHED)[:RECENT_FINISHED])
    context = {
        "in_progress": in_progress,
        "finished": finished,
        # A club with no game yet: its secretary is told what to do first.
        "first_steps": not in_progress and not finished and is_secretary(request.user, in_club.pk),
    }
    return render(request, "scoring/home.html", context)
