"""`manage.py cup_draw --teams N [--seeded K] [--seed S] [--json]`: a cup's first round.

With --json it prints `{"size": 8, "rounds": ["Quarter-finals", ...], "pairs": [[home, away],
...], "byes": [team, ...]}`, teams numbered 1..N (1..K seeded); without it, one line a tie for a
person to read. The same seed draws the same bracket. Read-only: it touches no data.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from teams.cup import CupError, draw_bracket, round_name, round_size


class Command(BaseCommand):
    help = (
        "Print the first round of a knock-out cup of N teams (numbered 1..N, 1..K seeded): byes "
        "up to the next power of two, to the seeded teams first; --seed repeats a draw."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--teams", type=int, required=True, help="How many teams (2-256).")
        parser.add_argument("--seeded", type=int, default=0, help="Teams 1..K are seeded.")
        parser.add_argument("--seed", type=int, default=0, help="The draw's random seed.")
        parser.add_argument(
            "--json",
            action="store_true",
            help='Print {"pairs": [[home, away], ...], "byes": [...]}.',
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            bracket = draw_bracket(options["teams"], seeded=options["seeded"], seed=options["seed"])
        except CupError as refusal:
            raise CommandError(str(refusal)) from None
        names = [
            round_name(round_size(bracket.size, number)) for number in range(1, bracket.rounds + 1)
        ]
        if options["json"]:
            document = {
                "size": bracket.size,
                "rounds": names,
                "pairs": [list(pair) for pair in bracket.pairs],
                "byes": bracket.byes,
            }
            self.stdout.write(json.dumps(document))
            return
        self.stdout.write(f"{names[0]}:")
        for tie in bracket.first_round:
            self.stdout.write(
                f"  {tie.home} bye" if tie.away is None else f"  {tie.home} v {tie.away}"
            )
