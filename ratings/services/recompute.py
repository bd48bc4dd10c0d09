"""Every rating worked out afresh from the league's result rows, for `check_books` to compare
with the kept ones, and to repair them with (and after a synthetic history)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from league.models import PlayerResultRow
from ratings import bookkeeping
from ratings.models import Rating, RatingBacklog, RatingChange
from ratings.people import OrderKey, Person, apart
from ratings.selectors import ratings_lag
from ratings.services.backlog import catch_up
from ratings.services.writes import (
    BATCH,
    Seated,
    ToRate,
    change_values,
    insert_changes,
    to_rate,
    write_ratings,
)

# Kept and recomputed figures agree to this: the same games in the same order give the same
# floating-point numbers, so anything beyond rounding in the database is a real difference.
TOLERANCE = 1e-9
SHOWN = 20  # differences printed in full; the rest are counted


@dataclass
class Recomputed:
    """What a replay of every game from the start left: everyone's final rating per ruleset,
    and how many games and changes it made (the changes themselves are streamed, never
    kept: a federation's million games are some 3.5 million of them)."""

    finals: dict[str, dict[Person, bookkeeping.Standing]] = field(default_factory=dict)
    games: int = 0
    changes: int = 0


def games_in_order() -> Iterator[tuple[str, ToRate]]:
    """Every counting game of two or more players with its ruleset, in the order games are
    rated, streamed: the result rows are read in the order games started (so in the order of
    the day they were played), a day's games held at once and put in the order they finished."""
    zone = timezone.get_current_timezone()
    rows = PlayerResultRow.objects.order_by("started_at", "game_id").values_list(
        "ruleset",
        "game_id",
        "started_at",
        "finished_at",
        "player_id",
        "member_id",
        "player__name",
        "rank",
        "club_id",
    )
    day = None
    games: dict[int, tuple[str, OrderKey, Seated]] = {}
    for ruleset, game_id, started, finished, player, member, name, rank, club in rows.iterator(
        chunk_size=BATCH
    ):
        played = timezone.localdate(started, zone)
        if played != day:
            yield from _in_order(games)
            games, day = {}, played
        seats = games.get(game_id)
        if seats is None:
            seats = games[game_id] = (ruleset, (played, finished, game_id), [])
        seats[2].append((Person.of_seat(member, name, club), player, rank))
    yield from _in_order(games)


def _in_order(games: dict[int, tuple[str, OrderKey, Seated]]) -> Iterator[tuple[str, ToRate]]:
    for ruleset, key, seats in sorted(games.values(), key=lambda game: game[1]):
        seated = apart(seats)
        if len(seated) >= 2:
            yield ruleset, (key, seated)


def replayed(
    recomputed: Recomputed,
) -> Iterator[tuple[str, ToRate, tuple[bookkeeping.Change, ...]]]:
    """Every counting game rated afresh from the start, one at a time, with its changes;
    `recomputed` holds the final ratings once the games are exhausted."""
    standings: dict[tuple[str, str], bookkeeping.Standing] = {}
    people: dict[tuple[str, str], Person] = {}
    for ruleset, game in games_in_order():
        made = bookkeeping.rate_in_place(to_rate(ruleset, game), standings)
        for person, _, _ in game[1]:
            people[ruleset, person.key] = person  # a guest as their latest game names them
        recomputed.games += 1
        recomputed.changes += len(made)
        yield ruleset, game, made
    for (ruleset, person_key), person in people.items():
        recomputed.finals.setdefault(ruleset, {})[person] = standings[person_key, ruleset]


def recompute() -> Recomputed:
    """What the ratings would be, replaying every counting game from the start."""
    recomputed = Recomputed()
    for _ in replayed(recomputed):
        pass
    return recomputed


# A change as both sides of the comparison give it: its place in the order rated (played_on,
# finished_at, game, seat), who it rated, then its figures.
KEY = 4
WHO = 7
Compared = tuple[Any, ...]


def _fresh(recomputed: Recomputed) -> Iterator[Compared]:
    for ruleset, game, made in replayed(recomputed):
        rows = sorted(change_values(ruleset, game, made), key=lambda values: values[1])
        for v in rows:
            yield (v[6], v[7], v[0], v[1], v[2], v[3], v[5], v[8], v[13], *v[9:13])


def _kept() -> Iterator[Compared]:
    return (
        RatingChange.objects.order_by("played_on", "finished_at", "game_id", "player_id")
        .values_list(
            "played_on",
            "finished_at",
            "game_id",
            "player_id",
            "member_id",
            "guest_key",
            "ruleset",
            "place",
            "games",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
        )
        .iterator(chunk_size=BATCH)
    )


def _differs(one: Sequence[float], other: Sequence[float]) -> bool:
    return any(
        not math.isclose(a, b, rel_tol=TOLERANCE, abs_tol=TOLERANCE)
        for a, b in zip(one, other, strict=True)
    )


@dataclass
class Differences:
    lines: list[str] = field(default_factory=list)
    """The first SHOWN differences in words."""
    count: int = 0

    def add(self, line: str) -> None:
        self.count += 1
        if len(self.lines) < SHOWN:
            self.lines.append(line)


def differences(recomputed: Recomputed) -> Differences:
    """The kept changes and ratings that a full recomputation does not give: both sides
    streamed in the order rated and walked side by side, so memory stays flat however many."""
    found = Differences()
    kept, fresh = _kept(), _fresh(recomputed)
    one, other = next(kept, None), next(fresh, None)
    while one is not None or other is not None:
        if other is None or (one is not None and one[:KEY] < other[:KEY]):
            assert one is not None
            found.add(f"Game {one[2]}: seat {one[3]} has a rating change no game gives.")
            one = next(kept, None)
        elif one is None or other[:KEY] < one[:KEY]:
            found.add(f"Game {other[2]}: seat {other[3]} has no rating change.")
            other = next(fresh, None)
        else:
            if one[KEY:WHO] != other[KEY:WHO] or _differs(one[WHO:], other[WHO:]):
                found.add(
                    f"Game {one[2]}: seat {one[3]}'s rating change differs from a full "
                    "recomputation."
                )
            one, other = next(kept, None), next(fresh, None)
    ratings: dict[tuple[str, str], Rating | None] = {
        (rating.ruleset, Person.of(rating).key): rating for rating in Rating.objects.order_by()
    }
    for ruleset, finals in recomputed.finals.items():
        for person, standing in finals.items():
            rating = ratings.pop((ruleset, person.key), None)
            if rating is None:
                found.add(f"{person.key} ({ruleset}) has no rating.")
            elif rating.games != standing.games or _differs(
                (rating.mu, rating.sigma, rating.rating),
                (standing.mu, standing.sigma, standing.conservative),
            ):
                found.add(
                    f"{person.key} ({ruleset}): the rating differs from a full recomputation."
                )
    for ruleset, key in ratings:
        found.add(f"{key} ({ruleset}) has a rating but no rated game.")
    return found


@transaction.atomic
def rebuild_ratings() -> int:
    """Replace every kept rating and change with a full recomputation, streamed: the changes
    inserted a batch at a time as the games are rated; the changes written."""
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    # Whatever re-rating was owed, the rebuild does it.
    RatingBacklog.objects.all().delete()
    recomputed = Recomputed()
    insert_changes(
        values
        for ruleset, game, made in replayed(recomputed)
        for values in change_values(ruleset, game, made)
    )
    for ruleset, finals in recomputed.finals.items():
        write_ratings(ruleset, finals)
    return recomputed.changes


@transaction.atomic
def check_ratings(*, repair: bool) -> list[str]:
    """The kept ratings against a full recomputation: a line per difference (the first few in
    full, then a count); with `repair`, the recomputation replaces them."""
    owed = ratings_lag()
    if owed and repair:
        catch_up()
    found = differences(Recomputed())
    lines = owed + found.lines
    if found.count > SHOWN:
        lines.append(f"... and {found.count - SHOWN} more rating differences.")
    if repair and found.count:
        rebuild_ratings()
    return lines
