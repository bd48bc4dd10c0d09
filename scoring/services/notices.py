"""Writing what scoring.notices sends: each notice kept (clubs.NoticeSend) with the change it
tells of, delivered after that change commits, and tried again when the mail server failed; and a
member's choice of which kinds of notice they get (clubs.NoticeOptOut).

A notice is tried at most MAX_ATTEMPTS times: right after its change commits, then by
`manage.py send_notices --retry` (cron or a timer, docs/install.md) and whenever the server sends
another notice. A send that still fails is left for the secretary's Notices page, with the mail
server's last reply.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.contrib.auth.models import User
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.utils import timezone

from clubs.models import NoticeKind, NoticeOptOut, NoticeSend, NoticeStatus
from scoring.transactions import require_transaction

MAX_ATTEMPTS = 5
ERROR_LENGTH = 2000


def record_notices(*, sends: Sequence[NoticeSend]) -> list[int]:
    """Keep the written notices with the caller's change (its transaction): they are sent
    once it commits, and not at all when it rolls back."""
    require_transaction("record_notices")
    for send in sends:
        send.full_clean()
    return [send.pk for send in NoticeSend.objects.bulk_create(sends)]


@transaction.atomic
def deliver_notice(*, notice_id: int) -> NoticeStatus | None:
    """Send one waiting or failed notice (locked, so two senders never both send it); its
    status afterwards, or None when another sender has it or it needs no sending."""
    send = (
        NoticeSend.objects.select_for_update(skip_locked=True)
        .filter(
            pk=notice_id,
            status__in=[NoticeStatus.WAITING, NoticeStatus.FAILED],
            attempts__lt=MAX_ATTEMPTS,
        )
        .first()
    )
    if send is None:
        return None
    message = EmailMultiAlternatives(send.subject, send.text, to=[send.to])
    message.attach_alternative(send.html, "text/html")
    send.attempts += 1
    try:
        message.send()
    except Exception as error:  # noqa: BLE001 - any failure of the mail server is kept, in words
        send.status = NoticeStatus.FAILED
        send.last_error = (f"{type(error).__name__}: {error}")[:ERROR_LENGTH]
    else:
        send.status, send.sent_at, send.last_error = NoticeStatus.SENT, timezone.now(), ""
    send.full_clean()
    send.save(update_fields=["status", "attempts", "last_error", "sent_at"])
    return NoticeStatus(send.status)


def deliver_notices(*, notice_ids: Iterable[int]) -> dict[str, int]:
    """How many of the notices went, failed (or needed nothing): each is sent in its own
    transaction (deliver_notice), so one failure keeps the others sent."""
    counts = {status.value: 0 for status in NoticeStatus}
    for notice_id in notice_ids:
        status = deliver_notice(notice_id=notice_id)
        if status is not None:
            counts[status] += 1
    return counts


def notices_to_send(*, retry: bool, waiting: bool = True) -> list[int]:
    """The notices left waiting (their process stopped before sending them, or it is still
    about to) unless not `waiting`; with `retry`, the failed ones too that have attempts left.
    Oldest first."""
    statuses = [NoticeStatus.WAITING] if waiting else []
    if retry:
        statuses.append(NoticeStatus.FAILED)
    return list(
        NoticeSend.objects.filter(status__in=statuses, attempts__lt=MAX_ATTEMPTS)
        .order_by("created_at", "pk")
        .values_list("pk", flat=True)
    )


@transaction.atomic
def choose_notices(*, user: User, wanted: Iterable[str]) -> set[str]:
    """The kinds `user` gets from now on are `wanted`; every other kind is stopped."""
    wanted = set(wanted) & set(NoticeKind.values)
    NoticeOptOut.objects.filter(user=user, kind__in=wanted).delete()
    stopped = set(NoticeKind.values) - wanted
    have = set(NoticeOptOut.objects.filter(user=user).values_list("kind", flat=True))
    for kind in sorted(stopped - have):
        opt_out = NoticeOptOut(user=user, kind=kind)
        opt_out.full_clean(validate_constraints=False)
        opt_out.save()
    return stopped


@transaction.atomic
def stop_notices(*, user_id: int, kind: str) -> NoticeOptOut | None:
    """The person `user_id` gets no more notices of `kind` (the stop link of a notice); None
    when nobody has that id any longer."""
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return None
    opt_out, _created = NoticeOptOut.objects.get_or_create(user=user, kind=NoticeKind(kind))
    return opt_out
