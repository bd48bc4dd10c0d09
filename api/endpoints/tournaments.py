"""A club's tournaments and club nights: rounds, tables and the day's standings. Visitors read
those the club made public, as on the pages; members and the club's own token read them all."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router

from api.access import club_named, sees_everything
from api.schemas import TournamentDetail, TournamentOut
from tournaments import selectors
from tournaments.models import Tournament

router = Router(tags=["tournaments"])


def _listed(request: HttpRequest, slug: str) -> QuerySet[Tournament]:
    club = club_named(request, slug)
    return selectors.visible_tournaments(club, everything=sees_everything(request, club))


@router.get("{slug}/tournaments/", response=list[TournamentOut], summary="The club's tournaments")
def tournaments(request: HttpRequest, slug: str) -> object:
    return _listed(request, slug).order_by("-starts_on", "-pk")


@router.get(
    "{slug}/tournaments/{tournament_id}/", response=TournamentDetail, summary="A tournament"
)
def tournament(request: HttpRequest, slug: str, tournament_id: int) -> dict[str, object]:
    chosen = get_object_or_404(_listed(request, slug), pk=tournament_id)
    drawn = [
        {
            "number": view.round.number,
            "final": view.round.final,
            "tables": [
                {
                    "number": table.table.number,
                    "game_id": table.table.game_id,
                    "players": [
                        {"entrant_id": entrant.pk, "name": entrant.name, "total": total}
                        for entrant, total in table.seated
                    ],
                }
                for table in view.tables
            ],
        }
        for view in selectors.rounds(chosen)
    ]
    standings = [
        {
            "rank": row.rank,
            "entrant_id": row.entrant.pk,
            "name": row.entrant.name,
            "points": row.points,
            "score": row.score,
            "games": row.games,
            "wins": row.wins,
            "best": row.best,
            "baluts": row.baluts,
        }
        for row in selectors.standings(chosen)
    ]
    return {
        **{field: getattr(chosen, field) for field in TournamentOut.model_fields},
        "rounds_drawn": drawn,
        "standings": standings,
    }
