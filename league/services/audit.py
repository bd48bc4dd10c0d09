"""Writing the audit log: called by the services, inside their own transaction, never by views.

`before` and `after` hold the fields the change touched, as JSON (dates as ISO text, links as
ids), so the log reads the same whatever happens to the object later.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Model
from django.utils import translation

from clubs.models import Club
from league.models import AuditAction, AuditEntry
from scoring.transactions import require_transaction

Snapshot = dict[str, object]


def _json(value: object) -> object:
    if isinstance(value, Model):
        return value.pk
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Mapping):
        return {str(key): _json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_json(item) for item in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def snapshot(instance: Model, fields: Iterable[str]) -> Snapshot:
    """The named fields of `instance` as JSON; a link is its id (read without a query)."""
    taken: Snapshot = {}
    for name in fields:
        field = instance._meta.get_field(name)
        attname = getattr(field, "attname", name)
        taken[name] = _json(getattr(instance, attname))
    return taken


def record(
    *,
    by: User | None,
    action: AuditAction,
    target: Model,
    before: Mapping[str, object] | None = None,
    after: Mapping[str, object] | None = None,
    reason: str = "",
    in_club: Club | None = None,
) -> AuditEntry:
    """One line of the log about `target`, as it reads now, in the change's transaction.

    The line goes in the log of `in_club`, or else of the club `target` belongs to (its own
    `club`, or its game's): a member, who may belong to several clubs, names the club."""
    require_transaction("audit.record", within="the transaction of the change it logs")
    entry = AuditEntry(
        club_id=in_club.pk if in_club is not None else _club_id_of(target),
        by=by,
        action=action,
        object_type=target._meta.model_name or "",
        object_id=target.pk,
        object_repr=str(target)[:200],
        object_words=_in_every_language(target),
        before=_json(dict(before or {})),
        after=_json(dict(after or {})),
        reason=reason.strip(),
    )
    entry.full_clean(exclude=["by"])
    entry.save()
    return entry


def _in_every_language(target: Model) -> dict[str, str]:
    words = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            words[code] = str(target)[:200]
    return words


def _club_id_of(target: Model) -> int:
    club_id = getattr(target, "club_id", None)
    if club_id is None and getattr(target, "game_id", None) is not None:
        club_id = target.game.club_id  # type: ignore[attr-defined]
    if club_id is None:
        raise ValueError(f"Say which club's log {target!r} goes in (in_club=).")
    return int(club_id)


def changed(before: Snapshot, after: Snapshot) -> tuple[Snapshot, Snapshot]:
    """Only the fields that differ, before and after: what a reader of the log wants to see.

    A field kept as a mapping (a game to its options) keeps only the items that differ, at
    every depth."""
    old, new = _differing(before, after)
    return old, new


def _differing(
    before: Mapping[str, object], after: Mapping[str, object]
) -> tuple[dict[str, object], dict[str, object]]:
    old: dict[str, object] = {}
    new: dict[str, object] = {}
    for key in [*after, *(key for key in before if key not in after)]:
        was, value = before.get(key), after.get(key)
        if was == value:
            continue
        if isinstance(was, Mapping) and isinstance(value, Mapping):
            old[key], new[key] = _differing(was, value)
            continue
        if key in before:
            old[key] = was
        if key in after:
            new[key] = value
    return old, new
