"""A Content-Security-Policy on every page: the browser runs only the app's own scripts and
styles, so markup that slipped into a page (a name, a note) can never run as script.

Django 5.2 has none built in. The policy suits the templates as they are: no inline script (the
<script type="application/json"> data blocks are not run, so not blocked), no inline style or
event handler, htmx without eval and without its injected indicator style (templates/base.html,
htmx-config). Bootstrap's CSS draws its form controls' icons from data: URLs, hence img-src.
Only HTML answers carry it: it governs documents, and a PDF opened in the browser's own viewer is
better left alone.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if HEADER not in response and response.get("Content-Type", "").startswith("text/html"):
            response[HEADER] = settings.CONTENT_SECURITY_POLICY
        return response
