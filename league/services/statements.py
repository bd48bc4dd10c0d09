"""The finishing turn's reads of the books, as SQL written once a process.

The ORM compiles a query afresh each time it runs: on the turn that finishes a game the books'
few reads (the game's stored rows and debts, its members' runs, the seasons it finished in) and
inserts (the rows, the debts, the booking's stamp) cost more to build than the database takes to
answer them, as the ratings' did (ratings.services.reads and writes). The statements here are
the ones the ORM wrote, the same columns and conditions (so the same indexes), the values adapted
as the ORM adapts them; every read names the club, or reads a game's own rows by the game. The
rows inserted are checked by full_clean first, as every service's are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import cache
from typing import Any, TypeVar

from django.db import connections, router
from django.db.models import Field, Model
from django.db.models.sql import Query

from league.services.row_updates import PLAIN_COLUMNS
from scoring.transactions import require_transaction

M = TypeVar("M", bound=Model)


@cache
def quoted(model: type[Model]) -> tuple[str, dict[str, str]]:
    """`model`'s table and its columns by attribute name (`member_id`), quoted."""
    quote = connections[router.db_for_read(model)].ops.quote_name
    columns = {field.attname: quote(field.column) for field in model._meta.concrete_fields}
    return quote(model._meta.db_table), columns


def moment(model: type[Model], value: datetime) -> Any:
    """An aware datetime as the ORM hands it to the database for a column of `model`."""
    return connections[router.db_for_read(model)].ops.adapt_datetimefield_value(value)


def placeholders(count: int) -> str:
    return ", ".join(["%s"] * count)


def read_rows(model: type[M], sql: str, params: Sequence[Any]) -> list[M]:
    """The instances of `model` read by `sql`, which reads its every column in field order
    (select_rows'): made as `model.objects.raw(sql, params)` makes them (each field's
    converters, then from_db), without raw's set-up when no row comes back, as the finishing
    turn's reads of the game's books mostly find none."""
    using = router.db_for_read(model)
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found: Iterable[Sequence[Any]] = cursor.fetchall()
    if not found:
        return []
    fields = model._meta.concrete_fields
    compiler = connection.ops.compiler("SQLCompiler")(Query(model), connection, using)
    converters = compiler.get_converters([field.get_col(model._meta.db_table) for field in fields])
    if converters:
        found = compiler.apply_converters(found, converters)
    names = [field.attname for field in fields]
    return [model.from_db(using, names, list(values)) for values in found]


@cache
def select_rows(model: type[Model], where: tuple[str, ...], order: tuple[str, ...] = ()) -> str:
    """Every column of `model`'s rows whose `where` columns (attribute names) equal the values
    given, in `order`: for `read_rows`, which makes instances as a query would."""
    table, c = quoted(model)
    conditions = " AND ".join(f"{c[name]} = %s" for name in where)
    ordered = f" ORDER BY {', '.join(c[name] for name in order)}" if order else ""
    return f"SELECT {', '.join(c.values())} FROM {table} WHERE {conditions}{ordered}"


Columns = tuple[tuple["Field[Any, Any]", bool], ...]
"""A statement's fields, each with whether its values go to the driver as they are."""
INSERT_AT_ONCE = 100
"""Rows `insert_new` writes in one statement; more go through bulk_create (an import's)."""


def insert_new(model: type[Model], objs: Sequence[Model]) -> None:
    """Insert `objs`, new instances of `model` each checked by full_clean first, in one
    statement, and give each its id: what `bulk_create(objs)` does, with the statement written
    once a process for each number of rows. Each value is the one bulk_create sends (the field's
    pre_save, then its preparing for the database; the plain columns as they are)."""
    if not objs:
        return
    require_transaction(f"Inserting {model._meta.label} rows")
    connection = connections[router.db_for_write(model)]
    if len(objs) > INSERT_AT_ONCE or not connection.features.can_return_rows_from_bulk_insert:
        model._default_manager.bulk_create(objs)
        return
    sql, fields = _insert_sql(model, len(objs))
    params: list[Any] = []
    for obj in objs:
        if obj.pk is not None:
            raise ValueError(f"insert_new inserts new rows only, not {obj!r}")
        for field, plain in fields:
            value = field.pre_save(obj, True)
            params.append(value if plain else field.get_db_prep_save(value, connection))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        ids = cursor.fetchall()
    for obj, (pk,) in zip(objs, ids, strict=True):
        obj.pk = pk
        obj._state.adding, obj._state.db = False, connection.alias


@cache
def _insert_sql(
    model: type[Model], rows: int
) -> tuple[str, tuple[tuple[Field[Any, Any], bool], ...]]:
    table, c = quoted(model)
    fields = tuple(
        (field, field.get_internal_type() in PLAIN_COLUMNS)
        for field in model._meta.concrete_fields
        if not field.primary_key
    )
    row = f"({placeholders(len(fields))})"
    return (
        f"INSERT INTO {table} ({', '.join(c[field.attname] for field, _ in fields)}) "
        f"VALUES {', '.join([row] * rows)} RETURNING {c[model._meta.pk.attname]}",
        fields,
    )


def upsert(obj: Model, *, unique: tuple[str, ...]) -> None:
    """Insert `obj` (checked by full_clean first), or where a row has the same `unique` columns
    (attribute names), set that row's other columns to `obj`'s: one statement, as
    `bulk_create([obj], update_conflicts=True, ...)` sends it, written once a process."""
    model = type(obj)
    require_transaction(f"Upserting a {model._meta.label} row")
    connection = connections[router.db_for_write(model)]
    sql, fields = _upsert_sql(model, unique)
    params = [
        value if plain else field.get_db_prep_save(value, connection)
        for field, plain in fields
        for value in [field.pre_save(obj, True)]
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


@cache
def _upsert_sql(model: type[Model], unique: tuple[str, ...]) -> tuple[str, Columns]:
    table, c = quoted(model)
    fields = tuple(
        (field, field.get_internal_type() in PLAIN_COLUMNS) for field in model._meta.concrete_fields
    )
    names = [c[field.attname] for field, _ in fields]
    updated = ", ".join(
        f"{c[field.attname]} = EXCLUDED.{c[field.attname]}"
        for field, _ in fields
        if field.attname not in unique
    )
    return (
        f"INSERT INTO {table} ({', '.join(names)}) VALUES ({placeholders(len(names))}) "
        f"ON CONFLICT ({', '.join(c[name] for name in unique)}) DO UPDATE SET {updated}",
        fields,
    )
