"""The two reads of every booking's re-rating, as SQL written once a process.

The ORM compiles a query afresh each time it runs: for the changes from a game on (an OR of a
range over the order's columns) and its players' ratings that was two thirds of the finishing
turn's rating work, more than the database's answers and the rating's sums together (issue 27
gives the ratings 2 ms of the turn). The statements are the ones the ORM wrote (the same
columns, the same conditions, the same indexes), the values adapted as the ORM adapts them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from django.db import connections, router

from league.services.statements import read_rows
from ratings import bookkeeping
from ratings.models import Rating, RatingChange
from ratings.people import OrderKey, Person


@cache
def _quoted(model: type[Rating] | type[RatingChange]) -> tuple[str, dict[str, str]]:
    quote = connections[router.db_for_read(model)].ops.quote_name
    columns = {field.attname: quote(field.column) for field in model._meta.concrete_fields}
    return quote(model._meta.db_table), columns


@cache
def _changes_sql() -> tuple[str, str]:
    """A game's changes, and a game's and those of its ruleset from a point in the order on."""
    table, c = _quoted(RatingChange)
    select = f"SELECT {', '.join(c.values())} FROM {table} WHERE {c['game_id']} = %s"
    order = f" ORDER BY {c['played_on']}, {c['finished_at']}, {c['game_id']}, {c['player_id']}"
    # The day's bound alone first: a range of the (ruleset, played_on, ...) index.
    later = (
        f" OR ({c['ruleset']} = %s AND {c['played_on']} >= %s AND ({c['played_on']} > %s"
        f" OR {c['finished_at']} > %s OR ({c['finished_at']} = %s AND {c['game_id']} >= %s)))"
    )
    return select + order, select + later + order


def changes_from(game_id: int, ruleset: str, start: OrderKey | None) -> list[RatingChange]:
    """The game's changes and those of `ruleset` rated at or after `start` (none: the game's
    alone), in the order rated."""
    own, from_start = _changes_sql()
    if start is None:
        return read_rows(RatingChange, own, [game_id])
    ops = connections[router.db_for_read(RatingChange)].ops
    day, finished, first = start
    day_value, finished_value = (
        ops.adapt_datefield_value(day),
        ops.adapt_datetimefield_value(finished),
    )
    params = [game_id, ruleset, day_value, day_value, finished_value, finished_value, first]
    # Made as raw() makes them, without its set-up when none come back (the finishing turn).
    return read_rows(RatingChange, from_start, params)


def standings(ruleset: str, people: Iterable[Person]) -> dict[str, bookkeeping.Standing]:
    """The kept ratings of `people` in `ruleset`, by person key."""
    table, c = _quoted(Rating)
    people = list(people)
    members = [person.member_id for person in people if person.member_id is not None]
    guests = [person.guest_key for person in people if person.member_id is None]
    found = []
    if members:
        found.append(f"{c['member_id']} IN ({', '.join(['%s'] * len(members))})")
    if guests:
        found.append(
            f"({c['member_id']} IS NULL AND {c['guest_key']} IN "
            f"({', '.join(['%s'] * len(guests))}))"
        )
    if not found:
        return {}
    sql = (
        f"SELECT {c['member_id']}, {c['guest_key']}, {c['mu']}, {c['sigma']}, {c['games']} "
        f"FROM {table} WHERE {c['ruleset']} = %s AND ({' OR '.join(found)})"
    )
    with connections[router.db_for_read(Rating)].cursor() as cursor:
        cursor.execute(sql, [ruleset, *members, *guests])
        return {
            Person(member, guest).key: bookkeeping.Standing(mu=mu, sigma=sigma, games=games)
            for member, guest, mu, sigma, games in cursor.fetchall()
        }
