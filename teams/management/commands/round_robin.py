"""`manage.py round_robin --teams N [--double] [--json]`: the round-robin schedule of N teams.

With --json it prints exactly `{"rounds": [[[home, away], ...], ...]}`, teams numbered 1..N and
byes left out; without it, one line a round for a person to read. Read-only: it touches no data.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from teams.schedule import ScheduleError, round_robin


class Command(BaseCommand):
    help = (
        "Print the round-robin schedule of N teams (numbered 1..N): every pair meets once a leg, "
        "home and away balanced with the fewest breaks; --double adds the return leg."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--teams", type=int, required=True, help="How many teams (2-100).")
        parser.add_argument(
            "--double", action="store_true", help="Two legs, the second with home and away swapped."
        )
        parser.add_argument(
            "--json", action="store_true", help='Print {"rounds": [[[home, away], ...], ...]}.'
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            rounds = round_robin(options["teams"], double=options["double"])
        except ScheduleError as refusal:
            raise CommandError(str(refusal)) from None
        if options["json"]:
            self.stdout.write(json.dumps({"rounds": rounds}))
            return
        for number, games in enumerate(rounds, start=1):
            pairings = ", ".join(f"{home} v {away}" for home, away in games)
            self.stdout.write(f"Round {number}: {pairings}")
