"""A team of another club asking to play in a competition: its own club's secretary sends the
entry from their club's pages, the organiser's secretary accepts or declines it."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from teams.models.competitions import Competition, Division, Team


class EntryDecision(models.TextChoices):
    PENDING = "pending", _("Waiting for the organiser")
    ACCEPTED = "accepted", _("Accepted")
    DECLINED = "declined", _("Declined")


class EntryRequest(models.Model):
    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="entry_requests"
    )
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="entry_requests")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="entry_requests")
    requested_by = models.ForeignKey("auth.User", on_delete=models.PROTECT, related_name="+")
    requested_at = models.DateTimeField()
    decision = models.CharField(
        max_length=10, choices=EntryDecision.choices, default=EntryDecision.PENDING
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["requested_at", "id"]
        constraints = [
            # One entry of a team waits at a time: a second, sent at the same moment, is refused.
            models.UniqueConstraint(
                fields=["competition", "team"],
                condition=Q(decision="pending"),
                name="one_waiting_entry_a_team",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} → {self.division}"


class CompetitionPlace(models.Model):
    """A player's place in a competition, with the one team they play for in it: kept with the
    entries and the rosters (teams.services.teams), so the database refuses a second team."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="places")
    member = models.ForeignKey(
        "scoring.Member", on_delete=models.CASCADE, related_name="competition_places"
    )
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="competition_places")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "member"], name="one_team_a_player_a_competition"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} ({self.team}, {self.competition})"
