"""Teams, their competitions and fixtures: what a team league keeps before any match is played.

A competition (a league with divisions, or a cup) holds divisions; a division holds the teams
entered in it, each with a seed (its number in the round-robin schedule, teams.schedule); the
fixtures are drawn from that schedule. Every invariant the services check is mirrored by a
constraint here, so a script going round the services cannot double a team in a round.
"""

from __future__ import annotations

import uuid

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubScopedManager
from scoring.models import RULESET_CHOICES, Member
from scoring.rules import tiebreakers as vocabulary
from teams.match_rules import MAX_PLAYERS_PER_TEAM, Counting
from teams.tables import DEFAULT_BREAKERS, parse_breakers


def breaker_label(key: str) -> str:
    """What a reader calls a team table's tie-breaker (scoring.rules.tiebreakers)."""
    return gettext(vocabulary.label(key))


def validate_breakers(text: str) -> None:
    try:
        parse_breakers(text)
    except ValueError as error:
        raise ValidationError(_("Name each tie-breaker once, at least one.")) from error


class CompetitionKind(models.TextChoices):
    LEAGUE = "league", _("League")
    CUP = "cup", _("Cup")


class Organiser(models.TextChoices):
    CLUB = "club", _("The club")
    FEDERATION = "federation", _("The federation")


class Competition(models.Model):
    # The organising club: the competition's pages are its, its secretary keeps it. Teams of
    # other clubs of the server may play in it.
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="competitions")
    # Unique within the organising club: two clubs may each run a "Spring League".
    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(
        _("kind"), max_length=10, choices=CompetitionKind.choices, default=CompetitionKind.LEAGUE
    )
    # Two legs: every pair meets at home and away (the second leg mirrors the first).
    double_round_robin = models.BooleanField(_("home and away"), default=True)
    # The match format (teams.match_rules.MatchFormat): the game played, how many players a
    # team fields, how many sit at a table (half of each team), and what earns match points.
    ruleset = models.CharField(_("game"), max_length=10, choices=RULESET_CHOICES, default="balut")
    players_per_team = models.PositiveSmallIntegerField(_("players per team"), default=4)
    # A team's roster holds at least players_per_team + reserves when it is entered: a night
    # with one player ill still has a full team.
    reserves = models.PositiveSmallIntegerField(_("reserves a team names"), default=0)
    table_size = models.PositiveSmallIntegerField(_("players per table"), default=4)
    counting = models.CharField(
        _("counting"),
        max_length=10,
        choices=[
            (Counting.PLACES.value, _("Places at the table")),
            (Counting.POINTS.value, _("Game points")),
        ],
        default=Counting.PLACES.value,
    )
    # The team table's order, comma-separated keys of scoring.rules.tiebreakers.TEAM, first
    # decides first.
    tie_breakers = models.CharField(
        _("tie-breakers"),
        max_length=100,
        default=",".join(DEFAULT_BREAKERS),
        validators=[validate_breakers],
    )
    # Who runs it: the club, or the federation through the club's secretary (the pages say
    # which); an inter-club competition takes teams other clubs' secretaries enter.
    organiser = models.CharField(
        _("run by"), max_length=12, choices=Organiser.choices, default=Organiser.CLUB
    )
    open_to_other_clubs = models.BooleanField(_("other clubs enter teams"), default=False)
    # Days no fixture is played on (ISO dates): the draw moves a round off them, a move onto
    # one is warned about (teams.clashes).
    blackout_dates = models.JSONField(_("days without fixtures"), default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="competition_name_once_a_club"),
            models.CheckConstraint(
                condition=Q(players_per_team__gte=1, players_per_team__lte=MAX_PLAYERS_PER_TEAM),
                name="players_per_team_in_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def breakers(self) -> tuple[str, ...]:
        try:
            return parse_breakers(self.tie_breakers)
        except ValueError:
            return DEFAULT_BREAKERS


class Division(models.Model):
    """Level 1 is the top division: promotion goes towards 1, relegation away from it."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="divisions")
    name = models.CharField(_("name"), max_length=60)
    level = models.PositiveSmallIntegerField(_("level"), default=1)

    class Meta:
        ordering = ["competition", "level"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "level"], name="one_division_per_level"),
            models.UniqueConstraint(fields=["competition", "name"], name="division_names_differ"),
            models.CheckConstraint(condition=Q(level__gte=1), name="division_level_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.competition} – {self.name}"


class Team(models.Model):
    """A team of one club's members; it may play in another club's competition."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="teams")
    # Unique on the whole server: teams of several clubs meet in one inter-club table.
    name = models.CharField(_("name"), max_length=60, unique=True)
    captain = models.ForeignKey(
        Member, on_delete=models.PROTECT, related_name="captained_teams", verbose_name=_("captain")
    )
    # Where the team plays its home fixtures; each fixture starts from it and may move.
    venue = models.CharField(_("home venue"), max_length=120, blank=True)
    # The weekdays (0 Monday .. 6 Sunday) the home venue takes a match on; empty: any night.
    home_nights = models.JSONField(_("home nights"), default=list, blank=True)
    members: models.ManyToManyField[Member, TeamMember] = models.ManyToManyField(
        Member, through="TeamMember", related_name="teams"
    )

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="roster")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="team_places")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "member"], name="once_on_a_roster"),
        ]

    def __str__(self) -> str:
        return f"{self.member} ({self.team})"


class DivisionEntry(models.Model):
    """A team entered in a division; `seed` is its number (1..n) in the division's schedule."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="entries")
    seed = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["division", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["division", "team"], name="entered_once"),
            models.UniqueConstraint(fields=["division", "seed"], name="one_team_per_seed"),
            models.CheckConstraint(condition=Q(seed__gte=1), name="seed_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.seed}. {self.team}"


class FixtureStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("Scheduled")
    POSTPONED = "postponed", _("Postponed")
    PLAYED = "played", _("Played")


class Fixture(models.Model):
    """Two teams of a division meeting in a round; `uid` and `sequence` are its calendar
    identity: the UID never changes, the sequence grows with each change a calendar must follow
    (a new date or venue, a postponement), so subscribed calendars move the event rather than
    keep the old one beside a new one."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="fixtures")
    round = models.PositiveSmallIntegerField(_("round"))
    home = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="home_fixtures")
    away = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="away_fixtures")
    starts_at = models.DateTimeField(_("starts at"))
    venue = models.CharField(_("venue"), max_length=120, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=FixtureStatus.choices, default=FixtureStatus.SCHEDULED
    )
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    sequence = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["starts_at", "round", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(home=F("away")),
                name="a_team_never_meets_itself",
                violation_error_message=_("A team cannot play itself."),
            ),
            models.UniqueConstraint(fields=["division", "round", "home"], name="home_once_a_round"),
            models.UniqueConstraint(fields=["division", "round", "away"], name="away_once_a_round"),
            models.CheckConstraint(condition=Q(round__gte=1), name="round_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.home} – {self.away}"
