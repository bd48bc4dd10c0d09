"""Store the per-player results of games finished before the results were kept, and work out
every member's winning runs and box tallies again (after an upgrade that adds such figures)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db.models import Q

from league.services.figures import rebuild_all_figures
from league.services.results import store_game_results
from scoring import rules
from scoring.models import Game, GameStatus


class Command(BaseCommand):
    help = (
        "Store each finished game's per-player results and rebuild the runs and box tallies "
        "(idempotent; --all redoes every game)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--all", action="store_true", help="Redo games that already have their results."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.filter(status=GameStatus.FINISHED).order_by("pk")
        if not options["all"]:
            # Rows kept before they held the seats' box scores count as missing too.
            five_dice_without_boxes = Q(
                result_rows__ruleset__in=list(rules.FIVE_DICE_RULES), result_rows__boxes={}
            )
            games = games.filter(Q(result_rows__isnull=True) | five_dice_without_boxes).distinct()
        done = 0
        # One transaction per game (the service's): a long backfill can be stopped and rerun.
        for game in list(games):
            store_game_results(game=game)
            done += 1
        self.stdout.write(f"Results stored for {done} finished games.")
        changed = rebuild_all_figures()
        self.stdout.write(f"Winning runs and box tallies rebuilt ({changed} runs changed).")
