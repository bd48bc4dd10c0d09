"""A cup's bracket as kept: one tie a place of each round, drawn whole at once.

Round one's ties hold the drawn teams (a bye's tie only its home team, through at once); a later
round's tie is filled as the ties before it are won, and gets its fixture (played as any league
match) once both its teams are known. `position` counts from 0 at the top of the round: the
winners of ties 2k and 2k+1 meet in tie k of the next round (teams.cup.next_place).
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from teams.models.competitions import Division, Fixture, Team


class CupTie(models.Model):
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="cup_ties")
    round = models.PositiveSmallIntegerField(_("round"))
    position = models.PositiveSmallIntegerField()
    home = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    away = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # A round-one tie with no opponent: its home team goes through without playing.
    bye = models.BooleanField(default=False)
    # When the round is played: the tie's fixture starts then, once both teams are known.
    starts_at = models.DateTimeField(_("starts at"))
    fixture = models.OneToOneField(
        Fixture, on_delete=models.SET_NULL, null=True, blank=True, related_name="cup_tie"
    )
    winner = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # A level match the secretary decided (teams.services.cup.settle_level_tie).
    settled_by_secretary = models.BooleanField(default=False)

    class Meta:
        ordering = ["division", "round", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["division", "round", "position"], name="one_tie_a_place"
            ),
            models.CheckConstraint(condition=Q(round__gte=1), name="cup_round_from_one"),
            models.CheckConstraint(
                condition=Q(home__isnull=True) | Q(away__isnull=True) | ~Q(home=F("away")),
                name="a_tie_is_two_teams",
            ),
            models.CheckConstraint(
                condition=Q(bye=False) | Q(round=1, away__isnull=True, winner=F("home")),
                name="a_bye_goes_through_in_round_one",
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("home")) | Q(winner=F("away")),
                name="the_winner_played_the_tie",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.division} {self.round}/{self.position}"
