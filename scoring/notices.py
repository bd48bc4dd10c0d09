"""Notices by e-mail to the club's members: one generic way for every app to tell people what
concerns them (a register claim ratified; teams tell captains of a card's correction).

    send_notice(club=club, to=[member, ...], template="<app>/notices/<kind>",
                link=<a path from reverse()>, context={...})

Each member with an e-mail address gets the notice in their own language (their chosen one,
else the club's), as plain text and HTML, rendered from `<template>_subject.txt`,
`<template>.txt` and `<template>.html`, with `link` made a full address: settings.SITE_URL, the
club's prefix (/c/<slug>, which every server answers) and the path. It goes out only once the
caller's transaction commits (transaction.on_commit), so a write that is rolled back tells no
one. A send that fails is logged and does not undo the write; the reply is in the log.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from clubs.models import Club
from scoring import club as club_hook
from scoring.models import Member

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Letter:
    to: str
    language: str
    subject: str
    text: str
    html: str


def full_link(club: Club, path: str) -> str:
    """`path` (a reverse() made outside any club's address) as a full address of `club`."""
    return f"{settings.SITE_URL}/c/{club.slug}{path}"


def letters(
    *,
    club: Club,
    to: Sequence[Member],
    template: str,
    link: str,
    context: Mapping[str, object],
) -> list[Letter]:
    """The notice as each member with an address reads it, in their language."""
    default = club_hook.house_settings(club).default_language
    written = []
    for member in to:
        if not member.email or not member.is_active:
            continue
        language = member.language or default
        values = {**context, "member": member, "club": club, "link": full_link(club, link)}
        with translation.override(language):
            subject = render_to_string(f"{template}_subject.txt", values)
            written.append(
                Letter(
                    to=member.email,
                    language=language,
                    subject=" ".join(subject.split()),
                    text=render_to_string(f"{template}.txt", values),
                    html=render_to_string(f"{template}.html", values),
                )
            )
    return written


def send_notice(
    *,
    club: Club,
    to: Sequence[Member],
    template: str,
    link: str,
    context: Mapping[str, object],
) -> None:
    """Written now (inside the caller's transaction, from what it sees), sent after it commits."""
    written = letters(club=club, to=to, template=template, link=link, context=context)
    if written:
        transaction.on_commit(lambda: deliver(written))


def deliver(written: Sequence[Letter]) -> None:
    for letter in written:
        message = EmailMultiAlternatives(letter.subject, letter.text, to=[letter.to])
        message.attach_alternative(letter.html, "text/html")
        try:
            message.send()
        except Exception:  # noqa: BLE001 - any failure of the mail server: the write stands
            logger.exception("A notice to %s could not be sent: %s", letter.to, letter.subject)
