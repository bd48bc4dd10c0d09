"""Members, games, their players and turns. The rules engine decides; these only keep.

Every invariant a service checks is mirrored by a database constraint, so two tablets
racing, or a script going round the services, still cannot double a turn or a seat.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from scoring.rules import MAX_PLAYERS, RULESET_TITLES


class Member(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="member"
    )
    name = models.CharField(max_length=100)
    known_as = models.CharField("goes by", max_length=40, unique=True)
    email = models.EmailField(blank=True)
    pin_hash = models.CharField(max_length=128, blank=True)
    is_active = models.BooleanField(default=True)
    failed_pin_attempts = models.PositiveSmallIntegerField(default=0)
    pin_locked_until = models.DateTimeField(null=True, blank=True)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["known_as"]

    def __str__(self) -> str:
        return self.known_as


class Ruleset(models.TextChoices):
    BALUT = "balut", RULESET_TITLES["balut"]
    JACKPOT = "jackpot", RULESET_TITLES["jackpot"]
    BAR = "bar", RULESET_TITLES["bar"]
    BARBUT4 = "barbut4", RULESET_TITLES["barbut4"]


class GameStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", "In progress"
    FINISHED = "finished", "Finished"


class Game(models.Model):
    ruleset = models.CharField(max_length=10, choices=Ruleset.choices)
    options = models.JSONField(default=dict, blank=True)
    friendly = models.BooleanField(default=False)
    status = models.CharField(
        max_length=12, choices=GameStatus.choices, default=GameStatus.IN_PROGRESS
    )
    scorer = models.ForeignKey(
        Member,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="scored_games",
    )
    imported = models.BooleanField(default=False)
    source = models.CharField(max_length=200, blank=True)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Moves with every recorded turn or correction: what pages poll and cache against.
    updated_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ruleset__in=Ruleset.values), name="game_ruleset_known"
            ),
            models.CheckConstraint(
                condition=(Q(status=GameStatus.FINISHED) & Q(finished_at__isnull=False))
                | (Q(status=GameStatus.IN_PROGRESS) & Q(finished_at__isnull=True)),
                name="game_finished_exactly_when_finish_time_set",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_ruleset_display()} #{self.pk}"

    @property
    def is_finished(self) -> bool:
        return self.status == GameStatus.FINISHED


class GamePlayer(models.Model):
    """A seat at the table: a member, or a guest known only by name."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    name = models.CharField(max_length=40)
    guess = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="player_seat_unique"),
            models.UniqueConstraint(fields=["game", "name"], name="player_name_unique"),
            models.UniqueConstraint(
                fields=["game", "member"],
                condition=Q(member__isnull=False),
                name="player_member_once_per_game",
            ),
            models.CheckConstraint(
                condition=Q(seat__lt=MAX_PLAYERS), name="player_seat_within_table"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_guest(self) -> bool:
        return self.member_id is None


class Turn(models.Model):
    """One recorded turn, kept as the game record writes it (`record`).

    `box` and `score` repeat what the rules engine made of it, for the register and
    statistics to query; services rewrite them whenever a correction changes the game.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveIntegerField()
    player = models.ForeignKey(GamePlayer, on_delete=models.PROTECT, related_name="turns")
    record = models.JSONField()
    box = models.CharField(max_length=30, blank=True)
    score = models.IntegerField()
    request_key = models.UUIDField(null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="turn_number_unique"),
            models.UniqueConstraint(
                fields=["game", "request_key"],
                condition=Q(request_key__isnull=False),
                name="turn_request_key_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} turn {self.number}"


class Correction(models.Model):
    """A recorded change to a turn: nothing is ever overwritten without one."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="corrections")
    turn = models.ForeignKey(Turn, on_delete=models.PROTECT, related_name="corrections")
    before = models.JSONField()
    after = models.JSONField()
    reason = models.TextField()
    corrected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    corrected_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "corrected_at", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="correction_has_reason"),
        ]

    def __str__(self) -> str:
        return f"Correction of {self.turn}"
