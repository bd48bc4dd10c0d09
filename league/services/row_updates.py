"""Plain-valued columns of many rows set in one statement run for each row (executemany).

`bulk_update` builds a CASE expression over every row for every field: for the few dozen rows a
finishing turn moves (tallies, winning runs) compiling it cost more than the rest of the
booking. The rows are locked or just written by the caller's transaction, and their constraints
stay the database's to check.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connections, router
from django.db.models import Field, Model

from scoring.transactions import require_transaction

# Columns whose values the drivers (sqlite3, psycopg) take as they are: ints, strs and None.
PLAIN_COLUMNS = {
    "AutoField",
    "BigAutoField",
    "BigIntegerField",
    "CharField",
    "FloatField",
    "ForeignKey",
    "IntegerField",
    "PositiveBigIntegerField",
    "PositiveIntegerField",
    "PositiveSmallIntegerField",
    "SmallIntegerField",
    "TextField",
}


def update_rows(
    model: type[Model], fields: Sequence[str], rows: Sequence[tuple[int, Sequence[object]]]
) -> None:
    """Set `fields` (attribute names: `run_started_id`, not `run_started`) of each row, given
    as its pk and its values in the order of `fields`."""
    require_transaction("update_rows")
    if not rows:
        return
    meta = model._meta
    columns = {field.attname: field for field in meta.concrete_fields}
    for name in fields:
        if name not in columns or columns[name].get_internal_type() not in PLAIN_COLUMNS:
            raise ValueError(f"{meta.label}.{name} is not a plain column")
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(columns[name].column)} = %s" for name in fields)
    statement = (
        f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    )
    params: list[list[Any]] = [[*values, pk] for pk, values in rows]
    with connection.cursor() as cursor:
        cursor.executemany(statement, params)


def add_counts(
    model: type[Model],
    *,
    keys: Sequence[str],
    counts: Sequence[str],
    rows: Sequence[Sequence[object]],
    guests: str = "",
) -> None:
    """Each row (values of `keys`, then of `counts`) inserted, or, where a row with the same
    keys exists, its counts added to that row's: one upsert (INSERT ... ON CONFLICT DO UPDATE)
    run for each row. The conflict is decided by the database, so two transactions adding to
    the same row at once both count. `guests` names a key column left empty (NULL) in every
    row: their unique index is the partial one on the other keys where that column is empty."""
    require_transaction("add_counts")
    if not rows:
        return
    statement, prepared_by = _upsert(model, tuple(keys), tuple(counts), guests)
    connection = connections[router.db_for_write(model)]
    prepared: list[list[Any]] = [
        [
            value if field is None else field.get_db_prep_save(value, connection)
            for field, value in zip(prepared_by, row, strict=True)
        ]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(statement, prepared)


@cache
def _upsert(
    model: type[Model], keys: tuple[str, ...], counts: tuple[str, ...], guests: str
) -> tuple[str, tuple[Field[Any, Any] | None, ...]]:
    """add_counts' statement and the field that prepares each column's values for the database
    (None for the plain columns the drivers take as they are): worked out once a process, for
    the finishing turn runs four of them."""
    meta = model._meta
    fields = {field.attname: field for field in meta.concrete_fields}
    quote = connections[router.db_for_write(model)].ops.quote_name
    table = quote(meta.db_table)
    columns = [*keys, *counts]
    target = ", ".join(quote(fields[name].column) for name in keys if name != guests)
    where = f" WHERE {quote(fields[guests].column)} IS NULL" if guests else ""
    sums = ", ".join(
        f"{quote(fields[name].column)} = {table}.{quote(fields[name].column)} "
        f"+ EXCLUDED.{quote(fields[name].column)}"
        for name in counts
    )
    statement = (
        f"INSERT INTO {table} ({', '.join(quote(fields[name].column) for name in columns)}) "
        f"VALUES ({', '.join(['%s'] * len(columns))}) "
        f"ON CONFLICT ({target}){where} DO UPDATE SET {sums}"
    )
    prepared_by = tuple(
        None if fields[name].get_internal_type() in PLAIN_COLUMNS else fields[name]
        for name in columns
    )
    return statement, prepared_by
