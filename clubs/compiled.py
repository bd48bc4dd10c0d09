"""A read query compiled to SQL once per connection, its values put in on each run.

The records page and the player page read a dozen indexed first rows in one UNION ALL (the
highest total, the longest run ...). The database answers such a query in well under a
millisecond, but building it through the ORM (each part's filters and orderings, the union's
compiler) cost more than everything else on the page. Its shape depends only on which records
are read, never on the club or the member: so it is built once, with stand-ins for those values,
and each later run sends the same SQL with the real values in the stand-ins' places.

The same statement goes to the database as the ORM would send (the query counts the tests
assert stay as they were), and the rows get the ORM's converters (dates as aware datetimes).
A query whose shape depends on a value (None, a list's length) must name that in its key.

`compiled_objects` does the same for a query of model rows (with its select_related rows and
annotations), as a queryset's iteration makes them: the turn's read and lock of its game, whose
building cost ten times the database's answer on every turn.
"""

from __future__ import annotations

import uuid
import weakref
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model, QuerySet
from django.db.models.query import get_related_populators  # type: ignore[attr-defined]

from clubs.scoping import ClubScopedQuerySet, UnscopedClubQuery, guard_enabled

# Stand-ins for the values: integers no id, score or count of the project comes near, and
# UUIDs no request key is (uuid4 sets its version bits; these have none).
_STAND_IN_BASE = -7_301_947_000
_UUID_STAND_IN_BASE = 0xB41A7 << 96

Value = int | uuid.UUID
"""What a compiled query's values may be: ids and counts, and request keys."""

# How a value goes in its parameter's place: as it is, or a UUID as its hex digits (a
# database without a UUID type stores them so, and the query was compiled with them so).
_AS_IS, _HEX = "as is", "hex"


