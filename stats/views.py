"""The player page, the club's records and the bar's TV board: thin views over the selectors."""

from __future__ import annotations

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET

from scoring.access.privacy import visible_to_visitors
from scoring.models import Member, PublicArea
from stats.board import board as board_data
from stats.board import board_state, board_version
from stats.charts import player_charts
from stats.player import finished_games, player_stats
from stats.records import club_records

GAMES_PER_PAGE = 50
# How often the TV board asks whether anything changed; an unchanged board costs a 304.
BOARD_POLL_SECONDS = 4
# A kept fragment is looked up by its version, so this only bounds the memory of old ones.
BOARD_CACHE_SECONDS = 600


@require_GET
@visible_to_visitors(PublicArea.MEMBERS)
def player(request: HttpRequest, member_id: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=member_id)
    # A page number that is not one (or past the end) shows the nearest page, never an error.
    games = Paginator(finished_games(member), GAMES_PER_PAGE).get_page(request.GET.get("page"))
    context: dict[str, object] = {"member": member, "games": games}
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "stats/partials/player_games.html", context)
    stats = player_stats(member)
    context["stats"] = stats
    context["charts"] = player_charts(stats) if stats.kinds else None
    return render(request, "stats/player.html", context)


@require_GET
@visible_to_visitors(PublicArea.RECORDS)
def records(request: HttpRequest) -> HttpResponse:
    return render(request, "stats/records.html", {"records": club_records()})


def _board_etag(request: HttpRequest) -> str:
    state = board_state()
    request.board_state = state  # type: ignore[attr-defined]
    return board_version(fragment=bool(request.headers.get("HX-Request")), state=state)


def _board_live(request: HttpRequest) -> str:
    """The board's live part (the polled fragment, and the whole page's content), rendered once
    per board state and language and kept in the cache: the state moves with every turn,
    booking and entry (stats.board.board_state), so a kept fragment is never stale, and every
    TV and phone between two changes shares it. Nothing in it depends on who asks."""
    key = f"stats:board:{request.board_state}:{get_language()}"  # type: ignore[attr-defined]
    html = cache.get(key)
    if html is None:
        context = {"board": board_data(), "poll_seconds": BOARD_POLL_SECONDS}
        html = render_to_string("stats/partials/board_live.html", context, request=request)
        cache.set(key, html, BOARD_CACHE_SECONDS)
    return str(html)


@require_GET
@visible_to_visitors(PublicArea.BOARD)
@condition(etag_func=_board_etag)
def board(request: HttpRequest) -> HttpResponse:
    live = _board_live(request)
    if request.htmx:  # type: ignore[attr-defined]
        response = HttpResponse(live)
    else:
        # The kept fragment was rendered by the same template the page includes.
        response = render(request, "stats/board.html", {"live": mark_safe(live)})
    # The page and its fragment share a URL: caches must keep them apart.
    patch_vary_headers(response, ["HX-Request"])
    return response
