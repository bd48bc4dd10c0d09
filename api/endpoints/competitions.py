"""A club's team competitions: divisions with their tables, fixtures with their matches' scores
and card codes (the club's standings, as the pages show them)."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router

from api.access import club_to_read
from api.schemas import CompetitionDetail, CompetitionOut
from scoring.models import PublicArea
from teams import selectors
from teams.models import Competition, Division, Fixture

router = Router(tags=["competitions"])


def _divisions(competition: Competition) -> list[Division]:
    return sorted(competition.divisions.all(), key=lambda division: division.level)


def _division(division: Division) -> dict[str, object]:
    return {"id": division.pk, "name": division.name, "level": division.level}


def _outline(competition: Competition) -> dict[str, object]:
    return {
        "id": competition.pk,
        "name": competition.name,
        "kind": competition.kind,
        "ruleset": competition.ruleset,
        "divisions": [_division(division) for division in _divisions(competition)],
    }


def fixture_of(fixture: Fixture) -> dict[str, object]:
    match = getattr(fixture, "match", None)
    return {
        "id": fixture.pk,
        "division_id": fixture.division_id,
        "round": fixture.round,
        "home": fixture.home.name,
        "away": fixture.away.name,
        "starts_at": fixture.starts_at,
        "venue": fixture.venue,
        "status": fixture.status,
        "match": None
        if match is None
        else {
            "started_at": match.started_at,
            "home_score": match.home_score,
            "away_score": match.away_score,
            "card_code": match.verification_code,
        },
    }


@router.get(
    "{slug}/competitions/", response=list[CompetitionOut], summary="The club's team competitions"
)
def competitions(request: HttpRequest, slug: str) -> list[dict[str, object]]:
    club = club_to_read(request, slug, PublicArea.STANDINGS)
    return [_outline(c) for c in selectors.competitions(club).order_by("-created_at", "-pk")]


@router.get(
    "{slug}/competitions/{competition_id}/",
    response=CompetitionDetail,
    summary="A competition: its tables and fixtures",
)
def competition(request: HttpRequest, slug: str, competition_id: int) -> dict[str, object]:
    club = club_to_read(request, slug, PublicArea.STANDINGS)
    chosen = get_object_or_404(selectors.competitions(club), pk=competition_id)
    outline = _outline(chosen)
    tables = [
        {
            **_division(division),
            "table": [
                {
                    "place": row.place,
                    "team": row.team.name,
                    "played": row.played,
                    "won": row.won,
                    "drawn": row.drawn,
                    "lost": row.lost,
                    "score_for": row.score_for,
                    "score_against": row.score_against,
                    "match_points": row.match_points,
                }
                for row in selectors.division_table(division)
            ],
        }
        for division in _divisions(chosen)
    ]
    fixtures = [fixture_of(f) for f in selectors.fixtures_of_competition(chosen)]
    return {**outline, "tables": tables, "fixtures": fixtures}
