"""Running sums of the kept results, per club and member: what the player page reads instead of
adding up a member's whole history on every visit.

Each is moved by league.services.tallies when a game's result rows change (its old figures
off, its new ones on) and can be rebuilt from the rows; nothing else writes them. A row whose
count falls to nought is deleted, so every row counts at least one game or box (but a kind's
count, KindTally, which stays at 0).
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q

from clubs.scoping import ClubScopedManager
from scoring.models import RULESET_CHOICES, RULESET_KEYS, Member


class BoxTally(models.Model):
    """How one member (or all guests together, member empty) filled one box of one kind of
    game over every finished game: sums of the engine's stored box scores, so the player page
    reads a handful of rows however many years of turns lie behind them."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.CASCADE, related_name="box_tallies"
    )
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    box = models.CharField(max_length=30)
    filled = models.PositiveIntegerField()
    total = models.BigIntegerField()
    scratches = models.PositiveIntegerField()

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["ruleset", "member", "box"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member", "ruleset", "box"], name="tally_once_per_member_box"
            ),
            # NULLs are distinct in a unique index: the guests' row needs its own.
            models.UniqueConstraint(
                fields=["club", "ruleset", "box"],
                condition=Q(member__isnull=True),
                name="tally_once_per_guest_box",
            ),
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="tally_ruleset_known"
            ),
            models.CheckConstraint(
                condition=Q(filled__gte=1, scratches__lte=F("filled")),
                name="tally_scratches_within_filled",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member or 'guests'}: {self.ruleset} {self.box} x{self.filled}"


class KindTally(models.Model):
    """How many finished games of one kind count in the club (a void one does not): the records
    page reads one row a kind instead of counting ten years of games on every visit. Moved by
    one with each game's first booking and its undoing; a row falling to nought is kept, with
    0, so the undoing is one update."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    games = models.PositiveIntegerField()

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["ruleset"]
        constraints = [
            models.UniqueConstraint(fields=["club", "ruleset"], name="kind_tally_once"),
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="kind_tally_ruleset_known"
            ),
            models.CheckConstraint(condition=Q(games__gte=0), name="kind_tally_not_below_nought"),
        ]

    def __str__(self) -> str:
        return f"{self.ruleset} x{self.games}"


class MonthTally(models.Model):
    """A member's finished games of one kind that started in one month (club's time zone)."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="month_tallies")
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    month = models.DateField()
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    baluts = models.PositiveIntegerField()
    total = models.BigIntegerField()
    """The games' totals added up: with `games`, the month's average."""

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["member", "ruleset", "month"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member", "ruleset", "month"], name="month_tally_once"
            ),
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="month_tally_ruleset_known"
            ),
            models.CheckConstraint(
                condition=Q(games__gte=1, wins__lte=F("games")), name="month_tally_wins_of_games"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member}: {self.ruleset} {self.month:%b %Y} x{self.games}"


class TotalBinTally(models.Model):
    """How many of a member's games of one kind ended with a total from `low` to `low` + 24."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="bin_tallies")
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    low = models.IntegerField()
    games = models.PositiveIntegerField()

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["member", "ruleset", "low"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member", "ruleset", "low"], name="bin_tally_once"
            ),
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="bin_tally_ruleset_known"
            ),
            models.CheckConstraint(condition=Q(games__gte=1), name="bin_tally_counts_a_game"),
        ]

    def __str__(self) -> str:
        return f"{self.member}: {self.ruleset} from {self.low} x{self.games}"


class RivalryTally(models.Model):
    """Finished games two members played together, and how often each of them won."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="rivalries")
    opponent = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    opponent_wins = models.PositiveIntegerField()

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["member", "-games", "opponent"]
        constraints = [
            models.UniqueConstraint(fields=["club", "member", "opponent"], name="rivalry_once"),
            models.CheckConstraint(
                condition=~Q(member=F("opponent")), name="rivalry_of_two_members"
            ),
            models.CheckConstraint(
                condition=Q(games__gte=1, wins__lte=F("games"), opponent_wins__lte=F("games")),
                name="rivalry_wins_of_games",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} against {self.opponent}: {self.games} games"
