"""`manage.py ratings [--ruleset KEY] [--json]`: the rating list, as the pages rank it.

With `--json`, a list of `{"person", "ruleset", "mu", "sigma", "games"}` (the person's name as
the sheets print it: a member's "goes by" name, a guest's name), members of each ruleset by
rating (mu - 3 sigma), then its guests; without, a plain table.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from clubs.commands import add_club_option, club_from_option
from ratings.selectors import rating_lines
from scoring.models import RULESET_KEYS


class Command(BaseCommand):
    help = "Print the rating list (every person's skill rating per kind of game)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--ruleset", choices=RULESET_KEYS, help="only this kind of game (default: all)"
        )
        parser.add_argument("--json", action="store_true", help="print JSON")
        add_club_option(parser, what="members and guests are listed")

    def handle(self, *args: Any, **options: Any) -> None:
        lines = rating_lines(club_from_option(options["club"]), options["ruleset"])
        if options["json"]:
            data = [
                {
                    "person": line.name,
                    "ruleset": line.ruleset,
                    "mu": line.mu,
                    "sigma": line.sigma,
                    "games": line.games,
                }
                for line in lines
            ]
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=1))
            return
        for line in lines:
            guest = " (guest)" if line.guest else ""
            self.stdout.write(
                f"{line.ruleset:8} {line.place:4} {line.name + guest:30} {line.rating:7.2f} "
                f"mu {line.mu:6.2f} sigma {line.sigma:5.2f} {line.games:5} games"
            )
