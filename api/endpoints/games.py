"""A club's games with their results (the rows the league keeps) and their sheets' codes."""

from __future__ import annotations

import datetime

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Query, Router, Schema

from api.access import club_to_read
from api.endpoints import page_of, window
from api.schemas import RULESET_PATTERN, GameOut, GamePage, Paging
from clubs.models import Club
from league.selectors import result_rows_of_games
from scoring.models import Game, GameStatus, PublicArea
from scoring.selectors import games_list

router = Router(tags=["games"])


class GameFilters(Schema):
    status: GameStatus | None = None
    ruleset: str | None = Field(None, pattern=RULESET_PATTERN, description="A kind of game.")
    member: int | None = Field(None, description="Only games this member sat at.")
    started_from: datetime.date | None = None
    started_until: datetime.date | None = Field(None, description="Inclusive.")


def described(club: Club, games: list[Game]) -> list[dict[str, object]]:
    """Each game with its seats and, once finished, each seat's result: one query for the
    results of the whole page."""
    rows = result_rows_of_games(club, [game.pk for game in games])
    described = []
    for game in games:
        results = {row.player_id: row for row in rows.get(game.pk, [])}
        seats = []
        for player in game.players.all():
            row = results.get(player.pk)
            seats.append(
                {
                    "seat": player.seat,
                    "name": player.name,
                    "member_id": player.member_id,
                    "score": None if row is None else row.score,
                    "points": None if row is None else row.points,
                    "rank": None if row is None else row.rank,
                    "won": None if row is None else row.won,
                }
            )
        described.append(
            {
                "id": game.pk,
                "ruleset": game.ruleset,
                "status": game.status,
                "friendly": game.friendly,
                "started_at": game.started_at,
                "finished_at": game.finished_at,
                "void": game.voided_at is not None,
                "sheet_code": game.verification_code,
                "players": seats,
            }
        )
    return described


@router.get("{slug}/games/", response=GamePage, summary="The club's games, newest first")
def games(
    request: HttpRequest, slug: str, filters: Query[GameFilters], paging: Query[Paging]
) -> dict[str, object]:
    club = club_to_read(request, slug, PublicArea.GAMES)
    chosen = games_list(club=club, status=filters.status)
    if filters.ruleset is not None:
        chosen = chosen.filter(ruleset=filters.ruleset)
    if filters.member is not None:
        chosen = chosen.filter(players__member_id=filters.member)
    if filters.started_from is not None:
        chosen = chosen.filter(started_at__date__gte=filters.started_from)
    if filters.started_until is not None:
        chosen = chosen.filter(started_at__date__lte=filters.started_until)
    chosen = chosen.order_by("-started_at", "-pk")
    return page_of(described(club, list(chosen[window(paging)])), paging, chosen.count())


@router.get("{slug}/games/{game_id}/", response=GameOut, summary="One game")
def game(request: HttpRequest, slug: str, game_id: int) -> dict[str, object]:
    club = club_to_read(request, slug, PublicArea.GAMES)
    return described(club, [get_object_or_404(games_list(club=club), pk=game_id)])[0]
