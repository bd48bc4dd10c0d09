"""`manage.py draw_tables --players N --table-size K --rounds R [--seed S] [--apart "1,2;5,6"]
[--swiss] [--json]`: the tournament draw the pages use, for players numbered 1..N.

With --swiss, the first round is drawn as usual and each later round by the standings; the
command has no results, so its standings are the players' numbers (player 1 leading).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.draw import MAX_DRAW_ROUNDS, PLANNING_EFFORT, Draw, DrawError, draw
from tournaments.draw.explain import Repeat

INVALID_EXIT_STATUS = 2
# A safety stop under the minute a planner waits; a draw that reaches it says so.
TIME_CAP_SECONDS = 40.0


def refuse(message: str) -> CommandError:
    return CommandError(message, returncode=INVALID_EXIT_STATUS)


def parse_apart(text: str, players: int) -> list[list[int]]:
    """Groups kept apart, "1,2;5,6,7": players of a group never share a table if it can be
    helped."""
    groups = []
    for part in text.split(";"):
        if not part.strip():
            continue
        try:
            group = [int(number) for number in part.split(",")]
        except ValueError as error:
            raise CommandError(
                f'--apart takes groups of player numbers like "1,2;5,6", not {text!r}',
                returncode=INVALID_EXIT_STATUS,
            ) from error
        outside = [p for p in group if not 1 <= p <= players]
        if outside:
            raise CommandError(
                f"--apart names player {outside[0]}, but the players are numbered 1 to {players}",
                returncode=INVALID_EXIT_STATUS,
            )
        twice = sorted({p for p in group if group.count(p) > 1})
        if twice:
            raise refuse(f"--apart names player {twice[0]} twice in the group {part.strip()!r}")
        if len(group) < 2:
            raise refuse(f"--apart groups need two players or more, not {part.strip()!r}")
        groups.append(group)
    return groups


def describe(repeat: Repeat) -> str:
    a, b = repeat.players
    rounds = ", ".join(str(r + 1) for r in repeat.rounds)
    reasons = {
        "forced": f"player {repeat.player} sits with {repeat.seats_met} players over the rounds "
        f"but only {repeat.others} others may share a table with them",
        "crowded": "a table seats more players than there are tables, so some of its players "
        "sat together in the round before",
        "history": "they met in a round already played and no other table was left",
        "search": "no known design fits these numbers and the search found no draw without it",
        "apart_forced": "kept apart, but their group is larger than the number of tables",
        "apart_search": "kept apart, but the search found no draw honouring it",
    }
    return f"players {a} and {b} (round {rounds}): {reasons[repeat.reason]}"


class Command(BaseCommand):
    help = (
        "Draw the tables of a tournament for players numbered 1..N and print them: with --json "
        '{"rounds": [[[player, ...], ...], ...], "repeats": n, "lower_bound": n, "method": "...", '
        '"stopped_early": false}, the seats in starting order. Writes nothing.'
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True, help="entrants, 2 or more")
        parser.add_argument("--table-size", type=int, required=True, help="seats a table, 3-8")
        parser.add_argument(
            "--rounds", type=int, required=True, help=f"rounds, 1-{MAX_DRAW_ROUNDS}"
        )
        parser.add_argument("--seed", type=int, default=0, help="the same seed, the same draw")
        parser.add_argument(
            "--apart", default="", help='groups kept apart, e.g. "1,2;5,6,7" (players 1..N)'
        )
        parser.add_argument(
            "--swiss",
            action="store_true",
            help="draw rounds after the first by the standings (here the players' numbers)",
        )
        parser.add_argument("--json", action="store_true", help="print JSON only")

    def handle(self, *args: Any, **options: Any) -> None:
        players: int = options["players"]
        table_size: int = options["table_size"]
        if options["seed"] < 0:
            raise refuse(f"--seed is a whole number 0 or more, not {options['seed']}")
        if 2 <= players < table_size:
            raise refuse(
                f"{players} players cannot fill a table of {table_size}: "
                "--players must be at least --table-size"
            )
        apart = parse_apart(options["apart"], players)
        try:
            result = self.draw(
                players=players,
                table_size=table_size,
                rounds=options["rounds"],
                seed=options["seed"],
                apart=apart,
                swiss=options["swiss"],
            )
        except DrawError as error:
            raise CommandError(str(error), returncode=INVALID_EXIT_STATUS) from error
        rounds = [[list(table) for table in tables] for tables in result.rounds]
        if options["json"]:
            printed = {
                "rounds": rounds,
                "repeats": result.repeats,
                "lower_bound": result.lower_bound,
                "method": result.method,
                "stopped_early": result.stopped_early,
            }
            self.stdout.write(json.dumps(printed))
            return
        self.stdout.write(
            f"{result.method}: {result.repeats} repeated pairs "
            f"(no draw of these rounds has fewer than {result.lower_bound})"
        )
        if result.stopped_early:
            self.stdout.write(f"The search stopped at its safety cap of {TIME_CAP_SECONDS:.0f} s.")
        for number, tables in enumerate(rounds, start=1):
            self.stdout.write(f"Round {number}")
            for table_number, table in enumerate(tables, start=1):
                self.stdout.write(f"  table {table_number}: {', '.join(map(str, table))}")
        for repeat in result.explanations:
            self.stdout.write(describe(repeat))

    @staticmethod
    def draw(
        *,
        players: int,
        table_size: int,
        rounds: int,
        seed: int,
        apart: list[list[int]],
        swiss: bool,
    ) -> Draw:
        entrants = range(1, players + 1)
        planning = {
            "table_size": table_size,
            "seed": seed,
            "apart": apart,
            "effort": PLANNING_EFFORT,
            "time_cap": TIME_CAP_SECONDS,
        }
        if not swiss or rounds == 1:
            return draw(entrants, rounds=rounds, **planning)  # type: ignore[arg-type]
        first = draw(entrants, rounds=1, **planning)  # type: ignore[arg-type]
        later = draw(
            entrants,
            rounds=rounds - 1,
            history=first.rounds,
            standings=list(entrants),
            **planning,  # type: ignore[arg-type]
        )
        return Draw(
            rounds=first.rounds + later.rounds,
            repeats=first.repeats + later.repeats,
            apart_broken=first.apart_broken + later.apart_broken,
            # The later draw counts its rounds from 0: they follow the first round.
            explanations=first.explanations
            + tuple(
                replace(repeat, rounds=tuple(r + 1 for r in repeat.rounds))
                for repeat in later.explanations
            ),
            method=later.method,
            lower_bound=first.lower_bound + later.lower_bound,
            stopped_early=first.stopped_early or later.stopped_early,
        )
