"""Notices by e-mail to the club's members: one generic way for every app to tell people what
concerns them (a register claim ratified, a match card signed or disputed, a fixture moved, a
tournament's draw published).

    send_notice(club=club, to=[member, ...], kind=NoticeKind.X,
                template="<app>/notices/<kind>", link=<a path from reverse()>, context={...})

Each member with an e-mail address (their own, else their sign-in's) who has not stopped notices
of `kind` gets the notice in their own language (their chosen one, else the club's), as plain
text and HTML, rendered from `<template>_subject.txt`, `<template>.txt` and `<template>.html`
(the HTML extends scoring/notices/base.html), with `link` made a full address: settings.SITE_URL,
the club's prefix (/c/<slug>, which every server answers) and the path. Each notice ends with a
link that stops its kind without signing in (a signed token, `stop_token`).

The notices are kept (clubs.NoticeSend) inside the caller's transaction and sent once it commits
(transaction.on_commit), so a write that is rolled back tells no one. A send that fails does not
undo the write: it is kept with the mail server's reply, tried again (scoring.services.notices)
and listed on the secretary's Notices page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils import translation

from clubs.models import Club, NoticeKind, NoticeOptOut, NoticeSend
from scoring import club as club_hook
from scoring.models import Member
from scoring.services.notices import deliver_notices, notices_to_send, record_notices

STOP_SALT = "scoring.notices.stop"


def full_link(club: Club, path: str) -> str:
    """`path` (a reverse(), made inside any club's address or none) as a full address of `club`."""
    prefix = get_script_prefix()
    if path.startswith(prefix):
        path = "/" + path[len(prefix) :]
    return f"{settings.SITE_URL}/c/{club.slug}{path}"


def stop_token(user_id: int, kind: str) -> str:
    """What the unsubscribe link carries: whose notices of which kind, signed by the server."""
    return signing.dumps([user_id, kind], salt=STOP_SALT)


def read_stop_token(token: str) -> tuple[int, NoticeKind]:
    """The person and kind a stop link names; signing.BadSignature when it was not ours."""
    try:
        user_id, kind = signing.loads(token, salt=STOP_SALT)
        return int(user_id), NoticeKind(kind)
    except (TypeError, ValueError) as error:
        raise signing.BadSignature("A stop link of another shape") from error


@dataclass(frozen=True)
class Recipient:
    user_id: int
    name: str
    address: str
    language: str


def recipient(person: Member | User) -> Recipient | None:
    """Who a member or a sign-in (a secretary without a member) is to a notice: their own
    address, else their sign-in's, and their language; None without an address."""
    member = person if isinstance(person, Member) else getattr(person, "member", None)
    user = member.user if member is not None else person
    assert isinstance(user, User)
    if not user.is_active or (member is not None and not member.is_active):
        return None
    address = (member.email if member is not None else "") or user.email
    if not address:
        return None
    if member is None:
        return Recipient(user.pk, user.get_full_name() or user.get_username(), address, "")
    return Recipient(user.pk, member.known_as, address, member.language)


def letters(
    *,
    club: Club,
    to: Sequence[Member | User],
    kind: NoticeKind,
    template: str,
    link: str,
    context: Mapping[str, object],
) -> list[NoticeSend]:
    """The notice as each member with an address who wants it reads it, in their language
    (unsaved); a person named twice gets it once."""
    default = club_hook.house_settings(club).default_language
    people = [found for person in to if (found := recipient(person)) is not None]
    stopped = set(
        NoticeOptOut.objects.filter(kind=kind, user__in=[p.user_id for p in people]).values_list(
            "user_id", flat=True
        )
    )
    written: list[NoticeSend] = []
    seen: set[int] = set()
    for person in people:
        if person.user_id in stopped or person.user_id in seen:
            continue
        seen.add(person.user_id)
        language = person.language or default
        token = stop_token(person.user_id, kind)
        stop = full_link(club, reverse("scoring:stop_notices", args=[token]))
        values = {
            **context,
            "name": person.name,
            "club": club,
            "link": full_link(club, link),
            "stop_link": stop,
            "kind": kind,
        }
        with translation.override(language):
            values["kind_name"] = str(kind.label)
            subject = render_to_string(f"{template}_subject.txt", values)
            text = render_to_string(f"{template}.txt", values).rstrip()
            footer = render_to_string("scoring/notices/footer.txt", values)
            written.append(
                NoticeSend(
                    club=club,
                    user_id=person.user_id,
                    kind=kind,
                    to=person.address,
                    language=language,
                    subject=" ".join(subject.split())[:255],
                    text=f"{text}\n\n{footer}",
                    html=render_to_string(f"{template}.html", values),
                )
            )
    return written


def send_notice(
    *,
    club: Club,
    to: Sequence[Member | User],
    kind: NoticeKind,
    template: str,
    link: str,
    context: Mapping[str, object],
) -> None:
    """Written and kept now (inside the caller's transaction, from what it sees), sent after it
    commits; notices that failed before are tried again with them."""
    written = letters(club=club, to=to, kind=kind, template=template, link=link, context=context)
    if written:
        kept = record_notices(sends=written)
        transaction.on_commit(lambda: deliver_notices(notice_ids=kept + _failed_before(kept)))


RETRIED_WITH_A_SEND = 5


def _failed_before(kept: Sequence[int]) -> list[int]:
    """A few of the notices that failed before (oldest first), tried again with a new one;
    `manage.py send_notices --retry` tries them all."""
    again = [pk for pk in notices_to_send(retry=True, waiting=False) if pk not in set(kept)]
    return again[:RETRIED_WITH_A_SEND]
