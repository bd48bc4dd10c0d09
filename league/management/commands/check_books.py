"""`manage.py check_books`: every game's books compared with what its record implies.

Read-only unless `--repair`: then each inconsistent game is booked afresh by the house rules it
keeps (idempotently, one transaction a game, so a long repair can be stopped and run again), and
the season standings, when they differ, are summed afresh in one transaction (readers see the
old lines until it commits; a failure leaves them as they were). `--rebuild-figures` works
every member's winning runs and box tallies out again from the kept rows (after an upgrade that
adds such figures; what `backfill_results` did).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from league.checks import check_games, checked_games, standing_inconsistencies
from league.services.books import repair_game
from league.services.figures import rebuild_all_figures
from league.services.standings import rebuild_standings


class Command(BaseCommand):
    help = (
        "Compare every game's stored results, drinks debts and register claims with what its "
        "record implies; print each inconsistency and exit 1 when there is any. --repair books "
        "what is missing (idempotent)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--repair", action="store_true", help="Book each inconsistent game afresh."
        )
        parser.add_argument(
            "--rebuild-figures",
            action="store_true",
            help="Rebuild every winning run and box tally from the result rows (with --repair).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["rebuild_figures"] and not options["repair"]:
            raise CommandError("--rebuild-figures writes: give --repair with it.")
        games = checked = 0
        inconsistent = []
        for game, found in check_games(checked_games().iterator(chunk_size=200)):
            checked += 1
            games += game.is_finished
            for problem in found:
                self.stdout.write(str(problem))
            if found:
                inconsistent.append(game)
        self.stdout.write(
            f"Checked {checked} games ({games} finished): {len(inconsistent)} inconsistent."
        )
        standings = standing_inconsistencies()
        for line in standings:
            self.stdout.write(line)
        self.stdout.write(f"Season standings: {len(standings)} lines differ from their games.")
        if options["repair"]:
            for game in inconsistent:
                repair_game(game=game)
            self.stdout.write(f"Repaired {len(inconsistent)} games.")
            if standings:
                with transaction.atomic():
                    written = rebuild_standings()
                self.stdout.write(f"Season standings summed afresh: {written} lines.")
            if options["rebuild_figures"]:
                changed = rebuild_all_figures()
                self.stdout.write(f"Winning runs and box tallies rebuilt ({changed} runs changed).")
            left = [
                g
                for g, found in check_games(
                    checked_games().filter(pk__in=[g.pk for g in inconsistent])
                )
                if found
            ]
            self.stdout.write(f"Still inconsistent after the repair: {len(left)}.")
            if left:
                raise CommandError(
                    f"{len(left)} games still need the secretary (see the lines above)."
                )
        elif inconsistent or standings:
            raise CommandError(
                f"{len(inconsistent)} inconsistent games, {len(standings)} standings lines "
                "differing: run check_books --repair."
            )
