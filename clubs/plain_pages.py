"""A page of one sentence, built without templates or the database: what the server says when
neither may be at hand (the database down or not migrated, an old address that leads nowhere).
Here, at the bottom, so the middleware of clubs and the project's error handlers share it."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils import translation
from django.utils.html import escape


def plain_page(
    message: str, *, status: int, headers: dict[str, str] | None = None, title: str = ""
) -> HttpResponse:
    """`message` alone on a page in the active language, with no template and no query: a
    title, a landmark and a heading, as every page has."""
    title = title or "BalutClub"
    page = (
        f'<!DOCTYPE html><html lang="{escape(translation.get_language() or "en")}"><head>'
        '<meta charset="utf-8"><meta name="viewport" content="width=device-width">'
        f"<title>{escape(title)}</title></head><body><main><h1>{escape(title)}</h1>"
        f"<p>{escape(message)}</p></main></body></html>"
    )
    return HttpResponse(page, status=status, headers=headers)
