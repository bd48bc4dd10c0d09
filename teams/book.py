"""The teams' book as the league calls it (league.upper_books), registered in TeamsConfig.ready:
a match card follows every correction and void of its tables' games (teams.services.reopening)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from league.models import PlayerResultRow
from scoring.models import Game
from teams.models import Match
from teams.selectors import card_still_holds
from teams.services.reopening import follow_game, reopen


class TeamsBook:
    name = "teams"

    def game_booked(self, *, game: Game, rows: Sequence[PlayerResultRow]) -> None:
        follow_game(game=game)

    def check(self, *, repair: bool) -> list[str]:
        """Each signed card whose kept figures its games no longer come to; `repair` reopens
        them for the captains to sign again."""
        stale = [
            match
            for match in Match.objects.exclude(verification_code="").select_related("fixture")
            if not card_still_holds(match)
        ]
        if repair:
            with transaction.atomic():
                for match in stale:
                    reopen(match)
        return [f"match {match.pk} ({match.fixture}): card figures differ" for match in stale]

    def rebuild(self) -> None:
        """Nothing to rebuild: a card's figures are what its captains signed, not sums."""
