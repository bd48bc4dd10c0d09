"""One club's rows deleted from a server that hosts others: `manage.py delete_club`, and
`restore --club SLUG --replace`, which deletes the club's rows and loads the archive's in the
same transaction.

The club's rows are those its archive would hold (backups.club_backups.CLUB_TABLES), deleted
children first, in one transaction; so are the rows of the server's books that follow them by
CASCADE (the ratings' changes of its games: `check_books --repair` works the ratings out again).
The people stay: a person may play in other clubs, and an account is the server's. A row of
another club that points at one of its rows (a visitor of another club's tournament who plays
for it) stops the deletion before anything is deleted, naming each kind. The files its rows kept
are removed from MEDIA_ROOT once the transaction has committed, unless a row still names them.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import models, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from backups.archive import BackupError, data_models
from backups.club_backups import (
    CLUB,
    CLUB_TABLES,
    SERVER_TABLES,
    club_models,
    file_fields,
    foreign_keys,
    ordered,
    target_label,
)
from scoring.transactions import require_transaction


@dataclass(frozen=True)
class Deleted:
    rows: int
    files: frozenset[str]
    """The names of the files the deleted rows kept."""


def own_rows(club_id: int) -> dict[str, QuerySet[Any]]:
    """The club's rows, by table label."""
    return {
        label: apps.get_model(label)._base_manager.filter(**{lookup: club_id})
        for label, lookup in CLUB_TABLES.items()
    }


def delete_club_rows(club_id: int, *, slug: str, keep_club: bool = False) -> Deleted:
    """Every row of the club (its club row too unless `keep_club`), inside the caller's
    transaction; BackupError, with nothing deleted, when other clubs' rows point at them."""
    require_transaction("Deleting a club's rows")
    club_models()  # every table known to be the club's, the people's or the server's
    rows = own_rows(club_id)
    pointing = _pointing_in(rows)
    if pointing:
        raise BackupError(
            _(
                "Rows of other clubs of this server point at club %(slug)s's rows: %(rows)s. "
                "Nothing was deleted."
            )
            % {"slug": slug, "rows": "; ".join(pointing)}
        )
    files: set[str] = set()
    count = 0
    for model in reversed(ordered(club_models())):
        label = model._meta.label
        if label not in rows or (keep_club and label == CLUB):
            continue
        queryset = rows[label]
        for kept in file_fields(model):
            files |= set(
                queryset.exclude(**{kept.attname: ""}).values_list(kept.attname, flat=True)
            )
        for server_rows in _following(model, queryset):
            server_rows._raw_delete(server_rows.db)
        count += queryset._raw_delete(queryset.db)
    return Deleted(rows=count, files=frozenset(name for name in files if name))


def _pointing_in(rows: dict[str, QuerySet[Any]]) -> list[str]:
    """Where rows outside the club point at its rows: one line a kind."""
    found = []
    for model in data_models():
        label = model._meta.label
        if label in SERVER_TABLES:
            continue  # the server's books follow by CASCADE (_following)
        for key in foreign_keys(model):
            target = rows.get(target_label(key))
            if target is None:
                continue
            outside = model._base_manager.filter(**{f"{key.attname}__in": target.values("pk")})
            if label in rows:
                outside = outside.exclude(pk__in=rows[label].values("pk"))
            if count := outside.count():
                found.append(f"{count} {label} ({key.name})")
    return found


def _following(model: type[models.Model], queryset: QuerySet[Any]) -> list[QuerySet[Any]]:
    """The server's rows that go with `queryset`'s by CASCADE (a game's rating changes)."""
    return [
        other._base_manager.filter(**{f"{key.attname}__in": queryset.values("pk")})
        for other in data_models()
        if other._meta.label in SERVER_TABLES
        for key in foreign_keys(other)
        if key.related_model is model and key.remote_field.on_delete is models.CASCADE
    ]


def replaceable_files(names: list[str], *, slug: str) -> frozenset[str]:
    """Which of `names` no row outside the club at `slug` names: a restore in the club's place
    may put the archive's file of that name over the one there (moved aside, and back should
    the restore fail)."""
    Club = apps.get_model(CLUB)  # noqa: N806 - a model class
    club_id = Club._base_manager.filter(slug=slug).values_list("pk", flat=True).first()
    held: set[str] = set()
    for model in data_models():
        for kept in file_fields(model):
            rows = model._base_manager.filter(**{f"{kept.attname}__in": names})
            lookup = CLUB_TABLES.get(model._meta.label)
            if lookup is not None and club_id is not None:
                rows = rows.exclude(**{lookup: club_id})
            held |= set(rows.values_list(kept.attname, flat=True))
    return frozenset(names) - held


def remove_unnamed_files(names: frozenset[str]) -> None:
    """After the commit: each of `names` that no row names any more, removed from MEDIA_ROOT
    (best effort: a file left behind is only a file)."""
    root = Path(settings.MEDIA_ROOT)
    for name in sorted(names):
        named = any(
            model._base_manager.filter(**{kept.attname: name}).exists()
            for model in data_models()
            for kept in file_fields(model)
        )
        if not named:
            with contextlib.suppress(OSError):
                (root / name).unlink(missing_ok=True)


@transaction.atomic
def delete_club(*, club_id: int, slug: str) -> Deleted:
    """The club and every row of it, all or nothing."""
    deleted = delete_club_rows(club_id, slug=slug)
    transaction.on_commit(lambda: remove_unnamed_files(deleted.files))
    return deleted
