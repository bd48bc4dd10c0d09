"""The server's own page of its clubs: where "/" leads when it hosts several."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.selectors import all_clubs, federation, is_federation_admin


@require_GET
def directory(request: HttpRequest) -> HttpResponse:
    # The federation's pages are offered to whoever may read them (clubs.links finds them).
    federation_open = is_federation_admin(request.user) or federation().public
    return render(
        request,
        "clubs/directory.html",
        {"clubs": all_clubs(), "federation_open": federation_open},
    )
