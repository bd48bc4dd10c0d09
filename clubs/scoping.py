"""Every query of a club-owned thing says which club it means: a guard that proves it in tests.

A club-owned model (a game, a season, a register line, a tally, an audit line ...) carries a
foreign key to its Club and uses ClubScopedManager. Its querysets note nothing and cost nothing
in production. With settings.CLUB_QUERY_GUARD on (the test suite turns it on), a queryset
evaluated while a club page is being served raises UnscopedClubQuery unless it is scoped:

- filtered by a club: `.filter(club=club)`, `club_id=`, `club__in=`, `club__slug=`, or a club
  reached through another club-owned row (`game__club=club`);
- reached from an object that is itself scoped: a club's or a club-owned row's related manager
  (`club.games`, `game.register_entries`), and the prefetches Django makes for them;
- one row by its primary key or another unique field (`Game.objects.get(pk=...)`), whose
  club the caller then checks;
- or marked `.across_clubs()`: the explicit escape hatch of code that reads across clubs on
  purpose (a person's results in all their clubs, the federation's pages), each use with a
  comment that says why.

The guard reads the query's WHERE tree, not its SQL: an OR of a club filter with anything else
is not scoped (the other branch reaches every club), nor is a negated filter. Pages of the
server itself (/admin/, /federation/, the list of clubs) are not club pages; the guard is off
there, as it is in commands and migrations, which serve no request.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Self, TypeVar

from django.conf import settings
from django.db import models
from django.db.models.expressions import Col
from django.db.models.lookups import Lookup
from django.db.models.sql import Query
from django.db.models.sql.where import AND, OR, WhereNode

if TYPE_CHECKING:
    from django.http import HttpRequest

_M = TypeVar("_M", bound=models.Model)
_R = TypeVar("_R")

ACROSS_CLUBS = "club_scope_across_clubs"

# On only while a club page is served with the setting on (ClubMiddleware sets it).
_guarding: ContextVar[bool] = ContextVar("club_query_guard", default=False)


class UnscopedClubQuery(AssertionError):
    """A club page evaluated a query of a club-owned model that names no club."""


def guard_enabled() -> bool:
    return bool(getattr(settings, "CLUB_QUERY_GUARD", False))


def serve_guarded(request: HttpRequest, get_response: Callable[[HttpRequest], _R]) -> _R:
    """Serve a club page with the guard on (when the setting is): clubs.middleware calls it."""
    if not guard_enabled():
        return get_response(request)
    token = _guarding.set(True)
    try:
        return get_response(request)
    finally:
        _guarding.reset(token)


def _caller() -> str:
    """The app's line that made the query: the first frame outside Django and this module."""
    for frame in traceback.extract_stack()[::-1]:
        if "/django/" not in frame.filename and frame.filename != __file__:
            return f"{frame.filename}:{frame.lineno} {frame.name}"
    return "?"


def _is_club_fk(field: object) -> bool:
    from clubs.models import Club

    remote = getattr(field, "remote_field", None)
    return remote is not None and getattr(remote, "model", None) is Club


def _is_club_column(field: object) -> bool:
    """A club's own column (club__slug) or any foreign key to a club (club, game__club)."""
    from clubs.models import Club

    return _is_club_fk(field) or getattr(field, "model", None) is Club


def _scoped_query(query: Any) -> bool:
    return bool(getattr(query, ACROSS_CLUBS, False)) or _scoped_node(query.where, query)


def _scoped_node(node: object, query: Any) -> bool:
    if isinstance(node, WhereNode):
        if node.negated:
            return False
        results = [_scoped_node(child, query) for child in node.children]
        if node.connector == AND:
            return any(results)
        if node.connector == OR:
            return bool(results) and all(results)
        return False
    if not isinstance(node, Lookup) or not isinstance(node.lhs, Col):
        return False
    target = node.lhs.target
    if node.lookup_name in ("exact", "in") and _is_club_column(target):
        return node.rhs is not None
    if node.lhs.alias != query.base_table or not getattr(target, "unique", False):
        return False
    # One row by its primary key or another unique field (a claim's one register line, the
    # check of a unique field before a save): the caller reads its club and refuses another
    # club's. Or the rows a scoped subquery picked (the first row of a club's ordering).
    return node.lookup_name == "exact" or (
        node.lookup_name == "in" and isinstance(node.rhs, Query) and _scoped_query(node.rhs)
    )


def _scoped_instance(instance: object) -> bool:
    from clubs.models import Club

    return isinstance(instance, Club) or isinstance(
        getattr(type(instance), "objects", None), ClubScopedManager
    )


class ClubScopedQuerySet(models.QuerySet[_M]):
    def across_clubs(self) -> Self:
        """This query reads every club's rows on purpose; say why where it is used."""
        clone = self.all()
        # On the query, not the queryset: its clones keep it, and so does a subquery of it.
        setattr(clone.query, ACROSS_CLUBS, True)
        return clone

    def is_scoped(self) -> bool:
        hints: dict[str, object] = getattr(self, "_hints", {})
        return _scoped_instance(hints.get("instance")) or _scoped_query(self.query)

    def _check_scope(self) -> None:
        if _guarding.get() and not self.is_scoped():
            raise UnscopedClubQuery(
                f"A {self.model.__name__} query names no club (at {_caller()}): filter it by "
                f"the request's club, or mark it .across_clubs() with a reason. "
                f"WHERE {self.query.where}"
            )

    def _fetch_all(self) -> None:
        if self._result_cache is None:
            self._check_scope()
        super()._fetch_all()

    def iterator(self, chunk_size: int | None = None) -> Iterator[_M]:
        self._check_scope()
        return super().iterator(chunk_size)

    def count(self) -> int:
        if self._result_cache is None:
            self._check_scope()
        return super().count()

    def exists(self) -> bool:
        if self._result_cache is None:
            self._check_scope()
        return super().exists()

    def aggregate(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        self._check_scope()
        return super().aggregate(*args, **kwargs)

    def update(self, **kwargs: Any) -> int:
        self._check_scope()
        return super().update(**kwargs)

    def delete(self) -> tuple[int, dict[str, int]]:
        self._check_scope()
        return super().delete()


# The manager of every club-owned model (see the module's docstring).
ClubScopedManager = models.Manager.from_queryset(ClubScopedQuerySet)
