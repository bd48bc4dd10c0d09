"""`manage.py synthesize_history --years N`: years of a club's finished games, for measuring.

It adds to what is there (members are reused, games added), so run it on a scratch database.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.commands import add_club_option, club_from_option
from league.synthesis.history import Synthesizer

BAR_WIDTH = 30


class ProgressBar:
    """A one-line textual bar on stderr, redrawn in place: `[#####.....] 50% 1000/2000`."""

    def __init__(self, write: Callable[[str], object]) -> None:
        self.write = write
        self.started = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        filled = BAR_WIDTH * done // total
        elapsed = time.perf_counter() - self.started
        self.write(
            f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {100 * done // total:3d}% "
            f"{done}/{total} games, {elapsed:.0f} s"
        )
        if done >= total:
            self.write("\n")


class Command(BaseCommand):
    help = "Fill the database with years of a club's finished games, played by the rules engine."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--years", type=int, required=True, help="years of history")
        parser.add_argument(
            "--games-per-year", type=int, default=2000, help="finished games a year (2000)"
        )
        parser.add_argument("--seed", type=int, default=1978, help="seed for the dice")
        parser.add_argument(
            "--no-signatures", action="store_true", help="leave the sheets unsigned"
        )
        add_club_option(parser, what="history is made")

    def handle(self, *args: Any, **options: Any) -> None:
        years, per_year = options["years"], options["games_per_year"]
        if not 1 <= years <= 50:
            raise CommandError("--years must be from 1 to 50.")
        if not 1 <= per_year <= 100_000:
            raise CommandError("--games-per-year must be from 1 to 100000.")
        synthesizer = Synthesizer(
            club=club_from_option(options["club"]),
            seed=options["seed"],
            signatures=not options["no_signatures"],
        )
        made = synthesizer.run(
            years=years, games_per_year=per_year, progress=ProgressBar(self._to_stderr)
        )
        self.stdout.write(
            f"Synthesized {made.games} finished games ({made.turns} turns, "
            f"{made.signatures} signatures) for {made.members} members over {years} year(s); "
            f"{made.debts} rounds owed or bought, {made.claims} register claims, "
            f"{made.seasons} new seasons."
        )

    def _to_stderr(self, text: str) -> None:
        self.stderr.write(text, ending="")
        self.stderr.flush()
