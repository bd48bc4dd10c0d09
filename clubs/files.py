"""A download's name in the reader's words: "balutclub-spil-12.pdf" for a Danish reader of game
12's sheet, "balutclub-spiel-12.pdf" for a German one. One place, so every file the app hands out
is named the same way (the exports and tournament files pass their titles through here too)."""

from __future__ import annotations

from django.utils.http import content_disposition_header
from django.utils.text import slugify


def file_name(words: str, extension: str) -> str:
    """`words` already translated ("BalutClub spil 12"), made a file's name. Letters such as
    "å" and "ü" are kept: the header carries them as RFC 6266's filename*."""
    return f"{slugify(words, allow_unicode=True) or 'balutclub'}.{extension}"


def disposition(words: str, extension: str, *, attachment: bool) -> str:
    """The Content-Disposition header: saved (`attachment`) or shown in the browser (inline)."""
    name = file_name(words, extension)
    return content_disposition_header(attachment, name) or f'inline; filename="{name}"'
