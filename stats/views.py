"""The player page, the club's records and the bar's TV board: thin views over the selectors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.functional import cached_property
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET

from clubs.requests import club_of
from scoring.access.privacy import visible_to_visitors
from scoring.models import PublicArea
from scoring.selectors import members_of
from stats.board import board as board_data
from stats.board import board_state, board_version
from stats.charts import player_charts
from stats.game_lines import game_lines
from stats.player import (
    clubs_played_in,
    finished_count,
    finished_games,
    hidden_clubs,
    player_stats,
)
from stats.records import ClubRecords, club_records

# A page of the member's finished games; older ones a tap away ("Older", fetched by htmx): 25
# lines are what a tablet shows in a screen or two, and each line is drawn per visit.
GAMES_PER_PAGE = 25
# How often the TV board asks whether anything changed; an unchanged board costs a 304.
BOARD_POLL_SECONDS = 4
# A kept fragment is looked up by its version, so this only bounds the memory of old ones.
BOARD_CACHE_SECONDS = 600


@require_GET
@visible_to_visitors(PublicArea.MEMBERS)
def player(request: HttpRequest, member_id: int) -> HttpResponse:
    in_club = club_of(request)
    member = get_object_or_404(members_of(in_club), pk=member_id)
    # Their games in this club, or (?clubs=all) in every club they played in (a member there,
    # or a guest seated as themself): for a person of one club, the same games.
    together = request.GET.get("clubs") == "all"
    shown = None if together else in_club
    # Privacy is the owning club's: another club's games only where it shows them to visitors.
    played = clubs_played_in(member) if together or not request.htmx else []  # type: ignore[attr-defined]
    hidden = hidden_clubs(member, in_club, played)
    clubs = [club for club in played if club.pk not in hidden]
    if not together:
        hidden = ()
    context: dict[str, object] = {
        "member": member,
        "together": together,
        "pages_query": "clubs=all&" if together else "",
    }
    stats = None
    if request.htmx:  # type: ignore[attr-defined]
        finished = finished_count(member, shown, hidden)
    else:
        stats = player_stats(member, shown, page_club=in_club, hidden=hidden)
        finished = stats.finished
    # The pages counted from the member's kept tallies, not by counting their games' rows.
    # A page number that is not one (or past the end) shows the nearest page, never an error.
    games = CountedPaginator(finished_games(member, shown, hidden), GAMES_PER_PAGE, count=finished)
    page = games.get_page(request.GET.get("page"))
    context["games"] = page
    context["lines"] = game_lines(page.object_list, together=together, club=in_club)
    if stats is None:
        return render(request, "stats/partials/player_games.html", context)
    # The switch is offered to a person who played in another club too, that shows it.
    context["several_clubs"] = any(club.pk != in_club.pk for club in clubs)
    context["club_names"] = [club.name for club in clubs]
    context["stats"] = stats
    context["charts"] = player_charts(stats) if stats.kinds else None
    return render(request, "stats/player.html", context)


class CountedPaginator(Paginator):
    """A paginator told how many items there are rather than counting them: the player's
    finished games are counted by the tallies the page reads anyway (a handful of rows),
    where counting the kept rows read one row per game, years of them."""

    def __init__(self, object_list: Any, per_page: int, *, count: int) -> None:
        super().__init__(object_list, per_page)
        self._known_count = count

    @cached_property
    def count(self) -> int:
        return self._known_count


@require_GET
@visible_to_visitors(PublicArea.RECORDS)
def records(request: HttpRequest) -> HttpResponse:
    return render(request, "stats/records.html", {"records": _kept_records(request)})


def _kept_records(request: HttpRequest) -> ClubRecords:
    """The club's records, read once per board state (stats.board.board_state: it moves with
    every turn, correction, booking and register entry, so kept records are never stale) and
    kept in the cache: their unions cost more to build through the ORM than the page's rest,
    and the records change only when the board does (issue 42). Nothing in them depends on
    who asks; the day they were set is the club's, so its time zone is in the key too."""
    club = club_of(request)
    zone = timezone.get_current_timezone_name()
    key = f"stats:records:{club.pk}:{board_state(club)}:{zone}"
    found = cache.get(key)
    if not isinstance(found, ClubRecords):
        found = club_records(club)
        cache.set(key, found, BOARD_CACHE_SECONDS)
    return found


def _board_etag(request: HttpRequest) -> str:
    state = board_state(club_of(request))
    request.board_state = state  # type: ignore[attr-defined]
    return board_version(
        club_of(request), fragment=bool(request.headers.get("HX-Request")), state=state
    )


def _kept(request: HttpRequest, name: str, render_html: Callable[[], str]) -> str:
    """`render_html()`, rendered once per board state and language and kept in the cache: the
    state moves with every turn, booking and entry (stats.board.board_state), so a kept board
    is never stale, and every TV and phone between two changes shares it. Nothing on the board
    depends on who asks."""
    # The club in the key too: two clubs' boards may share a state (both empty, say).
    club_id = club_of(request).pk
    key = f"stats:{name}:{club_id}:{request.board_state}:{get_language()}"  # type: ignore[attr-defined]
    html = cache.get(key)
    if html is None:
        html = render_html()
        cache.set(key, html, BOARD_CACHE_SECONDS)
    return str(html)


def _board_live(request: HttpRequest) -> str:
    """The board's live part: the polled fragment, and what the whole page wraps."""

    def draw() -> str:
        context = {"board": board_data(club_of(request)), "poll_seconds": BOARD_POLL_SECONDS}
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
