"""The answer to an error no view handled: a database that does not answer is said so.

A database that is down or restarting (OperationalError, InterfaceError) answers 503 with the
app's own short message and a Retry-After, never Django's generic 500 page: the tablet treats a
5xx as no connection and keeps its turn queued to send again, and a person reading the page
learns to wait rather than that something broke. Every other error is Django's 500, as before.
Both are logged by Django with the traceback (a 503 is a server error too).
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.defaults import server_error as django_server_error

RETRY_AFTER_S = 30


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500: called while the error is being handled, so it is sys.exc_info's."""
    if isinstance(sys.exc_info()[1], (OperationalError, InterfaceError)):
        return database_unavailable()
    return django_server_error(request)


def database_unavailable() -> HttpResponse:
    """A page of its own, built without templates or the database (neither may be at hand)."""
    message = _(
        "The club's database is not answering just now, so nothing was saved. Try again in a "
        "moment: the tablet keeps its turns and sends them again by itself."
    )
    return plain_page(message, status=503, headers={"Retry-After": str(RETRY_AFTER_S)})


def plain_page(message: str, *, status: int, headers: dict[str, str] | None = None) -> HttpResponse:
    """`message` alone on a page in the active language, with no template and no query."""
    page = (
        f'<!DOCTYPE html><html lang="{escape(get_language() or "en")}"><head>'
        '<meta charset="utf-8"><meta name="viewport" content="width=device-width">'
        f"<title>BalutClub</title></head><body><p>{escape(message)}</p></body></html>"
    )
    return HttpResponse(page, status=status, headers=headers)
