"""A tournament or club night: its entrants, and its rounds of drawn tables, each table one
normal scoring Game once the organiser starts it.

The draw itself is tournaments.draw (pure); tournaments.services writes these rows and
tournaments.selectors reads the day's standings from the games' stored results.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubScopedManager
from scoring.models import RULESET_CHOICES, RULESET_KEYS, Game, Member
from tournaments.draw import MAX_ROUNDS, MAX_TABLE, MIN_TABLE
from tournaments.tiebreakers import validate_tiebreakers


class Tournament(models.Model):
    # The club that holds the day: its pages, its members as entrants, its games.
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(_("name"), max_length=100)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    ruleset = models.CharField(_("game"), max_length=10, choices=RULESET_CHOICES)
    options = models.JSONField(default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(_("players a table"), default=5)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=3)
    swiss = models.BooleanField(
        _("draw later rounds by the standings"),
        default=False,
        help_text=_("Swiss: from round 2, players of similar rank sit together."),
    )
    public = models.BooleanField(_("public"), default=False)
    tiebreakers = models.JSONField(
        _("tie-breakers"),
        default=list,
        validators=[validate_tiebreakers],
    )
    """The standings' order: the first breaker ranks, each next one orders who is still level
    (tournaments.ranking.BREAKERS keys)."""
    ranked_by = models.CharField(
        _("rank by"),
        max_length=8,
        choices=[("total", _("total points")), ("average", _("average points a game"))],
        default="total",
        help_text=_(
            "Average: a player who missed rounds (a late entry, a drop-out, a void) is "
            "ranked on the games they played."
        ),
    )
    """Whether the summed figures (points, score, wins, Baluts) rank as they are or per game
    played (tournaments.selectors.standings)."""
    min_games = models.PositiveSmallIntegerField(
        _("games to be ranked"),
        default=0,
        help_text=_("Players with fewer games are listed apart, not ranked."),
    )
    seed = models.PositiveIntegerField()
    """The draw's seed: the same seed and entrants always give the same tables."""
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(starts_on__lte=F("ends_on")),
                name="tournament_starts_before_it_ends",
                violation_error_message=_("A tournament ends on or after the day it starts."),
            ),
            models.CheckConstraint(
                condition=Q(table_size__gte=MIN_TABLE, table_size__lte=MAX_TABLE),
                name="tournament_table_size_3_to_8",
                violation_error_message=_("A table seats 3 to 8 players."),
            ),
            models.CheckConstraint(
                condition=Q(rounds__gte=1, rounds__lte=MAX_ROUNDS),
                name="tournament_rounds_1_to_30",
                violation_error_message=_("A tournament has 1 to 30 rounds."),
            ),
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="tournament_ruleset_known"
            ),
            models.CheckConstraint(
                condition=Q(ranked_by__in=["total", "average"]), name="tournament_ranked_by_known"
            ),
            models.CheckConstraint(
                condition=Q(min_games__lte=MAX_ROUNDS),
                name="tournament_min_games_at_most_rounds",
                violation_error_message=_("A player is ranked after at most 30 games."),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """A player of the day: a member, or a guest by name. Numbered 1.. in order of entry.

    A member of another club of the server plays as themself (their results follow them to
    their own club) without becoming a member of the organising club; `plays_for` names the
    club they come from, shown beside their name on every page and print of the day."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    number = models.PositiveSmallIntegerField()
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    name = models.CharField(_("name"), max_length=40)
    plays_for = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    """The other club of the server a visiting member comes from; none for the organising
    club's own members and for guests."""
    apart = models.CharField(
        _("keep apart"),
        max_length=40,
        blank=True,
        help_text=_("Entrants with the same word here (a family, a club) never share a table."),
    )
    joined_round = models.PositiveSmallIntegerField(default=1)
    """The first round the entrant plays: above 1 for a late entry or a substitute."""
    left_after = models.PositiveSmallIntegerField(null=True, blank=True)
    """The last round the entrant played before dropping out; none while they play on."""

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entrant_number_once"),
            models.UniqueConstraint(fields=["tournament", "name"], name="entrant_name_once"),
            models.UniqueConstraint(
                fields=["tournament", "member"],
                condition=Q(member__isnull=False),
                name="entrant_member_once",
            ),
            models.CheckConstraint(condition=Q(joined_round__gte=1), name="entrant_joins_round"),
            models.CheckConstraint(
                condition=Q(plays_for__isnull=True) | Q(member__isnull=False),
                name="entrant_visiting_club_is_a_members",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def club_name(self) -> str:
        """The visiting member's club, or "" (select_related("plays_for") where it is read)."""
        return self.plays_for.name if self.plays_for is not None else ""

    @property
    def label(self) -> str:
        """The name with a visiting member's club beside it, as the prints show it."""
        return f"{self.name} ({self.club_name})" if self.club_name else self.name

    def plays_in(self, round_number: int) -> bool:
        return self.joined_round <= round_number and (
            self.left_after is None or round_number <= self.left_after
        )


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="drawn")
    number = models.PositiveSmallIntegerField()
    method = models.CharField(max_length=80, blank=True)
    """How the draw was made (a design's name, local search, Swiss)."""
    repeats = models.PositiveIntegerField(default=0)
    final = models.BooleanField(default=False)
    """The final table after the last round: one table of the top players, whose game decides
    the top places (tournaments.services.final)."""
    explanations = models.JSONField(default=list, blank=True)
    """Each pair the draw seated together again (or kept apart but together) in this round,
    with the engine's reason in codes and numbers (tournaments.wording words it)."""
    drawn_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_from_one"),
            models.UniqueConstraint(
                fields=["tournament"], condition=Q(final=True), name="one_final_a_tournament"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.PROTECT, related_name="tournament_table"
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class Seat(models.Model):
    """An entrant's seat at a table of a round; seat 0 starts (and scores, if a member)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="seat_once_a_table"),
            models.UniqueConstraint(fields=["round", "entrant"], name="entrant_once_a_round"),
        ]

    def __str__(self) -> str:
        return f"{self.entrant} at {self.table}, seat {self.seat + 1}"


class ReplacedGame(models.Model):
    """A table's voided game, kept when the table plays again: the table's game is the
    replay, and this row says which game it replaced and when (the void stays readable)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="replaced")
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="+")
    replaced_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "replaced_at"]

    def __str__(self) -> str:
        return f"{self.table}: game {self.game_id} replaced"


class HandResult(models.Model):
    """A voided table's result as the secretary entered it by hand (the paper the table kept,
    a game abandoned near its end): each player's score, game points where the game has them,
    and the place the scores give. The standings count it as the table's game."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hand_results")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="hand_results")
    score = models.IntegerField(_("score"))
    points = models.IntegerField(_("points"), null=True, blank=True)
    rank = models.PositiveSmallIntegerField()
    reason = models.TextField(_("reason"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "rank", "entrant"]
        constraints = [
            models.UniqueConstraint(fields=["table", "entrant"], name="hand_result_once_a_seat"),
            models.CheckConstraint(condition=Q(rank__gte=1), name="hand_result_rank_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.entrant} {self.score}"
