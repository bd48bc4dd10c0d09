"""Who a rated seat is, and where a game stands in the order games are rated: the keys the
services and the full recomputation share, so both replay exactly the same games."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import Q
from django.utils import timezone

from ratings.bookkeeping import Standing
from ratings.models import Rating, RatingChange, guest_key

OrderKey = tuple[date, datetime, int]
"""The day a game was played (in the club's time zone), when it finished, its id."""


def order_key(*, started_at: datetime, finished_at: datetime, game_id: int) -> OrderKey:
    return (timezone.localdate(started_at), finished_at, game_id)


def change_key(change: RatingChange) -> OrderKey:
    return (change.played_on, change.finished_at, change.game_id)


def from_key(key: OrderKey) -> Q:
    """RatingChange rows of games rated at or after `key`."""
    day, finished, game_id = key
    # The day's bound alone first: a range of the (ruleset, played_on, ...) index.
    return Q(played_on__gte=day) & (
        Q(played_on__gt=day)
        | Q(finished_at__gt=finished)
        | Q(finished_at=finished, game_id__gte=game_id)
    )


@dataclass(frozen=True)
class Person:
    """A member, or a guest known by name in one club."""

    member_id: int | None
    guest_key: str = ""
    guest_name: str = ""

    @classmethod
    def of_seat(cls, member_id: int | None, name: str, club_id: int) -> Person:
        """A seat of a game of the club `club_id`: its member, or the club's guest by name."""
        if member_id is not None:
            return cls(member_id)
        return cls(None, guest_key(name, club_id), name)

    @classmethod
    def of(cls, row: Rating | RatingChange) -> Person:
        return cls(row.member_id, row.guest_key, row.guest_name)

    @property
    def key(self) -> str:
        """The bookkeeping's name for the person."""
        return f"m{self.member_id}" if self.member_id is not None else f"g{self.guest_key}"


def apart(seated: list[tuple[Person, int, int]]) -> list[tuple[Person, int, int]]:
    """`seated` (person, seat id, place) in seat-id order, each person once: two guests of one
    game whose names differ only in case ("Sam" and "sam") would be one person playing twice, so
    the later seat becomes a guest of its own ("sam#2"). The services and the recomputation both
    seat a game through here, so both rate the same people."""
    seen: set[str] = set()
    kept = []
    for person, seat, place in sorted(seated, key=lambda s: s[1]):
        count = 1
        first_key = person.guest_key
        while person.key in seen:
            count += 1
            person = Person(None, f"{first_key}#{count}", person.guest_name)
        seen.add(person.key)
        kept.append((person, seat, place))
    return kept


def people_q(people: Iterable[Person]) -> Q:
    """Rows (Rating or RatingChange) of any of `people`."""
    people = list(people)
    members = [p.member_id for p in people if p.member_id is not None]
    guests = [p.guest_key for p in people if p.member_id is None]
    # Only the branches needed: a table of members alone is a plain IN, simpler to build.
    found = Q(pk__in=[])
    if members:
        found |= Q(member_id__in=members)
    if guests:
        found |= Q(member__isnull=True, guest_key__in=guests)
    return found


def standing_of(rating: Rating) -> Standing:
    return Standing(mu=rating.mu, sigma=rating.sigma, games=rating.games)


def standing_before(change: RatingChange) -> Standing:
    return Standing(mu=change.mu_before, sigma=change.sigma_before, games=change.games - 1)
