"""A match: a fixture played. Its players by team and number, the scoring games at its tables,
the captains' signatures on its card, and the disputes a captain raises instead of signing."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.models import Game, Member
from teams.match_rules import Side
from teams.models.competitions import Fixture, Team

SIDE_CHOICES = [(Side.HOME.value, _("Home")), (Side.AWAY.value, _("Away"))]


class Match(models.Model):
    fixture = models.OneToOneField(Fixture, on_delete=models.PROTECT, related_name="match")
    started_at = models.DateTimeField()
    started_by = models.ForeignKey(
        "auth.User", on_delete=models.PROTECT, related_name="started_matches"
    )
    # Set with the second captain's signature: the card's code, as on a signed score sheet.
    verification_code = models.CharField(max_length=12, blank=True)
    signed_at = models.DateTimeField(null=True, blank=True)
    # The teams' totals, kept when the card is signed, so the tables are sums of kept figures.
    home_score = models.IntegerField(null=True, blank=True)
    away_score = models.IntegerField(null=True, blank=True)
    # Set when a correction of a table's game changed what the captains had signed: their
    # signatures went with it and they sign the corrected card again (teams.services.reopening).
    reopened_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return str(self.fixture)

    @property
    def is_signed(self) -> bool:
        return bool(self.verification_code)


class MatchPlayer(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="players")
    side = models.CharField(max_length=4, choices=SIDE_CHOICES)
    slot = models.PositiveSmallIntegerField()
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="match_places")
    # Kept when the card is signed: the player's place at their table and what it earned.
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    earned = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "side", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["match", "side", "slot"], name="one_player_a_slot"),
            models.UniqueConstraint(fields=["match", "member"], name="plays_once_a_match"),
            models.CheckConstraint(condition=Q(slot__gte=1), name="slot_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.side} {self.slot}: {self.member}"


class MatchGame(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    table = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="team_match")

    class Meta:
        ordering = ["match", "table"]
        constraints = [
            models.UniqueConstraint(fields=["match", "table"], name="one_game_a_table"),
        ]

    def __str__(self) -> str:
        return f"{self.match} #{self.table}"


class CardSignature(models.Model):
    """A captain's signature on the match card, by PIN on the tablet."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="signatures")
    side = models.CharField(max_length=4, choices=SIDE_CHOICES)
    captain = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="card_signatures")
    signed_at = models.DateTimeField()
    # A digest of the card's figures as the captain saw them (teams.selectors.figures_digest):
    # a correction that leaves them alone keeps the signature, one that changes them ends it.
    figures = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["match", "signed_at"]
        constraints = [
            models.UniqueConstraint(fields=["match", "side"], name="one_signature_a_side"),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.captain}"


class Dispute(models.Model):
    """A captain's challenge to the card, for the home club's secretary to settle."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="disputes")
    side = models.CharField(max_length=4, choices=SIDE_CHOICES)
    raised_by = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="disputes")
    reason = models.TextField(_("reason"))
    raised_at = models.DateTimeField()
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-raised_at"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="a_dispute_says_why"),
            # One open dispute a side: a second would only repeat the first.
            models.UniqueConstraint(
                fields=["match", "side"],
                condition=Q(resolved_at__isnull=True),
                name="one_open_dispute_a_side",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.reason[:40]}"


class CardReopening(models.Model):
    """A signed (or half-signed) card a correction changed: what it said before, kept so the old
    verification code still answers ("corrected after signing") and the history shows it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reopenings")
    verification_code = models.CharField(max_length=12, blank=True, db_index=True)
    home_score = models.IntegerField(null=True, blank=True)
    away_score = models.IntegerField(null=True, blank=True)
    reopened_at = models.DateTimeField()

    class Meta:
        ordering = ["-reopened_at"]

    def __str__(self) -> str:
        return f"{self.match} ({self.reopened_at:%Y-%m-%d})"


class Walkover(models.Model):
    """A fixture decided without a match: a team did not show (or could not field a team) and
    the organiser's secretary gave the match to the other. It counts in the table as a win by
    the walkover score (teams.match_rules.walkover_score)."""

    fixture = models.OneToOneField(Fixture, on_delete=models.CASCADE, related_name="walkover")
    winner = models.CharField(max_length=4, choices=SIDE_CHOICES)
    reason = models.TextField(_("reason"))
    given_by = models.ForeignKey("auth.User", on_delete=models.PROTECT, related_name="+")
    given_at = models.DateTimeField()
    home_score = models.IntegerField()
    away_score = models.IntegerField()

    class Meta:
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="a_walkover_says_why"),
        ]

    def __str__(self) -> str:
        return f"{self.fixture}: walkover ({self.winner})"

    @property
    def winning_team(self) -> Team:
        return self.fixture.home if self.winner == Side.HOME else self.fixture.away

    @property
    def absent_team(self) -> Team:
        return self.fixture.away if self.winner == Side.HOME else self.fixture.home


class LineupPlace(models.Model):
    """A player of a team's line-up chosen before the night: their place (`slot`, which seats
    them at a table by the match format) in the fixture's match for their side. The match start
    seats them (teams.services.lineups)."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="lineup")
    side = models.CharField(max_length=4, choices=SIDE_CHOICES)
    slot = models.PositiveSmallIntegerField()
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="lineup_places")
    chosen_by = models.ForeignKey("auth.User", on_delete=models.PROTECT, related_name="+")
    chosen_at = models.DateTimeField()

    class Meta:
        ordering = ["fixture", "side", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "side", "slot"], name="one_lineup_a_slot"),
            models.UniqueConstraint(fields=["fixture", "member"], name="in_one_lineup_once"),
            models.CheckConstraint(condition=Q(slot__gte=1), name="lineup_slot_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.fixture} {self.side} {self.slot}: {self.member}"


class ConcededGame(models.Model):
    """A table's game one side gave up during the match (a player ill, a train to catch): the
    card counts it as lost for that side, in words ("conceded by North A: player ill")."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="conceded")
    table = models.PositiveSmallIntegerField()
    side = models.CharField(max_length=4, choices=SIDE_CHOICES)
    reason = models.TextField(_("reason"))
    conceded_by = models.ForeignKey("auth.User", on_delete=models.PROTECT, related_name="+")
    conceded_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "table"]
        constraints = [
            models.UniqueConstraint(fields=["match", "table"], name="a_table_conceded_once"),
            models.CheckConstraint(condition=~Q(reason=""), name="a_concession_says_why"),
        ]

    def __str__(self) -> str:
        return f"{self.match} #{self.table}: conceded ({self.side})"
