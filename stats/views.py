"""The player page, the club's records and the bar's TV board: thin views over the selectors."""

from __future__ import annotations

from collections.abc import Callable

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


def _kept(request: HttpRequest, name: str, render_html: Callable[[], str]) -> str:
    """`render_html()`, rendered once per board state and language and kept in the cache: the
    state moves with every turn, booking and entry (stats.board.board_state), so a kept board
    is never stale, and every TV and phone between two changes shares it. Nothing on the board
    depends on who asks."""
    key = f"stats:{name}:{request.board_state}:{get_language()}"  # type: ignore[attr-defined]
    html = cache.get(key)
    if html is None:
        html = render_html()
        cache.set(key, html, BOARD_CACHE_SECONDS)
    return str(html)


def _board_live(request: HttpRequest) -> str:
    """The board's live part: the polled fragment, and what the whole page wraps."""

    def draw() -> str:
        context = {"board": board_data(), "poll_seconds": BOARD_POLL_SECONDS}
        return render_to_string("stats/partials/board_live.html", context, request=request)

    return _kept(request, "board", draw)


@require_GET
@visible_to_visitors(PublicArea.BOARD)
@condition(etag_func=_board_etag)
def board(request: HttpRequest) -> HttpResponse:
    if request.htmx:  # type: ignore[attr-defined]
        response = HttpResponse(_board_live(request))
    else:

        def draw() -> str:
            # The kept fragment was rendered by the same template the page includes.
            live = mark_safe(_board_live(request))
            return render_to_string("stats/board.html", {"live": live}, request=request)

        response = HttpResponse(_kept(request, "board-page", draw))
    # The page and its fragment share a URL: caches must keep them apart.
    patch_vary_headers(response, ["HX-Request"])
    return response
