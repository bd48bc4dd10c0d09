"""The rows of a club's archive as `restore --club` adds them (backups.club_restoring): each
table read in one query as tuples in the archive's form (backups.bulk), its references mapped to
the ids their rows got here, written in one COPY (PostgreSQL) or in batches (SQLite); the people
the server knows already found in one query a table, never one a row (issue 36: a query a row
and a model object a row were most of a ten-year club's minute).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.db import connections, models

from backups.bulk import BATCH, archive_rows, batches, columns, write_rows
from backups.club_backups import MEMBER, USER, file_fields, foreign_keys, target_label

# Within SQLite's limit of bound values a statement.
NAMES_A_QUERY = 500


@dataclass
class Table:
    """Where a table's tuples keep their id, their references and their file names."""

    model: type[models.Model]
    index: dict[str, int] = field(init=False)
    pk: int = field(init=False)
    keys: list[tuple[int, str]] = field(init=False)
    files: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.index = {column.attname: number for number, column in enumerate(columns(self.model))}
        self.pk = self.index[self.model._meta.pk.attname]
        self.keys = [
            (self.index[key.attname], target_label(key)) for key in foreign_keys(self.model)
        ]
        self.files = [self.index[kept.attname] for kept in file_fields(self.model)]


@dataclass
class People:
    """What linking the archive's people to this server's found, for the command to tell."""

    linked: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)
    demoted: list[str] = field(default_factory=list)


def source_rows(model: type[models.Model], *, source: str) -> Iterator[list[Any]]:
    """Every row of the archive's table, by id, as a list one can change."""
    for row in archive_rows(model._base_manager.using(source).order_by("pk")):
        yield list(row)


def chunks(values: list[Any]) -> Iterator[list[Any]]:
    for start in range(0, len(values), NAMES_A_QUERY):
        yield values[start : start + NAMES_A_QUERY]


def linked_users(rows: list[list[Any]], people: People) -> dict[int, int]:
    """The archive's users whose user name this server knows, each mapped to that account; a
    new server administrator loses that right (the server's to give)."""
    table = Table(apps.get_model(USER))
    name, superuser = table.index["username"], table.index["is_superuser"]
    User = table.model  # noqa: N806 - a model class
    here: dict[str, int] = {}
    for chunk in chunks([row[name] for row in rows]):
        here.update(User._base_manager.filter(username__in=chunk).values_list("username", "pk"))
    found = {}
    for row in rows:
        if row[name] in here:
            found[row[table.pk]] = here[row[name]]
            people.linked.append(row[name])
        elif row[superuser]:
            row[superuser] = False
            people.demoted.append(row[name])
    return found


def linked_members(
    rows: list[list[Any]], *, users: dict[Any, Any], slug: str, people: People
) -> dict[int, int]:
    """The archive's members whose user is a member here already, each mapped to that member;
    a new member whose "goes by" name another member of the server has gets `slug` after it."""
    table = Table(apps.get_model(MEMBER))
    user, name = table.index["user_id"], table.index["known_as"]
    Member = table.model  # noqa: N806 - a model class
    here: dict[int, int] = {}
    for chunk in chunks([users[row[user]] for row in rows]):
        here.update(Member._base_manager.filter(user_id__in=chunk).values_list("user_id", "pk"))
    taken = {known.lower() for known in Member._base_manager.values_list("known_as", flat=True)}
    found = {}
    for row in rows:
        if users[row[user]] in here:
            found[row[table.pk]] = here[users[row[user]]]
            continue
        known_as = row[name]
        number = 1
        while row[name].lower() in taken:
            tail = f" ({slug})" if number == 1 else f" ({slug} {number})"
            row[name] = known_as[: 40 - len(tail)] + tail
            number += 1
        taken.add(row[name].lower())
        if row[name] != known_as:
            people.renamed.append((known_as, row[name]))
    return found


def kept_memberships(rows: list[list[Any]]) -> dict[int, int]:
    """The archive's memberships (already mapped) that a membership here is already, each mapped
    to it; a secretary's makes the one here a secretary's."""
    table = Table(apps.get_model("clubs.Membership"))
    club, user, role = (table.index[name] for name in ("club_id", "user_id", "role"))
    Membership = table.model  # noqa: N806 - a model class
    here = {
        (club_id, user_id): pk
        for club_id, user_id, pk in Membership._base_manager.filter(
            club_id__in={row[club] for row in rows}
        ).values_list("club_id", "user_id", "pk")
    }
    found = {
        row[table.pk]: here[row[club], row[user]] for row in rows if (row[club], row[user]) in here
    }
    secretaries = [
        here[row[club], row[user]]
        for row in rows
        if (row[club], row[user]) in here and row[role] == "secretary"
    ]
    Membership._base_manager.filter(pk__in=secretaries).update(role="secretary")
    return found


def fresh_ids(model: type[models.Model], count: int) -> list[int]:
    """`count` ids no row of the table has, nor had, in increasing order."""
    connection = connections["default"]
    table = connection.ops.quote_name(model._meta.db_table)
    column = model._meta.pk.column
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [table, column, count],
            )
            return sorted(int(pk) for (pk,) in cursor.fetchall())
        cursor.execute(f"SELECT COALESCE(MAX({connection.ops.quote_name(column)}), 0) FROM {table}")
        (highest,) = cursor.fetchone()
        cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [model._meta.db_table])
        used = cursor.fetchone()
        start = max(int(highest), int(used[0]) if used else 0) + 1
    return list(range(start, start + count))


def add_rows(
    model: type[models.Model], rows: Iterable[list[Any]], *, ids: dict[Any, Any], fresh: bool
) -> None:
    """The rows (mapped) added to the configured database, with their own ids unless `fresh`;
    each old id mapped to the one it got in `ids`."""
    pk = Table(model).pk
    for batch in batches(rows, BATCH):
        olds = [row[pk] for row in batch]
        if fresh:
            for row, new in zip(batch, fresh_ids(model, len(batch)), strict=True):
                row[pk] = new
        write_rows(model, batch, target="default")
        ids.update(zip(olds, (row[pk] for row in batch), strict=True))
