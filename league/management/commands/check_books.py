"""`manage.py check_books`: every game's books compared with what its record implies.

Read-only unless `--repair`: then each inconsistent game is booked afresh by the house rules it
keeps (idempotently, one transaction a game, so a long repair can be stopped and run again), and
the season standings, when they differ, are summed afresh in one transaction (readers see the
old lines until it commits; a failure leaves them as they were). `--rebuild-figures` works
every member's winning runs and box tallies out again from the kept rows (after an upgrade that
adds such figures; what `backfill_results` did).

`--club SLUG` checks (and repairs) that club's books only. Without it, a server's clubs are
checked one after the other, each announced by name. The ratings and the figures that
`--rebuild-figures` works out span every club a person plays in: they are the server's, checked
(and rebuilt) only when every club is.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from clubs.commands import add_club_option, club_from_option
from clubs.models import Club
from league.checks import (
    check_games,
    checked_games,
    kind_count_inconsistencies,
    standing_inconsistencies,
)
from league.models import Season
from league.services.books import repair_game
from league.services.figures import rebuild_all_figures
from league.services.standings import rebuild_standings
from league.services.tallies import recount_kind_tallies
from league.upper_books import upper_books


class Command(BaseCommand):
    help = (
        "Compare every game's stored results, drinks debts and register claims with what its "
        "record implies; print each inconsistency and exit 1 when there is any. --repair books "
        "what is missing (idempotent). --club SLUG: one club's books only."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        add_club_option(parser, what="books to check (every club in turn when left out)")
        parser.add_argument(
            "--repair", action="store_true", help="Book each inconsistent game afresh."
        )
        parser.add_argument(
            "--rebuild-figures",
            action="store_true",
            help="Rebuild every winning run and box tally from the result rows (with --repair; "
            "the whole server's, so not with --club on a server of several clubs).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["rebuild_figures"] and not options["repair"]:
            raise CommandError("--rebuild-figures writes: give --repair with it.")
        repair = options["repair"]
        if options["club"]:
            clubs = [club_from_option(options["club"])]
            whole_server = not Club.objects.exclude(pk=clubs[0].pk).exists()
        else:
            clubs = list(Club.objects.order_by("slug"))
            whole_server = True
        if options["rebuild_figures"] and not whole_server:
            raise CommandError(
                "--rebuild-figures rebuilds the whole server's figures (a person's runs span "
                "their clubs): give it without --club."
            )
        inconsistent = standings = left = 0
        for club in clubs:
            if len(clubs) > 1:
                self.stdout.write(f"Club {club.name} (/c/{club.slug}/):")
            found = self._check_club(club, repair=repair)
            inconsistent += found[0]
            standings += found[1]
            left += found[2]
        if repair and options["rebuild_figures"]:
            changed = rebuild_all_figures()
            self.stdout.write(f"Winning runs and box tallies rebuilt ({changed} runs changed).")
        upper = 0
        if whole_server:
            # The books above the league (the ratings) against a full recomputation, once the
            # league's own rows they follow are repaired; with --repair, replaced by it.
            upper = self._check_upper_books(repair=repair)
        else:
            self.stdout.write(
                "The ratings are the whole server's: check_books without --club checks them."
            )
        if repair:
            if left:
                raise CommandError(f"{left} games still need the secretary (see the lines above).")
        elif inconsistent or standings or upper:
            raise CommandError(
                f"{inconsistent} inconsistent games, {standings} standings lines and game "
                f"counts differing, {upper} books above the league differing: run check_books "
                "--repair."
            )

    def _check_club(self, club: Club, *, repair: bool) -> tuple[int, int, int]:
        """The club's games and season standings checked (and with `repair` repaired): how many
        games were inconsistent, standings lines differed, games are left inconsistent."""
        games = checked = 0
        inconsistent = []
        club_games = checked_games().filter(club=club)
        for game, found in check_games(club_games.iterator(chunk_size=200)):
            checked += 1
            games += game.is_finished
            for problem in found:
                self.stdout.write(str(problem))
            if found:
                inconsistent.append(game)
        self.stdout.write(
            f"Checked {checked} games ({games} finished): {len(inconsistent)} inconsistent."
        )
        standings = standing_inconsistencies(club)
        for line in standings:
            self.stdout.write(line)
        self.stdout.write(f"Season standings: {len(standings)} lines differ from their games.")
        kinds = kind_count_inconsistencies(club)
        for line in kinds:
            self.stdout.write(line)
        self.stdout.write(f"Finished games by kind: {len(kinds)} counts differ from the games.")
        if not repair:
            return len(inconsistent), len(standings) + len(kinds), 0
        for game in inconsistent:
            repair_game(game=game)
        self.stdout.write(f"Repaired {len(inconsistent)} games.")
        if standings:
            with transaction.atomic():
                written = sum(
                    rebuild_standings(season=season)
                    for season in Season.objects.filter(club=club).order_by("pk")
                )
            self.stdout.write(f"Season standings summed afresh: {written} lines.")
        if kinds:
            recount_kind_tallies(club_id=club.pk)
            self.stdout.write("Finished games by kind counted afresh.")
        left = [
            g
            for g, found in check_games(club_games.filter(pk__in=[g.pk for g in inconsistent]))
            if found
        ]
        self.stdout.write(f"Still inconsistent after the repair: {len(left)}.")
        return len(inconsistent), len(standings), len(left)

    def _check_upper_books(self, *, repair: bool) -> int:
        """Each book above the league checked (and with `repair` rebuilt); how many differ."""
        differing = 0
        for book in upper_books():
            lines = book.check(repair=repair)
            for line in lines:
                self.stdout.write(line)
            differing += bool(lines)
            state = "differs from" if lines else "agrees with"
            self.stdout.write(f"The {book.name} book {state} a full recomputation.")
            if lines and repair:
                self.stdout.write(f"The {book.name} book was rebuilt from it.")
        return differing
