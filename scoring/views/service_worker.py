"""The tablet's service worker, served from the site's root so that its scope covers the game
pages (a script under /static/ could only control /static/)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@cache
def _script() -> str:
    found = finders.find("js/sw.js")
    assert isinstance(found, str), "static/js/sw.js is missing"
    return Path(found).read_text(encoding="utf-8")


# Never cached by HTTP: a new version of the worker reaches the tablets on their next visit.
@require_safe
@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_script(), content_type="text/javascript; charset=utf-8")
