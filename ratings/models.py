"""Each person's skill rating per ruleset, and what each finished game did to it.

Derived, never edited: ratings.services keeps them in step with the league's result rows in the
transaction that books a game (ratings.bookkeeping does the sums), and `check_books` compares
them with a full recomputation. A person is a member, or a guest known by name in one club
(names that differ only in case are one guest; another club's guest of that name is another).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from ratings.bookkeeping import Z
from scoring.models import RULESET_CHOICES, RULESET_KEYS, Game, GamePlayer, Member

# A row names a member, or a guest by name, never both.
ONE_PERSON = Q(member__isnull=False, guest_key="", guest_name="") | Q(
    member__isnull=True, guest_key__gt="", guest_name__gt=""
)


def guest_key(name: str, club_id: int) -> str:
    """The key a guest is known by across a club's games: "Sam" and "sam " are one guest (a
    name of spaces alone is its own key). A guest is the club's: another club's "Sam" is
    someone else, with a rating of their own (issue 37), so the club's id comes first."""
    return f"{club_id}:{name.strip().casefold() or name}"


class Rating(models.Model):
    """A person's rating in one ruleset after every game they played of it so far."""

    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    guest_key = models.CharField(max_length=140, blank=True)
    """The club's id and the name casefolded (up to three characters a letter: "ß" is "ss")."""
    guest_name = models.CharField(max_length=40, blank=True)
    """The guest's name as the latest game they played spelled it."""
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField()
    """mu - 3 sigma, kept so the list is one indexed read in its order."""
    games = models.PositiveIntegerField()

    class Meta:
        ordering = ["ruleset", "-rating", "-mu"]
        indexes = [models.Index(fields=["ruleset", "-rating", "-mu"], name="rating_list_order")]
        constraints = [
            models.CheckConstraint(condition=ONE_PERSON, name="rating_one_person"),
            models.CheckConstraint(condition=Q(ruleset__in=RULESET_KEYS), name="rating_ruleset"),
            models.CheckConstraint(condition=Q(sigma__gt=0, games__gte=1), name="rating_rated"),
            models.UniqueConstraint(
                fields=["ruleset", "member"],
                condition=Q(member__isnull=False),
                name="rating_once_per_member",
            ),
            models.UniqueConstraint(
                fields=["ruleset", "guest_key"],
                condition=Q(member__isnull=True),
                name="rating_once_per_guest",
            ),
        ]

    def __str__(self) -> str:
        return (
            f"{self.member or self.guest_name} ({self.ruleset}): {self.mu:.2f} ± {self.sigma:.2f}"
        )


class RatingChange(models.Model):
    """What one finished game did to one player's rating: before and after, and the game's
    place in the order games are rated (the day it was played, then when it finished)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(GamePlayer, on_delete=models.CASCADE, related_name="rating_changes")
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.CASCADE, related_name="rating_changes"
    )
    guest_key = models.CharField(max_length=140, blank=True)
    """The club's id and the name casefolded (up to three characters a letter: "ß" is "ss")."""
    guest_name = models.CharField(max_length=40, blank=True)
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    played_on = models.DateField()
    finished_at = models.DateTimeField()
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games = models.PositiveIntegerField()
    """The person's rated games of the ruleset, this one included."""

    class Meta:
        ordering = ["played_on", "finished_at", "game", "player"]
        indexes = [
            models.Index(
                fields=["ruleset", "played_on", "finished_at", "game"], name="rating_change_order"
            ),
            models.Index(
                fields=["member", "ruleset", "played_on", "finished_at"],
                name="rating_change_member",
            ),
        ]
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="rating_change_once_per_seat"),
            models.CheckConstraint(condition=ONE_PERSON, name="rating_change_one_person"),
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="rating_change_ruleset"
            ),
            models.CheckConstraint(
                condition=Q(place__gte=1, games__gte=1, sigma_before__gt=0, sigma_after__gt=0),
                name="rating_change_sane",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in game {self.game_id}: {self.mu_before:.2f} -> {self.mu_after:.2f}"

    @property
    def rating_before(self) -> float:
        return self.mu_before - Z * self.sigma_before

    @property
    def rating_after(self) -> float:
        return self.mu_after - Z * self.sigma_after

    @property
    def rating_change(self) -> float:
        """The change of the rating the list shows (mu - 3 sigma)."""
        return self.rating_after - self.rating_before


class RatingBacklog(models.Model):
    """A correction whose re-rating was too long for the secretary's request: owed from this
    game on, done right after the request's transaction commits (ratings.services.backlog), and
    reported by `check_books` until it is done."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    queued_at = models.DateTimeField()

    class Meta:
        ordering = ["queued_at", "pk"]

    def __str__(self) -> str:
        return f"{self.ruleset} from game {self.game_id}"
