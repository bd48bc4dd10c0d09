"""The ratings' rows written in a few compiled statements: a game's changes inserted with one
INSERT run for each row, its players' ratings with one upsert (INSERT ... ON CONFLICT DO UPDATE)
for members and one for guests.

`bulk_create` builds a model instance a row and compiles the INSERT from every field of every
instance, and replacing a rating was a DELETE and an INSERT: on the finishing turn that cost
more than the rating's sums (issue 27 gives the ratings 2 ms of the turn). The statements here
are compiled once a process; the values are the bookkeeping's floats and the seats' ids and
names, which the drivers take as they are. The rows are derived figures written by the
booking's transaction; the database's constraints check them (one person, a known ruleset,
sigma above 0, at least one game).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from django.db import connections, router

from league.synthesis.bulk import RowInserter
from ratings import bookkeeping
from ratings.models import Rating, RatingChange
from ratings.people import OrderKey, Person, people_q
from scoring.transactions import require_transaction

# A game to rate: its order key and its seats (person, GamePlayer id, place).
Seated = list[tuple[Person, int, int]]
ToRate = tuple[OrderKey, Seated]


def to_rate(ruleset: str, game: ToRate) -> bookkeeping.Game:
    """The game as the bookkeeping rates it: its id and each person's place."""
    key, seats = game
    return bookkeeping.Game(
        key=key[2],
        ruleset=ruleset,
        seats=tuple(bookkeeping.Seat(person.key, place) for person, _, place in seats),
    )


CHANGE_COLUMNS = (
    "game_id",
    "player_id",
    "member_id",
    "guest_key",
    "guest_name",
    "ruleset",
    "played_on",
    "finished_at",
    "place",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
    "games",
)
RATING_COLUMNS = (
    "member_id",
    "guest_key",
    "guest_name",
    "ruleset",
    "mu",
    "sigma",
    "rating",
    "games",
)
KEY_COLUMNS = ("member_id", "guest_key", "ruleset")
BATCH = 5000
"""Rows handed to the driver at once when many are written (a rebuild): memory stays flat."""


def change_values(
    ruleset: str, game: ToRate, changes: Sequence[bookkeeping.Change]
) -> Iterator[tuple[Any, ...]]:
    """The values (in CHANGE_COLUMNS' order) of `game`'s rating changes, in its seats' order."""
    (day, finished, game_id), seats = game
    made = {change.person: change for change in changes}
    for person, player_id, _ in seats:
        change = made.get(person.key)
        if change is None:
            continue  # a game of one player: no one rated
        yield (
            game_id,
            player_id,
            person.member_id,
            person.guest_key,
            person.guest_name,
            ruleset,
            day,
            finished,
            change.place,
            change.before.mu,
            change.before.sigma,
            change.after.mu,
            change.after.sigma,
            change.after.games,
        )


@cache
def _changes() -> RowInserter:
    return RowInserter(RatingChange, CHANGE_COLUMNS)


def insert_changes(rows: Iterable[Sequence[Any]]) -> int:
    """Insert rating changes given as values in CHANGE_COLUMNS' order, a batch at a time;
    how many were inserted."""
    require_transaction("insert_changes", within="the transaction that books the game")
    inserted = 0
    batch: list[Sequence[Any]] = []
    for row in rows:
        batch.append(row)
        if len(batch) == BATCH:
            inserted += _changes().insert(batch)
            batch = []
    return inserted + _changes().insert(batch)


@cache
def _upserts() -> tuple[str, str]:
    """The upserts of members' ratings and of guests' (each kind has its own unique index)."""
    connection = connections[router.db_for_write(Rating)]
    quote = connection.ops.quote_name
    fields = {field.attname: field for field in Rating._meta.concrete_fields}
    columns = [quote(fields[name].column) for name in RATING_COLUMNS]
    member, guest, ruleset = (
        quote(fields[n].column) for n in ("member_id", "guest_key", "ruleset")
    )
    insert = (
        f"INSERT INTO {quote(Rating._meta.db_table)} ({', '.join(columns)}) "
        f"VALUES ({', '.join(['%s'] * len(columns))}) "
    )
    # The guest's name as their latest game spells it, and the figures.
    updated = ", ".join(
        f"{column} = EXCLUDED.{column}"
        for name, column in zip(RATING_COLUMNS, columns, strict=True)
        if name not in KEY_COLUMNS
    )
    return (
        f"{insert}ON CONFLICT ({ruleset}, {member}) WHERE {member} IS NOT NULL "
        f"DO UPDATE SET {updated}",
        f"{insert}ON CONFLICT ({ruleset}, {guest}) WHERE {member} IS NULL DO UPDATE SET {updated}",
    )


def write_ratings(ruleset: str, finals: Mapping[Person, bookkeeping.Standing]) -> None:
    """Store `finals` as the ratings of `ruleset`: each person's row inserted or updated; a
    person left with no rated game (their only game voided) has none."""
    require_transaction("write_ratings", within="the transaction that books the game")
    rows: tuple[list[list[Any]], list[list[Any]]] = ([], [])
    gone = []
    for person, standing in finals.items():
        if standing.games == 0:
            gone.append(person)
            continue
        rows[person.member_id is None].append(
            [
                person.member_id,
                person.guest_key,
                person.guest_name,
                ruleset,
                standing.mu,
                standing.sigma,
                standing.conservative,
                standing.games,
            ]
        )
    if gone:
        Rating.objects.filter(ruleset=ruleset).filter(people_q(gone)).delete()
    connection = connections[router.db_for_write(Rating)]
    with connection.cursor() as cursor:
        for statement, params in zip(_upserts(), rows, strict=True):
            for start in range(0, len(params), BATCH):
                cursor.executemany(statement, params[start : start + BATCH])
