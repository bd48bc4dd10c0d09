"""Who sees a tournament: everyone when the club made it public, else signed-in members."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from clubs.requests import club_of
from clubs.selectors import belongs_to
from tournaments.models import Tournament


def visible(request: HttpRequest, tournament_id: int) -> Tournament | HttpResponse:
    """The tournament, or the PIN sign-in for a visitor when it is not public."""
    tournament = get_object_or_404(
        Tournament.objects.filter(club=club_of(request)), pk=tournament_id
    )
    if tournament.public or belongs_to(tournament.club_id, request.user):
        return tournament
    return redirect_to_login(request.get_full_path(), reverse("scoring:signin"))
