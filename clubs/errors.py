"""The answer to an error no view handled: a database that does not answer is said so.

A database that is down or restarting (OperationalError, InterfaceError) answers 503 with the
app's own short message and a Retry-After, never Django's generic 500 page: the tablet treats a
5xx as no connection and keeps its turn queued to send again, and a person reading the page
learns to wait rather than that something broke. Every other error is Django's 500, as before.
Both are logged by Django with the traceback (a 503 is a server error too).
"""

from __future__ import annotations

import re
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.defaults import server_error as django_server_error

from clubs.plain_pages import plain_page

RETRY_AFTER_S = 30


# The pages a scorer's tablet plays on: the game page, its turns and what it loads by htmx.
GAME_PATH = re.compile(r"(^|/)games/\d+/")


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500: called while the error is being handled, so it is sys.exc_info's."""
    if isinstance(sys.exc_info()[1], (OperationalError, InterfaceError)):
        return database_unavailable(request)
    return django_server_error(request)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """A page of its own, built without templates or the database (neither may be at hand).

    In the request's language, read from the request itself: the error may come before
    LocaleMiddleware set it (the session's query fails first), and the language active then
    is whichever this worker's thread served last. It says only what applies: nothing was
    saved only after a write, and the tablet's queue only on a game's pages."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        lines = [_("The club's database is not answering just now.")]
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            lines.append(_("Nothing was saved."))
        lines.append(_("Try again in a moment."))
        if GAME_PATH.search(request.path):
            lines.append(_("The tablet keeps its turns and sends them again by itself."))
        return plain_page(
            " ".join(lines),
            status=503,
            headers={"Retry-After": str(RETRY_AFTER_S)},
            title=_("Not answering just now"),
        )