@dataclass(frozen=True)
class Compiled:
    sql: str
    # Each parameter of `sql`: the name of a value to put in and how, or (None, how, a constant
    # the query itself holds, such as a ruleset or a LIMIT's bound).
    slots: tuple[tuple[str | None, str, object], ...]
    names: tuple[str, ...]
    compiler: Any
    converters: Any

    def tuples(self, values: Mapping[str, Value]) -> list[tuple[Any, ...]]:
        """The rows as the database driver gives them, in the select's order, unconverted."""
        params = tuple(
            (_put(values[name], how) if name else constant) for name, how, constant in self.slots
        )
        with self.compiler.connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            return cursor.fetchall()

    def fetch(self, values: Mapping[str, Value]) -> list[Any]:
        """The rows with the ORM's converters applied (dates as aware datetimes ...)."""
        found: list[Any] = self.tuples(values)
        if self.converters:
            found = list(self.compiler.apply_converters(found, self.converters))
        return found

    def rows(self, values: Mapping[str, Value]) -> list[dict[str, object]]:
        return [dict(zip(self.names, row, strict=True)) for row in self.fetch(values)]

    def objects(self, values: Mapping[str, Value]) -> list[Model]:
        """The model rows, as ModelIterable makes them (django.db.models.query)."""
        model, start, end, init_list, populators = self._layout
        using, annotations = self.compiler.using, self.compiler.annotation_col_map
        made = []
        for row in self.fetch(values):
            obj = model.from_db(using, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            for name, position in annotations.items():
                setattr(obj, name, row[position])
            made.append(obj)
        return made

    @cached_property
    def _layout(self) -> tuple[type[Model], int, int, list[str], list[Any]]:
        """Where a row's model fields are, and how its select_related rows are made."""
        select, klass_info = self.compiler.select, self.compiler.klass_info
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        init_list = [column[0].target.attname for column in select[start:end]]
        populators = get_related_populators(klass_info, select, self.compiler.using)
        return klass_info["model"], start, end, init_list, populators


def _put(value: Value, how: str) -> object:
    return value.hex if how == _HEX and isinstance(value, uuid.UUID) else value


# Per connection (each thread has its own, and a vendor its own SQL), forgotten with it.
_kept: weakref.WeakKeyDictionary[BaseDatabaseWrapper, dict[Hashable, Compiled]] = (
    weakref.WeakKeyDictionary()
)


def compiled_rows(
    key: Hashable,
    build: Callable[[Mapping[str, Any]], QuerySet[Any, Any]],
    values: Mapping[str, Value],
) -> list[dict[str, object]]:
    """The rows of the `.values()` query `build(stand_ins)` makes, run with `values` in place
    of the stand-ins; `key` names the query's shape (the same key, the same SQL but for them).
    Built and compiled the first time a connection sees `key`, and checked by the club guard
    then (the guard reads the query's shape, which the values do not change).
    """
    return _compiled(key, build, values).rows(values)


def compiled_objects(
    key: Hashable,
    build: Callable[[Mapping[str, Any]], QuerySet[Any, Any]],
    values: Mapping[str, Value],
) -> list[Any]:
    """The model rows of the query `build(stand_ins)` makes (its select_related rows and its
    annotations too), run with `values` in place of the stand-ins: as compiled_rows, but
    model instances, as iterating the queryset would give. A query that locks its rows
    (select_for_update) must be run inside a transaction, as the queryset must."""
    return _compiled(key, build, values).objects(values)


def compiled_tuples(
    key: Hashable,
    build: Callable[[Mapping[str, Any]], QuerySet[Any, Any]],
    values: Mapping[str, Value],
) -> list[tuple[Any, ...]]:
    """As compiled_rows, but each row a tuple of the driver's own values, not converted by the
    ORM: for a query of hundreds of rows whose reader converts only what it needs (a date
    comes as text from SQLite, a sum as a Decimal from PostgreSQL)."""
    return _compiled(key, build, values).tuples(values)


def _compiled(
    key: Hashable,
    build: Callable[[Mapping[str, Any]], QuerySet[Any, Any]],
    values: Mapping[str, Value],
) -> Compiled:
    connection = connections[DEFAULT_DB_ALIAS]
    kept = _kept.setdefault(connection, {})
    compiled = kept.get(key)
    if compiled is None:
        compiled = kept[key] = _compile(build, values)
    return compiled


def _compile(
    build: Callable[[Mapping[str, Any]], QuerySet[Any, Any]], values: Mapping[str, Value]
) -> Compiled:
    stand_ins: dict[str, Value] = {
        name: (
            uuid.UUID(int=_UUID_STAND_IN_BASE + index)
            if isinstance(value, uuid.UUID)
            else _STAND_IN_BASE - index
        )
        for index, (name, value) in enumerate(values.items())
    }
    queryset = build(stand_ins)
    if queryset.db != DEFAULT_DB_ALIAS:
        raise ValueError("compiled_rows reads the default database only")
    # Checked once, when compiled: with the guard's setting on (the tests), whether or not a
    # club page is being served, since the later runs on a page are not looked at again.
    if guard_enabled() and isinstance(queryset, ClubScopedQuerySet) and not queryset.is_scoped():
        raise UnscopedClubQuery(f"A compiled {queryset.model.__name__} query names no club.")
    query = queryset.query
    compiler = query.get_compiler(queryset.db)
    sql, params = compiler.as_sql()
    slots = tuple(_slot(param, stand_ins) for param in params)
    missing = set(values) - {name for name, _, _ in slots if name}
    if missing:
        raise ValueError(f"values not among the query's parameters: {sorted(missing)}")
    fields = [column[0] for column in compiler.select[0 : compiler.col_count]]
    selected = (
        list(query.selected)
        if query.selected
        else [*query.extra_select, *query.values_select, *query.annotation_select]
    )
    return Compiled(
        sql=sql,
        slots=slots,
        names=tuple(selected),
        compiler=compiler,
        converters=compiler.get_converters(fields),
    )


def _slot(param: object, stand_ins: Mapping[str, Value]) -> tuple[str | None, str, object]:
    """Which value goes in this parameter's place, and how; or the constant it is."""
    for name, stand_in in stand_ins.items():
        if isinstance(stand_in, uuid.UUID):
            if param == stand_in:
                return name, _AS_IS, None
            if param == stand_in.hex:
                return name, _HEX, None
        elif type(param) is int and param == stand_in:
            return name, _AS_IS, None
    return None, _AS_IS, param


# The UPDATE statements update_row has built, per connection: (SQL, the fields it sets).
_updates: weakref.WeakKeyDictionary[
    BaseDatabaseWrapper, dict[Hashable, tuple[str, tuple[Field[Any, Any], ...]]]
] = weakref.WeakKeyDictionary()


def update_row(model: type[Model], *, pk: int, values: Mapping[str, object]) -> int:
    """Set `values` (field names to plain values) on the row of `model` with `pk`, as
    `model.objects.filter(pk=pk).update(**values)` does (each value prepared by its field
    for the database), with the statement built once per connection and set of fields: a
    turn's update of its game, whose building through the ORM cost more than its run. The
    number of rows changed (0 or 1)."""
    connection = connections[DEFAULT_DB_ALIAS]
    kept = _updates.setdefault(connection, {})
    key = (model._meta.label, tuple(values))
    statement = kept.get(key)
    if statement is None:
        statement = kept[key] = _update_statement(connection, model, tuple(values))
    sql, fields = statement
    params = [field.get_db_prep_save(values[field.name], connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, pk])
        return int(cursor.rowcount)


def _update_statement(
    connection: BaseDatabaseWrapper, model: type[Model], names: tuple[str, ...]
) -> tuple[str, tuple[Field[Any, Any], ...]]:
    meta, quote = model._meta, connection.ops.quote_name
    fields: list[Field[Any, Any]] = []
    for name in names:
        field = meta.get_field(name)
        # Only plain columns: one whose value needs its own SQL placeholder (a binary field)
        # or a relation is left to the ORM's update.
        if not isinstance(field, Field) or hasattr(field, "get_placeholder") or field.is_relation:
            raise ValueError(f"update_row cannot set {meta.label}.{name}")
        fields.append(field)
    assignments = ", ".join(f"{quote(str(field.column))} = %s" for field in fields)
    assert meta.pk is not None
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(str(meta.pk.column))} = %s"
    return sql, tuple(fields)
