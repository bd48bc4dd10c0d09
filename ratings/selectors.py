"""What the ratings' pages, downloads and command read: the kept ratings and changes, never a
replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Exists, OuterRef, Q

from clubs.models import Club, Membership
from clubs.selectors import all_clubs
from ratings import bookkeeping
from ratings.models import Rating, RatingBacklog, RatingChange
from ratings.people import Person, people_q
from scoring import club as club_hook
from scoring.models import RULESET_KEYS, Game, Member, PublicArea


@dataclass(frozen=True)
class RatingLine:
    """A line of the rating list."""

    place: int
    name: str
    member_id: int | None
    ruleset: str
    mu: float
    sigma: float
    rating: float
    games: int

    @property
    def guest(self) -> bool:
        return self.member_id is None


def rating_lines(club: Club | None, ruleset: str | None = None) -> list[RatingLine]:
    """Every rated person of `ruleset` (or of every ruleset, in the engine's order) the club's
    list shows, highest rating (mu - 3 sigma) first: its members ranked among themselves, then
    the guests of its games, ranked apart. A rating is the person's over every game of the
    server (several clubs: the federation's); a club lists only its own people, the federation
    (`club` None) everyone. One query.

    A club's list never shows a figure built from another club's private games: a person
    whose rating counts a game of a club that keeps its games from visitors (not this club)
    is left out of this club's list (privacy is the owning club's)."""
    if club is None:
        return rating_lines_of(None, ruleset)
    return rating_lines_of([club], ruleset, hiding=_private_clubs(club))


def _private_clubs(club: Club) -> list[int]:
    """The other clubs of the server that keep their games from visitors."""
    showing = club_hook.clubs_showing(PublicArea.GAMES)
    return [other.pk for other in all_clubs() if other.pk != club.pk and other.pk not in showing]


def _counts_games_of(clubs: Sequence[int]) -> Exists:
    """A rating (the outer row) that counts a game of one of `clubs`."""
    same_person = Q(member=OuterRef("member")) | Q(
        member__isnull=True, guest_key=OuterRef("guest_key")
    )
    return Exists(
        RatingChange.objects.filter(same_person, ruleset=OuterRef("ruleset"), game__club__in=clubs)
    )


def rating_lines_of(
    clubs: Sequence[Club] | None, ruleset: str | None = None, *, hiding: Sequence[int] = ()
) -> list[RatingLine]:
    """rating_lines for the people of several clubs at once (None: of every club), each person
    once however many of the clubs they belong to; without the people whose rating counts a
    game of the clubs `hiding`."""
    ratings = Rating.objects.select_related("member").order_by("-rating", "-mu", "pk")
    if clubs is not None:
        members_there = Membership.objects.filter(club__in=clubs).values("user_id")
        # A guest is one club's: their key starts with its id (ratings.models.guest_key).
        guests_there = Q(pk__in=[])
        for club in clubs:
            guests_there |= Q(guest_key__startswith=f"{club.pk}:")
        ratings = ratings.filter(
            Q(member__user__in=members_there) | (Q(member__isnull=True) & guests_there)
        )
    if ruleset is not None:
        ratings = ratings.filter(ruleset=ruleset)
    if hiding:
        ratings = ratings.exclude(_counts_games_of(hiding))
    by_kind: dict[tuple[str, bool], list[Rating]] = {}
    for rating in ratings:
        by_kind.setdefault((rating.ruleset, rating.member_id is None), []).append(rating)
    lines = []
    for key in RULESET_KEYS:
        for guests in (False, True):
            for place, rating in enumerate(by_kind.get((key, guests), []), start=1):
                lines.append(
                    RatingLine(
                        place=place,
                        name=rating.member.known_as if rating.member else rating.guest_name,
                        member_id=rating.member_id,
                        ruleset=rating.ruleset,
                        mu=rating.mu,
                        sigma=rating.sigma,
                        rating=rating.rating,
                        games=rating.games,
                    )
                )
    return lines


def game_changes(game: Game) -> dict[int, RatingChange]:
    """Each rated seat's change in `game`, by GamePlayer id (none while it is not finished, or
    when void). One query."""
    return {change.player_id: change for change in RatingChange.objects.filter(game=game)}


@dataclass(frozen=True)
class RatingPoint:
    finished_at: datetime
    game_id: int
    rating: float
    mu: float
    sigma: float


def rating_history(member: Member, ruleset: str, club: Club) -> list[RatingPoint]:
    """`member`'s rating after each of their rated games of `ruleset` in `club`, in the order
    rated (their games in other clubs move it too, and are not listed here)."""
    changes = RatingChange.objects.filter(member=member, ruleset=ruleset, game__club=club).order_by(
        "played_on", "finished_at", "game_id"
    )
    return [
        RatingPoint(c.finished_at, c.game_id, c.rating_after, c.mu_after, c.sigma_after)
        for c in changes
    ]


def rated_rulesets(member: Member) -> list[str]:
    """The rulesets `member` has a rating in, in the engine's order."""
    kept = set(Rating.objects.filter(member=member).values_list("ruleset", flat=True))
    return [key for key in RULESET_KEYS if key in kept]


def win_chances(games: Sequence[Game]) -> dict[int, dict[int, float]]:
    """For each game of two or more players, each seat's chance to win it (by GamePlayer id),
    from the players' ratings now (a newcomer counts as new): the TV board's live odds. The
    games' players prefetched, one query for all of them."""
    seated = {
        game.pk: [
            (player.pk, Person.of_seat(player.member_id, player.name, game.club_id))
            for player in players
        ]
        for game in games
        if len(players := list(game.players.all())) >= 2
    }
    people = {person for seats in seated.values() for _, person in seats}
    if not people:
        return {}
    kept = {
        (rating.ruleset, Person.of(rating).key): bookkeeping.Standing(rating.mu, rating.sigma)
        for rating in Rating.objects.filter(ruleset__in={game.ruleset for game in games}).filter(
            people_q(people)
        )
    }
    rulesets = {game.pk: game.ruleset for game in games}
    chances = {}
    for game_id, seats in seated.items():
        standings = [kept.get((rulesets[game_id], p.key), bookkeeping.NEW) for _, p in seats]
        odds = bookkeeping.win_chances(standings)
        chances[game_id] = {player: odd for (player, _), odd in zip(seats, odds, strict=True)}
    return chances


def ratings_lag() -> list[str]:
    """check_books' lines for the re-ratings still owed (ratings.services.backlog)."""
    return [
        f"Ratings of {row.ruleset} are still to be re-rated from game {row.game_id} "
        f"(owed since {row.queued_at:%Y-%m-%d %H:%M:%S} UTC)."
        for row in RatingBacklog.objects.all()
    ]
