"""Rows copied between two databases in bulk, one statement a table each way: no model objects,
and no Python call a value.

Rows travel in the archive's form, as SQLite stores them (what Django's SQLite backend writes:
a datetime as UTC text to the microsecond, a boolean as 0 or 1, JSON as its text, a UUID as 32
hex digits). Read from SQLite they are that already; from PostgreSQL one COPY (SELECT ...) TO
STDOUT a table has the server write each column in that form. Written to SQLite they go as they
are (executemany, in batches); to PostgreSQL through one COPY ... FROM STDIN a table, whose text
input reads every one of those forms (in UTC: the restore's transaction says so).

A field of a kind not in ARCHIVE_FORMS stops the copy, naming it: its form must be added here
(a DurationField, say, is microseconds in SQLite and an interval in PostgreSQL). Model objects,
a value converted in Python at a time and a cursor's batches cost a ten-year club's backup half
a minute on PostgreSQL, far more than the database's own work (issue 36).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar

from django.conf import settings
from django.core.exceptions import EmptyResultSet
from django.db import connections, models

BATCH = 5000
Row = TypeVar("Row", bound=Sequence[Any])

# How PostgreSQL writes a column of each kind as the archive (SQLite) keeps it; {c} the column.
_DATETIME = (
    "CASE WHEN date_trunc('second', {c}) = {c} THEN to_char({c}, 'YYYY-MM-DD HH24:MI:SS') "
    "ELSE to_char({c}, 'YYYY-MM-DD HH24:MI:SS.US') END"
)
ARCHIVE_FORMS: dict[str, str] = {
    "DateTimeField": _DATETIME,
    "DateField": "to_char({c}, 'YYYY-MM-DD')",
    "BooleanField": "{c}::int",
    "JSONField": "{c}::text",
    "UUIDField": "replace({c}::text, '-', '')",
    "GenericIPAddressField": "host({c})",
    "FloatField": "{c}",
    "DecimalField": "{c}",
    "CharField": "{c}",
    "TextField": "{c}",
    "FileField": "{c}",
    "SlugField": "{c}",
    "EmailField": "{c}",
    "URLField": "{c}",
    **{
        kind: "{c}"
        for kind in (
            "AutoField",
            "BigAutoField",
            "SmallAutoField",
            "IntegerField",
            "BigIntegerField",
            "SmallIntegerField",
            "PositiveIntegerField",
            "PositiveBigIntegerField",
            "PositiveSmallIntegerField",
        )
    },
}


def kind(field: models.Field[Any, Any]) -> str:
    """The field's internal type; a reference's is that of the column it points at."""
    while field.is_relation and field.target_field is not field:  # type: ignore[attr-defined]
        field = field.target_field  # type: ignore[attr-defined]
    return field.get_internal_type()


def columns(model: type[models.Model]) -> list[models.Field[Any, Any]]:
    """The model's columns, in the order every row here lists its values."""
    return list(model._meta.local_concrete_fields)


def copy_queryset(queryset: models.QuerySet[Any], *, target: str) -> int:
    """The rows of `queryset`, ids and all, added to `target`; how many."""
    return write_rows(queryset.model, archive_rows(queryset), target=target)


def archive_rows(queryset: models.QuerySet[Any]) -> Iterator[Sequence[Any]]:
    """The rows of `queryset`, by id, each a tuple of its columns in the archive's form."""
    model = queryset.model
    fields = columns(model)
    connection = connections[queryset.db]
    unknown = [field.name for field in fields if kind(field) not in ARCHIVE_FORMS]
    if unknown:
        raise ValueError(f"{model._meta.label}: no archive form for {unknown} (backups.bulk)")
    try:
        where, params = queryset.values("pk").order_by().query.get_compiler(queryset.db).as_sql()
    except EmptyResultSet:
        return
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    pk = f"{table}.{quote(model._meta.pk.column)}"
    if connection.vendor == "postgresql":
        local = "({c} AT TIME ZONE 'UTC')" if settings.USE_TZ else "{c}"
        selected = []
        for field in fields:
            column = f"{table}.{quote(field.column)}"
            if kind(field) == "DateTimeField":
                column = local.format(c=column)
            selected.append(ARCHIVE_FORMS[kind(field)].format(c=column))
        select = f"SELECT {', '.join(selected)} FROM {table} WHERE {pk} IN ({where}) ORDER BY {pk}"
        # psycopg 3 binds the parameters client-side for COPY; every value comes as text.
        with (
            connection.cursor() as cursor,
            cursor.cursor.copy(f"COPY ({select}) TO STDOUT", params) as copy,
        ):
            yield from copy.rows()
        return
    names = ", ".join(f"{table}.{quote(field.column)}" for field in fields)
    select = f"SELECT {names} FROM {table} WHERE {pk} IN ({where}) ORDER BY {pk}"
    with connection.cursor() as cursor:
        cursor.execute(select, params)
        while batch := cursor.fetchmany(BATCH):
            yield from batch


def write_rows(model: type[models.Model], rows: Iterable[Sequence[Any]], *, target: str) -> int:
    """Rows in the archive's form, one value for each of the model's columns, added to
    `target`; how many."""
    fields = columns(model)
    connection = connections[target]
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    count = 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            if connection.in_atomic_block:
                # The archive's datetimes are UTC; for this transaction only.
                cursor.execute("SET LOCAL TIME ZONE 'UTC'")
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
                    count += 1
            return count
        insert = f"INSERT INTO {table} ({names}) VALUES ({', '.join(['%s'] * len(fields))})"
        for batch in batches(rows):
            cursor.executemany(insert, batch)
            count += len(batch)
    return count


def batches(rows: Iterable[Row], size: int = BATCH) -> Iterator[list[Row]]:
    iterator = iter(rows)
    while batch := list(islice(iterator, size)):
        yield batch
