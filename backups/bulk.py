"""Rows copied between two databases in bulk: read as plain tuples (no model objects), written
with PostgreSQL's COPY through psycopg 3, or by executemany elsewhere (SQLite).

The values go through the fields both ways, as the ORM sends them (`from_db_value` reading,
`get_db_prep_save` writing): datetimes to the microsecond, JSON as JSON, a file's name as text.
Building an INSERT statement of a thousand rows' placeholders per batch, as bulk_create does,
cost more than the database's own work (issue 36).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any

from django.db import connections, models

BATCH = 1000


def copy_queryset(queryset: models.QuerySet[Any], *, target: str) -> int:
    """The rows of `queryset`, ids and all, added to `target`; how many."""
    fields = queryset.model._meta.local_concrete_fields
    rows = queryset.values_list(*(field.attname for field in fields)).iterator(BATCH)
    return write_rows(queryset.model, rows, target=target)


def insert_objects(model: type[models.Model], objects: list[models.Model], *, target: str) -> int:
    """`objects`, each with its id set, added to `target` as they are (no field's pre_save: a
    restored row keeps its times); how many."""
    fields = model._meta.local_concrete_fields
    rows = ([getattr(row, field.attname) for field in fields] for row in objects)
    return write_rows(model, rows, target=target)


def write_rows(model: type[models.Model], rows: Iterable[Sequence[Any]], *, target: str) -> int:
    """Rows of Python values, one for each of the model's local columns, added to `target`."""
    fields = model._meta.local_concrete_fields
    connection = connections[target]
    prepared = (
        [
            field.get_db_prep_save(value, connection)
            for field, value in zip(fields, row, strict=True)
        ]
        for row in rows
    )
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    count = 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in prepared:
                    copy.write_row(row)
                    count += 1
            return count
        insert = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
        for batch in batches(prepared):
            cursor.executemany(insert, batch)
            count += len(batch)
    return count


def batches(rows: Iterable[list[Any]]) -> Iterator[list[list[Any]]]:
    iterator = iter(rows)
    while batch := list(islice(iterator, BATCH)):
        yield batch
