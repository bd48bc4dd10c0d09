"""Ratings kept in step with a game's result, inside the transaction that books it.

A game that finishes after every other game of its kind is one step: its players' ratings are
read, the game is rated, its changes stored and the ratings updated (four queries, five when
members and guests played, with the read of the changes from the game on that tells it is
the last). A game
whose result changes, or that arrives or leaves among games already rated (a correction, a
void, a historic import), moves later games' ratings too: the games from it forward that its
players' chain reaches (a game with someone whose rating moved, and then everyone they met) are
re-rated from the ratings their players had just before it, which the stored changes record
(the "before" of each person's first change from there on), so nothing earlier is replayed and
no game outside the chain is touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from django.db import connections, router
from django.db.models import Q

from league.models import PlayerResultRow
from ratings import bookkeeping
from ratings.models import RatingChange
from ratings.people import (
    OrderKey,
    Person,
    apart,
    change_key,
    order_key,
    standing_before,
)
from ratings.services import backlog
from ratings.services.reads import changes_from, standings
from ratings.services.writes import (
    Seated,
    ToRate,
    change_values,
    insert_changes,
    to_rate,
    write_ratings,
)
from scoring.models import RULESET_KEYS, Game, GamePlayer
from scoring.transactions import require_transaction


def rerate_game(*, game: Game, rows: Sequence[PlayerResultRow], inline: bool = False) -> int:
    """`game`'s result rows are now `rows` (none: it no longer counts): re-rate from it forward.
    Returns the number of games rated (0 when its ratings stand as they are). A chain of more
    than backlog.INLINE_GAMES games is re-rated after the commit (`inline`: now anyway)."""
    require_transaction("rerate_game", within="the transaction that books the game")
    lock_kind(game.ruleset)
    seats = _seats(rows)
    key = None
    if len(seats) >= 2:
        assert game.finished_at is not None  # it has result rows
        key = order_key(started_at=game.started_at, finished_at=game.finished_at, game_id=game.pk)
    else:
        seats = []  # a game of one player rates no one
    # The game's own changes and those from its place in the order on, in one read; again from
    # an earlier place when the game was rated earlier in the order than it now stands.
    later = _from(game, key)
    if not later and key is not None:
        # The finishing turn's case: a new game after every other of its kind.
        _rate_last(game.ruleset, (key, seats))
        return 1
    old = [change for change in later if change.game_id == game.pk]
    keys = [change_key(change) for change in old] + ([key] if key is not None else [])
    if not keys or _unchanged(old, seats, keys):
        return 0
    start = min(keys)
    if start != key:
        later = _from(game, start)
    games = _later_games(later, game.pk)
    if seats:
        games.append((keys[-1], seats))
        games.sort(key=lambda item: item[0])
    games, later = _chain(games, later, game.pk, [*_seats_people(seats), *map(Person.of, old)])
    if not inline and len(games) > backlog.INLINE_GAMES:
        backlog.defer(game)
        return 0
    # The latest game a guest played names them; people only in a game that no longer counts
    # keep the name their last rated game gave them.
    people = {person.key: person for _, game_seats in games for person, _, _ in game_seats}
    for change in reversed(later):
        people.setdefault(Person.of(change).key, Person.of(change))
    start_standings: dict[str, bookkeeping.Standing] = {}
    for change in later:
        start_standings.setdefault(Person.of(change).key, standing_before(change))
    for person_key, standing in standings(game.ruleset, people.values()).items():
        start_standings.setdefault(person_key, standing)
    replayed = bookkeeping.replay(
        (to_rate(game.ruleset, rated) for rated in games),
        start={(person, game.ruleset): standing for person, standing in start_standings.items()},
    )
    if later:
        RatingChange.objects.filter(
            Q(game=game) | Q(game_id__in=[rated[0][2] for rated in games])
        ).delete()
    insert_changes(
        values
        for rated in games
        for values in change_values(game.ruleset, rated, replayed.changes.get(rated[0][2], ()))
    )
    write_ratings(
        game.ruleset,
        {
            person: replayed.standings.get((key, game.ruleset), bookkeeping.NEW)
            for key, person in people.items()
        },
    )
    return len(games)


# The advisory locks' first key: the ratings' own, beside any other lock of the database.
RATINGS_LOCK = 0x5A7E


def lock_kind(ruleset: str) -> None:
    """Rate one game of `ruleset` at a time, until the transaction ends. Two games finishing at
    once on PostgreSQL each read the ratings before the other committed: the one earlier in the
    order, committing second, would be rated as if last and the later one never re-rated. Under
    this lock the second reads (its statements' snapshots are later than the first's commit)
    the first's changes, and re-rates from its place in the order if it comes earlier. SQLite's
    writers take turns on the whole database already (dbengines.sqlite)."""
    require_transaction("lock_kind", within="the transaction that rates the game")
    connection = connections[router.db_for_write(RatingChange)]
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, %s)", [RATINGS_LOCK, RULESET_KEYS.index(ruleset)]
        )


def _rate_last(ruleset: str, game: ToRate) -> None:
    """Rate a game that comes after every rated game of its kind: its players' ratings read
    (one query), its changes inserted and their ratings written (one statement each, two when
    members and guests played)."""
    _, seats = game
    made = bookkeeping.rate_game(
        to_rate(ruleset, game), standings(ruleset, (person for person, _, _ in seats))
    )
    insert_changes(change_values(ruleset, game, made))
    people = {person.key: person for person, _, _ in seats}
    write_ratings(ruleset, {people[change.person]: change.after for change in made})


def _seats_people(seats: Seated) -> list[Person]:
    return [person for person, _, _ in seats]


def _chain(
    games: list[ToRate], later: list[RatingChange], changed: int, moved: Sequence[Person]
) -> tuple[list[ToRate], list[RatingChange]]:
    """Of `games` (in order), those the change reaches, and their stored changes (with the
    changed game's own): a game is re-rated only if someone at its table had a rating the
    change moved, the changed game's players first, then everyone they met after it, and so
    on. A game none of them played is rated from the same figures as before, so its stored
    changes stand: a correction re-rates its players' chain, not every later game of the kind
    in every club (issue 37)."""
    reached = {person.key for person in moved}
    chain = []
    for rated in games:
        people = [person.key for person, _, _ in rated[1]]
        if rated[0][2] == changed or not reached.isdisjoint(people):
            reached.update(people)
            chain.append(rated)
    ids = {rated[0][2] for rated in chain} | {changed}
    return chain, [change for change in later if change.game_id in ids]


def _from(game: Game, start: OrderKey | None) -> list[RatingChange]:
    return changes_from(game.pk, game.ruleset, start)


def _seats(rows: Sequence[PlayerResultRow]) -> Seated:
    """The seats of `rows`, guests named as their seat names them (one query at most, when
    the rows came without their seats)."""
    field = PlayerResultRow._meta.get_field("player")
    names = {row.player_id: row.player.name for row in rows if field.is_cached(row)}
    missing = [
        row.player_id for row in rows if row.member_id is None and row.player_id not in names
    ]
    if missing:
        names.update(GamePlayer.objects.filter(pk__in=missing).values_list("pk", "name"))
    return apart(
        [
            (
                Person.of_seat(row.member_id, names.get(row.player_id, ""), row.club_id),
                row.player_id,
                row.rank,
            )
            for row in rows
        ]
    )


def _unchanged(old: list[RatingChange], seats: Seated, keys: list[OrderKey]) -> bool:
    """Whether the game was rated exactly as it now stands: the same people in the same places,
    at the same point in the order (a correction that moves no one, a booking repeated)."""
    if len(set(keys)) != 1 or len(old) != len(seats):
        return False
    stored = sorted((Person.of(c).key, c.player_id, c.place) for c in old)
    return stored == sorted((person.key, player, place) for person, player, place in seats)


def _later_games(later: list[RatingChange], changed: int) -> list[ToRate]:
    """The games rated from the start point on, but the changed one, from their stored rows."""
    return [
        (key, [(Person.of(c), c.player_id, c.place) for c in changes])
        for key, changes in groupby((c for c in later if c.game_id != changed), key=change_key)
    ]
