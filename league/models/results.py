"""Seasons, and the figures kept of every finished game so statistics are plain queries.

Everything here but Season is derived from the rules engine's result of each game and rewritten
by league.services.results whenever a game finishes or changes; nothing else writes it.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubScopedManager
from scoring.models import RULESET_CHOICES, RULESET_KEYS, Game, GamePlayer, Member
from scoring.rules import RULESETS


class Season(models.Model):
    """A stretch of the calendar the standings are kept over; both days count."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=60)
    starts_on = models.DateField()
    ends_on = models.DateField()

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_once_per_club"),
            models.CheckConstraint(
                condition=Q(starts_on__lte=F("ends_on")),
                name="season_starts_before_it_ends",
                violation_error_code="ends_before_start",
                violation_error_message=_("A season ends on or after the day it starts."),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PlayerResultRow(models.Model):
    """One seat's figures in a finished game, exactly as the engine's GameResult gives them.

    Kept (and rewritten after every correction) by league.services.results so that standings,
    the player page and the club's records are plain queries instead of replaying every game.
    """

    # Derived from the game's turns, never edited: it goes with the game and its seats.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="result_rows")
    # The game's club, kept beside it so a club's records and standings read one table's index.
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(GamePlayer, on_delete=models.CASCADE, related_name="result_rows")
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="result_rows"
    )
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    started_at = models.DateTimeField()
    month = models.DateField()
    """The first day of the month the game started in, in the club's time zone: the player
    page's chart adds totals up by month without converting every game's time."""
    finished_at = models.DateTimeField()
    score = models.IntegerField()
    points = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField()
    baluts = models.PositiveSmallIntegerField(default=0)
    game_baluts = models.PositiveSmallIntegerField(default=0)
    """Every seat's Baluts in this game together: the record for a game is one indexed read."""
    boxes = models.JSONField(default=dict, blank=True)
    """The seat's box scores, box by box, as the engine's result gives them: what the game adds
    to the member's tallies (BoxTally), and takes off again when it is corrected."""
    won = models.BooleanField()
    last = models.BooleanField()
    winning_run = models.PositiveIntegerField(default=0)
    """The member's wins in a row in this kind of game, by start time, ending with this one."""
    run_started = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["game", "player"]
        indexes = [
            models.Index(fields=["ruleset", "finished_at"], name="result_ruleset_finished"),
            models.Index(fields=["club", "ruleset", "-score"], name="result_club_top_score"),
            models.Index(fields=["club", "ruleset", "score"], name="result_club_low_score"),
            models.Index(fields=["member", "ruleset", "started_at"], name="result_member_kind"),
            models.Index(fields=["member", "started_at", "game"], name="result_member_games"),
            # The same in one club (the player page of a club): on a federation PostgreSQL took
            # the member's index and sorted all their games, guessing few were of the club.
            models.Index(
                fields=["club", "member", "started_at", "game"], name="result_club_member_games"
            ),
            # A member's best and worst total of each kind, one step down an index each.
            models.Index(
                fields=["member", "ruleset", "-score", "started_at"], name="result_member_best"
            ),
            models.Index(
                fields=["member", "ruleset", "score", "started_at"], name="result_member_worst"
            ),
            # One per record, in the record's own order (the figure, then who set it first), so
            # that even a figure shared by thousands of rows is one step down the index.
            models.Index(fields=["ruleset", "score", "started_at"], name="result_kind_score"),
            models.Index(fields=["ruleset", "-score", "started_at"], name="result_kind_top_score"),
            models.Index(
                fields=["ruleset", "-baluts", "started_at"], name="result_kind_top_baluts"
            ),
            models.Index(
                fields=["ruleset", "-game_baluts", "started_at"], name="result_kind_top_game_baluts"
            ),
            models.Index(
                fields=["ruleset", "-winning_run", "started_at"], name="result_kind_top_run"
            ),
        ]
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="result_once_per_seat"),
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="result_ruleset_known"
            ),
            models.CheckConstraint(condition=Q(rank__gte=1), name="result_rank_from_one"),
            models.CheckConstraint(
                condition=Q(won=True, rank=1) | Q(won=False, rank__gt=1),
                name="result_won_exactly_when_first",
            ),
            # A game without a Balut box (4-Dice Barbut) has no Baluts to count.
            *(
                models.CheckConstraint(
                    condition=~Q(ruleset=info.key) | Q(baluts=0),
                    name=f"result_no_baluts_in_{info.key}",
                )
                for info in RULESETS
                if not info.counts_baluts
            ),
            models.CheckConstraint(
                condition=Q(game_baluts__gte=F("baluts")), name="result_game_baluts_include_own"
            ),
            # Only a member's win continues a run; a guest's or a loss has none.
            models.CheckConstraint(
                condition=Q(winning_run=0) | Q(won=True, member__isnull=False),
                name="result_run_only_for_a_members_win",
            ),
            models.CheckConstraint(
                condition=Q(winning_run=0, run_started__isnull=True)
                | Q(winning_run__gte=1, run_started__isnull=False),
                name="result_run_has_a_first_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.game}: {self.score} (rank {self.rank})"


class SeasonStanding(models.Model):
    """One member's line in a season's standings for one kind of game: the aggregates of their
    result rows finished within the season, so the standings page reads a few rows instead of
    adding up years of games. `total` and `best` are of the figure the game ranks by (points
    for the games ranked by points, else the score).

    Rewritten for the game's members and seasons by league.services.standings in the
    transaction that stores a game's rows, and for a whole season when its dates change;
    `manage.py check_books` compares them with a fresh sum.
    """

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="+")
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    lasts = models.PositiveIntegerField()
    baluts = models.PositiveIntegerField()
    total = models.BigIntegerField()
    best = models.IntegerField()

    class Meta:
        ordering = ["season", "ruleset", "member"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "ruleset", "member"], name="standing_once_per_member"
            ),
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="standing_ruleset_known"
            ),
            models.CheckConstraint(
                condition=Q(games__gte=1, wins__lte=F("games"), lasts__lte=F("games")),
                name="standing_counts_of_games",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} in {self.season} ({self.ruleset}): {self.games} games"


class GameBooking(models.Model):
    """What book_game last booked for a game, stamped in the same transaction: the game's
    content fingerprint and state then, and a summary of the books it wrote. The health check
    compares it with the game and its books as they stand (one query) and replays only the
    games they disagree on, instead of every game changed lately."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="booking"
    )
    fingerprint = models.CharField(max_length=64, blank=True)
    finished = models.BooleanField()
    void = models.BooleanField()
    rows = models.PositiveSmallIntegerField()
    score_sum = models.BigIntegerField()
    debts = models.PositiveIntegerField()
    """Debts standing for the game (not voided, still held): what the ledger check compares."""

    def __str__(self) -> str:
        return f"booking of {self.game_id}: {self.rows} rows, {self.debts} debts"
