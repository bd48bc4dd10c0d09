"""A club's seasons and standings, its register and its rating list."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Query, Router

from api.access import club_to_read
from api.endpoints import page_of, window
from api.schemas import (
    Paging,
    RatingPage,
    RegisterPage,
    RulesetFilter,
    SeasonOut,
    SeasonStandings,
)
from league import selectors
from league.models import RecordKind
from league.standings import tiebreakers_for
from ratings.selectors import rating_lines
from scoring import rules
from scoring.models import PublicArea

router = Router(tags=["league"])


@router.get("{slug}/seasons/", response=list[SeasonOut], summary="The club's seasons")
def seasons(request: HttpRequest, slug: str) -> list[SeasonOut]:
    club = club_to_read(request, slug, PublicArea.STANDINGS)
    return [SeasonOut.from_orm(season) for season in selectors.seasons(club)]


@router.get(
    "{slug}/seasons/{season_id}/standings/",
    response=SeasonStandings,
    summary="A season's standings for one kind of game (the club's usual game by default)",
)
def standings(
    request: HttpRequest, slug: str, season_id: int, kind: Query[RulesetFilter]
) -> dict[str, object]:
    club = club_to_read(request, slug, PublicArea.STANDINGS)
    season = get_object_or_404(selectors.club_seasons(club), pk=season_id)
    ruleset = kind.ruleset or rules.DEFAULT_RULESET.key
    order = tiebreakers_for(selectors.club_settings(club).standings_tiebreakers or {}, ruleset)
    rows = [
        {**row, "known_as": row["member__known_as"]}
        for row in selectors.standings(season, ruleset, order)
    ]
    return {"season": season, "ruleset": ruleset, "rows": rows}


@router.get("{slug}/register/", response=RegisterPage, summary="The club's register")
def register(
    request: HttpRequest,
    slug: str,
    kind: Query[RulesetFilter],
    paging: Query[Paging],
    record: RecordKind | None = None,
) -> dict[str, object]:
    club = club_to_read(request, slug, PublicArea.RECORDS)
    lines = selectors.standing_entries(club).order_by("-date", "-score", "-pk")
    if kind.ruleset is not None:
        lines = lines.filter(ruleset=kind.ruleset)
    if record is not None:
        lines = lines.filter(kind=record)
    return page_of(list(lines[window(paging)]), paging, lines.count())


@router.get("{slug}/ratings/", response=RatingPage, summary="The club's rating list")
def ratings(
    request: HttpRequest, slug: str, kind: Query[RulesetFilter], paging: Query[Paging]
) -> dict[str, object]:
    club = club_to_read(request, slug, PublicArea.STANDINGS)
    lines = rating_lines(club, kind.ruleset)
    return page_of(lines[window(paging)], paging, len(lines))
