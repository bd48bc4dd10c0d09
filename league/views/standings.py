"""A season's standings for one game, and the secretary's seasons page."""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_http_methods
from django_tables2 import RequestConfig

from clubs.requests import club_of
from league import selectors
from league.exports import export_response, wanted_format
from league.forms import SeasonForm, StandingsFilterForm
from league.models import PublicArea, Season
from league.services.seasons import create_season, update_season
from league.standings import BY_POINTS, tiebreaker_label, tiebreakers_for
from league.tables import StandingsTable
from league.views.access import secretary_required, user_of
from scoring.access.privacy import visible_to_visitors
from scoring.box_names import game_title

# A kept table is looked up by what it shows, so this only bounds the memory of old ones.
TABLE_CACHE_SECONDS = 600


@require_GET
@visible_to_visitors(PublicArea.STANDINGS)
def standings(request: HttpRequest) -> HttpResponse:
    filters = StandingsFilterForm(request.GET, seasons=selectors.seasons(club_of(request)))
    season, ruleset = filters.chosen()
    order = tiebreakers_for(
        selectors.club_settings(club_of(request)).standings_tiebreakers or {}, ruleset
    )
    labels = {
        "average_label": tiebreaker_label("average", ruleset),
        "best_label": gettext("Best points") if ruleset in BY_POINTS else gettext("Best score"),
    }
    table = StandingsTable(
        selectors.standings(season, ruleset, order) if season is not None else [], **labels
    )
    # Every member on one page: a club's standings are tens of rows, not thousands.
    RequestConfig(request, paginate=False).configure(table)
    export = wanted_format(request)
    if export is not None and season is not None:
        # The file names its season: two seasons' downloads of one game never share a name.
        name = f"{gettext('Standings')} {season.name or season.pk} {game_title(ruleset)}"
        return export_response(table, export=export, name=name)
    context = {
        "filters": filters,
        "table": table,
        "standings_table": _drawn_table(request, table, [*order, *labels.values()]),
        "season": season,
        "title": game_title(ruleset),
        "tiebreakers": [tiebreaker_label(key, ruleset) for key in order],
    }
    return render(request, "league/standings.html", context)


def _drawn_table(request: HttpRequest, table: StandingsTable, shown_by: list[str]) -> SafeString:
    """The table's HTML, kept in the cache under a fingerprint of everything it shows: its rows
    as read (one query), the query string its sort links repeat, `shown_by` (the tie-breakers
    and the column labels) and the language. A finished, voided or corrected game changes its
    rows, hence the key, so a kept table is never stale; drawing it cost more than the rest of
    the page."""
    # Sorted as the table says (its headers' links), each figure as its column shows it.
    rows = [{**row, "average": table.render_average(row["average"])} for row in table.data]
    shown = (get_language(), request.get_full_path(), shown_by, rows)
    key = "league:standings:" + hashlib.sha256(repr(shown).encode()).hexdigest()
    html = cache.get(key)
    if html is None:
        context = {"table": table, "rows": rows}
        html = render_to_string("league/partials/standings_table.html", context, request=request)
        cache.set(key, html, TABLE_CACHE_SECONDS)
    return mark_safe(html)


@require_http_methods(["GET", "POST"])
@secretary_required
def seasons(request: HttpRequest, season_id: int | None = None) -> HttpResponse:
    """The seasons, with a form to add one (or, given `season_id`, to change that one)."""
    season = (
        None
        if season_id is None
        else get_object_or_404(Season.objects.filter(club=club_of(request)), pk=season_id)
    )
    form = SeasonForm(request.POST or None, instance=season)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            fields = {
                "name": data["name"],
                "starts_on": data["starts_on"],
                "ends_on": data["ends_on"],
            }
            try:
                if season is None:
                    saved = create_season(in_club=club_of(request), by=user_of(request), **fields)
                else:
                    saved = update_season(season=season, by=user_of(request), **fields)
            except ValidationError as refused:
                form.add_error(None, refused)
            else:
                messages.success(request, gettext("Season saved: %(name)s.") % {"name": saved.name})
                overlaps = selectors.overlapping_seasons(saved)
                if overlaps:
                    messages.warning(
                        request,
                        gettext("It shares days with %(others)s: a game then counts in each.")
                        % {"others": ", ".join(other.name for other in overlaps)},
                    )
                return redirect("league:seasons")
        status = 422
    context = {"form": form, "season": season, "seasons": selectors.seasons(club_of(request))}
    return render(request, "league/seasons.html", context, status=status)
