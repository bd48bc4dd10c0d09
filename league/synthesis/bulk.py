"""One compiled INSERT for many rows: the synthetic history's turns.

`bulk_create` builds a model instance per row and compiles its INSERTs from every field of every
instance: for the turns of thousands of games (some 95 a game) that costs more than playing them.
Here the statement is compiled once and the rows go to the database driver as they are
(`executemany`), each value prepared as its field prepares it for the database: the backend's
adapter for a timestamp or JSON, the field's own preparing for anything else, nothing for the
integers and strings the drivers take as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.db import connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, JSONField, Model

from league.services.row_updates import PLAIN_COLUMNS

Prepare = Callable[[Any], Any]


class RowInserter:
    """INSERTs into `model`'s table, the values given by attribute name (`player_id`, not
    `player`) in `columns`. A concrete field left out takes its default, worked out once."""

    def __init__(self, model: type[Model], columns: Sequence[str]) -> None:
        meta = model._meta
        self.using = router.db_for_write(model)
        connection = connections[self.using]
        fields: dict[str, Field[Any, Any]] = {
            field.attname: field for field in meta.concrete_fields if not field.primary_key
        }
        unknown = set(columns) - set(fields)
        if unknown:
            raise ValueError(f"{meta.label} has no column {sorted(unknown)[0]!r}")
        self.columns = tuple(columns)
        self.defaults = tuple(
            field.get_db_prep_save(field.get_default(), connection)
            for name, field in fields.items()
            if name not in self.columns
        )
        self.prepare: tuple[Prepare | None, ...] = tuple(
            None
            if fields[name].get_internal_type() in PLAIN_COLUMNS
            else _preparer(fields[name], connection)
            for name in self.columns
        )
        names = [*self.columns, *(name for name in fields if name not in self.columns)]
        quote = connection.ops.quote_name
        self.sql = (
            f"INSERT INTO {quote(meta.db_table)} "
            f"({', '.join(quote(fields[name].column) for name in names)}) "
            f"VALUES ({', '.join(['%s'] * len(names))})"
        )

    def insert(self, rows: Iterable[Sequence[Any]]) -> int:
        """Insert `rows` (values in the order of `columns`); how many were inserted."""
        steps = [(index, step) for index, step in enumerate(self.prepare) if step is not None]
        params = []
        for row in rows:
            values = [*row, *self.defaults]
            for index, step in steps:
                values[index] = step(values[index])
            params.append(values)
        if params:
            with connections[self.using].cursor() as cursor:
                cursor.executemany(self.sql, params)
        return len(params)


def _preparer(field: Field[Any, Any], connection: BaseDatabaseWrapper) -> Prepare:
    """The field's own preparing for the database; for a timestamp and JSON, only its last
    step, the backend's adapter (the values here are already aware datetimes and plain JSON,
    so the steps before it change nothing)."""
    kind = field.get_internal_type()
    if kind == "DateTimeField":
        return connection.ops.adapt_datetimefield_value
    if kind == "JSONField":
        assert isinstance(field, JSONField)
        adapt, encoder = connection.ops.adapt_json_value, field.encoder
        return lambda value: adapt(value, encoder)
    return lambda value: field.get_db_prep_save(value, connection)
