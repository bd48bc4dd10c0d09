"""The federation benchmark's bulk load: one club's synthetic history copied into many clubs.

Playing a million games through the rules engine would take hours, so one club's history is
synthesized (league.synthesis, as `manage.py synthesize_history` makes it: games, players,
result rows, tallies, standings, debts, register claims, seasons, ratings) and then copied, row
by row and inside the database (one `INSERT ... SELECT` a table a club), into each new club:
every id shifted past the highest there is, every foreign key to a copied row shifted with it,
every club column set to the new club. So each copy is a club of its own, as consistent as the
original (its tallies and standings are the sums of its own result rows), sharing nothing with
it; members and their users get the club's slug after their names (names and usernames are
unique on the server).

The turns are not copied: some 95 a game, they would be 95 million rows, and no page of a club
but a game's own sheet reads a finished game's turns. A copied game is a finished sheet whose
moves are not kept; the original club keeps its turns.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.models import Max, Model

from clubs.models import Club, Federation, FirstRunToken
from scoring.models import Correction, Signature, Turn

# The apps whose rows belong to a club, and the users (a member is a user).
COPIED_APPS = ("auth", "clubs", "scoring", "league", "ratings", "tournaments", "teams")
AUTH_MODELS = ("user", "user_groups", "user_user_permissions")
# Not copied: the clubs themselves, the server's one settings row and its first-run token, and
# what hangs off a turn (the synthetic history signs nothing and corrects nothing).
NOT_COPIED: tuple[type[Model], ...] = (Club, Federation, FirstRunToken, Turn, Correction, Signature)
# Unique on the whole server: the copy's text gets the club's slug after it. GamePlayer.name is
# not unique, but it is the name the sheet shows: a copied member's seat takes their new name.
RENAMED = {
    "auth.user": ("username",),
    "scoring.member": ("known_as", "name"),
    "scoring.gameplayer": ("name",),
    # A guest's rating is the server's, by their name: each copy's guests are its own.
    "ratings.rating": ("guest_key",),
    # The register's line and the club's settings name them as the copy names them.
    "league.registerentry": ("player_name",),
    "league.clubsettings": ("club_name",),
}

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Snapshot:
    """The rows to copy: of each model, those with an id up to `highest` (the template
    club's, when the database held that club alone)."""

    highest: dict[type[Model], int]

    @classmethod
    def take(cls) -> Snapshot:
        highest = {}
        for model in copied_models():
            top = model._default_manager.aggregate(top=Max("pk"))["top"]
            if top is not None:
                highest[model] = int(top)
        return cls(highest)

    def rows(self) -> int:
        return sum(
            model._default_manager.filter(pk__lte=top).count()
            for model, top in self.highest.items()
        )


@dataclass(frozen=True)
class Loaded:
    clubs: int
    rows: int
    seconds: float


def copied_models() -> list[type[Model]]:
    models = []
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.app_label not in COPIED_APPS or model in NOT_COPIED or meta.proxy:
            continue
        if meta.app_label == "auth" and meta.model_name not in AUTH_MODELS:
            continue
        numeric = ("AutoField", "BigAutoField")
        if meta.pk is None or (
            meta.pk.get_internal_type() not in numeric and not meta.pk.is_relation
        ):
            raise ValueError(f"{meta.label} has no numeric id to shift")
        models.append(model)
    return models


def clone_clubs(
    template: Club,
    snapshot: Snapshot,
    *,
    count: int,
    slug: Callable[[int], str] = lambda number: f"club-{number:02d}",
    progress: Progress | None = None,
) -> Loaded:
    """`count` new clubs, each with a copy of `snapshot`'s rows (the template club's)."""
    started = time.perf_counter()
    with _indexes_built_after([model._meta.db_table for model in snapshot.highest]):
        rows = _copies(template, snapshot, count, slug, progress)
    _reset_sequences([model for model in snapshot.highest if not model._meta.pk.is_relation])
    from clubs.selectors import forget_clubs

    forget_clubs()
    return Loaded(count, rows, time.perf_counter() - started)


def _copies(
    template: Club,
    snapshot: Snapshot,
    count: int,
    slug: Callable[[int], str],
    progress: Progress | None,
) -> int:
    rows = 0
    for number in range(2, count + 2):
        with transaction.atomic(), _foreign_keys_unchecked():
            club = Club.objects.create(
                slug=slug(number), name=f"{template.name} {number}", created_at=template.created_at
            )
            rows += copy_rows(snapshot, template, club)
        if progress is not None:
            progress(number - 1, count)
    return rows


@contextmanager
def _indexes_built_after(tables: Sequence[str]) -> Iterator[None]:
    """On PostgreSQL, the tables' plain indexes (none that a key or a unique constraint needs)
    dropped for the copies and built again once, afterwards: building an index over a million
    rows is many times faster than keeping it up to date row by row (the result rows have a
    dozen). A failure leaves them dropped: the database is a scratch one, dropped with it."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.indexname, i.indexdef FROM pg_indexes i "
            "JOIN pg_class c ON c.relname = i.indexname "
            "JOIN pg_index x ON x.indexrelid = c.oid "
            "WHERE i.schemaname = current_schema() AND i.tablename = ANY(%s) "
            "AND NOT x.indisunique AND NOT x.indisprimary",
            [list(tables)],
        )
        plain = cursor.fetchall()
        for name, _ in plain:
            cursor.execute(f"DROP INDEX {connection.ops.quote_name(name)}")
    yield
    with connection.cursor() as cursor:
        for _, definition in plain:
            cursor.execute(definition)


@contextmanager
def _foreign_keys_unchecked() -> Iterator[None]:
    """On PostgreSQL, the copy's foreign keys are not checked row by row: every one points at
    a row copied in the same transaction, by construction (tests/test_federation_load.py
    checks it), and the checks' triggers would double the load's time. Its superuser (the
    benchmark's scratch server) may switch them off for the transaction."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
    yield


def copy_rows(snapshot: Snapshot, template: Club, club: Club) -> int:
    """One copy of the snapshot's rows into `club`; the rows inserted. Each table's ids are
    shifted by its highest id now, so a copy never meets another (nor the template's rows
    added after the snapshot)."""
    shift = {model: _highest(model) for model in snapshot.highest}
    inserted = 0
    with connection.cursor() as cursor:
        for model, top in snapshot.highest.items():
            sql, params = _copy_statement(model, top, shift, template, club)
            cursor.execute(sql, params)
            inserted += max(cursor.rowcount, 0)
    return inserted


def _highest(model: type[Model]) -> int:
    return int(model._default_manager.aggregate(top=Max("pk"))["top"] or 0)


def _copy_statement(
    model: type[Model],
    top: int,
    shift: dict[type[Model], int],
    template: Club,
    club: Club,
) -> tuple[str, list[Any]]:
    meta = model._meta
    quote = connection.ops.quote_name
    renamed = RENAMED.get(meta.label_lower, ())
    columns: list[str] = []
    values: list[str] = []
    params: list[Any] = []
    for field in meta.concrete_fields:
        column = quote(field.column)
        columns.append(column)
        target = field.related_model if field.is_relation else None
        if field.primary_key:
            # A row whose id is another's (GameBooking's, its game's) shifts with that one.
            values.append(f"{column} + %s")
            params.append(shift[target] if isinstance(target, type) else shift[model])
        elif target is Club:
            values.append(f"CASE WHEN {column} = %s THEN %s ELSE {column} END")
            params += [template.pk, club.pk]
        elif isinstance(target, type) and target in shift:
            values.append(f"{column} + %s")
            params.append(shift[target])
        elif isinstance(target, type) and issubclass(target, NOT_COPIED):
            if not field.null:
                raise ValueError(f"{meta.label}.{field.name} needs a row that is not copied")
            values.append("NULL")
        elif field.name in renamed:
            # An empty name (a member's rating has no guest key) stays empty.
            values.append(f"CASE WHEN {column} = '' THEN {column} ELSE {column} || %s END")
            params.append(f" {club.slug}")
        elif getattr(field, "unique", False) and not field.is_relation:
            raise ValueError(f"{meta.label}.{field.name} is unique: say how a copy renames it")
        else:
            values.append(column)
    assert meta.pk is not None
    pk = quote(meta.pk.column)
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(columns)}) "
        f"SELECT {', '.join(values)} FROM {quote(meta.db_table)} WHERE {pk} <= %s"
    )
    return sql, [*params, top]


def _reset_sequences(models: Sequence[type[Model]]) -> None:
    """PostgreSQL's id sequences past the copies (SQLite takes the highest id by itself)."""
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
