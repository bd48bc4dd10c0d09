"""The rating list (with its downloads), a member's rating over time, and a finished game's
rating changes (a fragment the game page loads: scoring.game_panels). Thin views over the
selectors.

Who may see them follows the club's privacy settings (scoring.access.privacy) through the
areas they belong with, rather than a new area of their own: the list ranks players as the
standings do (PublicArea.STANDINGS), a member's chart is part of the member's pages
(PublicArea.MEMBERS), and a game's changes are part of the game's page (PublicArea.GAMES).
"""

from __future__ import annotations

from dataclasses import asdict

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from clubs.requests import club_of
from league.exports import export_response, wanted_format
from ratings import selectors
from ratings.tables import RatingTable
from scoring import rules
from scoring.access.privacy import visible_to_visitors
from scoring.box_names import game_title
from scoring.models import RULESET_KEYS, PublicArea
from scoring.selectors import club_games, members_of


def _ruleset(request: HttpRequest) -> str:
    """The game asked for; anything else is the club's usual game."""
    asked = request.GET.get("ruleset", "")
    return asked if asked in RULESET_KEYS else rules.DEFAULT_RULESET.key


@require_GET
@visible_to_visitors(PublicArea.STANDINGS)
def rating_list(request: HttpRequest) -> HttpResponse:
    ruleset = _ruleset(request)
    lines = selectors.rating_lines(club_of(request), ruleset)
    members = RatingTable([asdict(line) for line in lines if not line.guest])
    guests = RatingTable([asdict(line) for line in lines if line.guest])
    RequestConfig(request, paginate=False).configure(members)
    export = wanted_format(request)
    if export is not None:
        return export_response(
            members, export=export, name=f"{gettext('Ratings')} {game_title(ruleset)}"
        )
    context = {
        "ruleset": ruleset,
        "title": game_title(ruleset),
        "kinds": [(key, game_title(key)) for key in RULESET_KEYS],
        "members": members,
        "guests": guests if lines and any(line.guest for line in lines) else None,
    }
    return render(request, "ratings/list.html", context)


@require_GET
@visible_to_visitors(PublicArea.MEMBERS)
def player(request: HttpRequest, member_id: int) -> HttpResponse:
    member = get_object_or_404(members_of(club_of(request)), pk=member_id)
    chart = [
        {
            "ruleset": ruleset,
            "label": game_title(ruleset),
            "points": [
                {"x": number, "y": round(point.rating, 2), "game": point.game_id}
                for number, point in enumerate(
                    selectors.rating_history(member, ruleset, club_of(request)), 1
                )
            ],
        }
        for ruleset in selectors.rated_rulesets(member)
    ]
    return render(request, "ratings/player.html", {"member": member, "chart": chart})


@require_GET
@visible_to_visitors(PublicArea.GAMES)
def game_changes(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(club_games(club_of(request)), pk=game_id)
    changes = selectors.game_changes(game)
    seats = [(player, changes[player.pk]) for player in game.players.all() if player.pk in changes]
    # The game page loads the partial by htmx; opened at its own address, it is a whole page.
    template = "ratings/partials/game_changes.html" if request.htmx else "ratings/game.html"  # type: ignore[attr-defined]
    return render(request, template, {"game": game, "seats": seats})
