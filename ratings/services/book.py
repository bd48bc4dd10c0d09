"""The ratings' book as the league calls it (league.upper_books), registered in
RatingsConfig.ready()."""

from __future__ import annotations

from collections.abc import Sequence

from league.models import PlayerResultRow
from ratings.services.recompute import check_ratings, rebuild_ratings
from ratings.services.rerate import rerate_game
from scoring.models import Game


class RatingsBook:
    name = "ratings"

    def game_booked(self, *, game: Game, rows: Sequence[PlayerResultRow]) -> None:
        rerate_game(game=game, rows=rows)

    def check(self, *, repair: bool) -> list[str]:
        return check_ratings(repair=repair)

    def rebuild(self) -> None:
        rebuild_ratings()
