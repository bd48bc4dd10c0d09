"""A club's settings read once per request, however many parts of the page ask for them.

A page asked for them up to three times (the language for a browser speaking none of the
club's languages, what visitors may see, the view's own reading), a query each. Here the row
read first in a request is kept for the rest of that request only: the middleware, first of
all, begins each request with nothing kept and forgets it when the response is made, whatever
happens (a streamed body, read after that, reads the row again), and saving the settings
forgets it at once. So no request ever sees settings older than its own start, and one that
saves them sees what it saved. Outside a request (commands, the shell, tests calling selectors
directly) nothing is kept and every call reads the row.

Each caller gets an instance of its own, built from the kept values: a form that edits its
copy changes no other's.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from asgiref.local import Local
from django.http import HttpRequest
from django.http.response import HttpResponseBase

from clubs.models import Club
from league.models import ClubSettings

# Per thread (per coroutine under ASGI): gunicorn's sync worker serves one request at a time.
_kept = Local()
_NOTHING = object()
_NO_ROW = object()


class ClubSettingsPerRequest:
    """Keeps the club's settings read in a request for the rest of it (first of MIDDLEWARE)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        _kept.active, _kept.values = True, {}
        try:
            return self.get_response(request)
        finally:
            _kept.active, _kept.values = False, {}


def forget() -> None:
    """Settings were saved: the next reading in this request reads the row again."""
    _kept.values = {}


def club_settings(club: Club, read: Callable[[], ClubSettings | None]) -> ClubSettings:
    """`read()`'s row of `club` (the defaults, unsaved, when there is none), read once per
    request and club: a page of one club never reads another's (each is kept by its id)."""
    if not getattr(_kept, "active", False):
        return read() or ClubSettings(club=club)
    kept: dict[int, object] = getattr(_kept, "values", {})
    values = kept.get(club.pk, _NOTHING)
    if values is _NOTHING:
        row = read()
        values = _NO_ROW if row is None else _values(row)
        kept[club.pk] = values
        _kept.values = kept
    if values is _NO_ROW:
        return ClubSettings(club=club)
    assert isinstance(values, tuple)
    names = [field.attname for field in ClubSettings._meta.concrete_fields]
    # Deep-copied: the JSON fields are dicts and lists a form may change in place.
    return ClubSettings.from_db("default", names, copy.deepcopy(values))


def _values(row: ClubSettings) -> tuple[object, ...]:
    return tuple(getattr(row, field.attname) for field in ClubSettings._meta.concrete_fields)
