"""A member chooses which notices they get (their own page, signed in) or stops one kind from
the link in a notice (no sign-in, a confirming button); a notice the mail server refused is
kept, tried again (with the next notice, or `manage.py send_notices --retry`) and shown to the
secretary with the server's reply."""

from __future__ import annotations

import smtplib
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse, set_script_prefix
from pytest_django.fixtures import Settings

from clubs.models import NoticeKind, NoticeOptOut, NoticeSend, NoticeStatus
from scoring.models import Member
from scoring.notices import full_link, send_notice, stop_token
from scoring.services.notices import MAX_ATTEMPTS
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db

Capture = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]
FAILING = "tests.scoring.test_notice_choices.RefusingBackend"


class RefusingBackend(BaseEmailBackend):
    """A mail server that answers every message with a refusal."""

    def send_messages(self, email_messages: Sequence[object]) -> int:
        raise smtplib.SMTPRecipientsRefused({"ann@example.org": (550, b"Mailbox unavailable")})


def with_address(known_as: str, language: str = "en") -> Member:
    person = member(known_as)
    Member.objects.filter(pk=person.pk).update(
        email=f"{known_as.lower()}@example.org", language=language
    )
    return Member.objects.select_related("user").get(pk=person.pk)


def notify(capture: Capture, to: list[Member], kind: NoticeKind = NoticeKind.RESULT) -> None:
    """A notice of `kind` to `to`, written in a change that commits."""
    with capture(execute=True), transaction.atomic():
        send_notice(
            club=the_club(),
            to=to,
            kind=kind,
            template="league/notices/claim_ratified",
            link=reverse("league:register"),
            context={"score": 321, "game": "Balut"},
        )


def test_a_member_who_unticks_a_kind_gets_no_more_of_it_and_still_gets_the_others(
    client: Client, django_capture_on_commit_callbacks: Capture
) -> None:
    ann, ben = with_address("Ann"), with_address("Ben")
    client.force_login(ann.user)
    page = client.get(reverse("scoring:my_notices")).content.decode()
    assert 'value="result" id="kind-result" checked' in page
    assert "ann@example.org" in page

    wanted = [kind for kind in NoticeKind.values if kind != NoticeKind.RESULT]
    response = client.post(reverse("scoring:my_notices"), {"kind": wanted})
    assert response.status_code == 302
    assert set(NoticeOptOut.objects.filter(user=ann.user).values_list("kind", flat=True)) == {
        NoticeKind.RESULT
    }
    page = client.get(reverse("scoring:my_notices")).content.decode()
    assert 'value="result" id="kind-result">' in page

    notify(django_capture_on_commit_callbacks, [ann, ben], NoticeKind.RESULT)
    notify(django_capture_on_commit_callbacks, [ann, ben], NoticeKind.DISPUTE)
    # Ann stopped the results: Ben gets both, Ann only the dispute.
    assert sorted(m.to[0] for m in mail.outbox) == [
        "ann@example.org",
        "ben@example.org",
        "ben@example.org",
    ]

    # Ticking it again brings it back.
    client.post(reverse("scoring:my_notices"), {"kind": NoticeKind.values})
    assert not NoticeOptOut.objects.filter(user=ann.user).exists()


def test_the_choice_of_notices_is_for_signed_in_members_only(client: Client) -> None:
    response = client.post(reverse("scoring:my_notices"), {"kind": []})
    assert response.status_code == 302 and response["Location"].startswith(
        reverse("scoring:signin")
    )
    assert not NoticeOptOut.objects.exists()


@pytest.mark.parametrize(
    ("language", "question", "done"),
    [
        ("en", "Stop the notices of this kind", "you get no more notices of this kind"),
        ("da", "Stop beskederne af denne slags", "du får ikke flere beskeder af denne slags"),
        ("de", "Die Benachrichtigungen dieser Art abbestellen", "keine Benachrichtigungen dieser"),
    ],
)
def test_the_stop_link_asks_first_then_stops_that_kind_without_signing_in(
    client: Client,
    django_capture_on_commit_callbacks: Capture,
    language: str,
    question: str,
    done: str,
) -> None:
    ann = with_address("Ann", language)
    notify(django_capture_on_commit_callbacks, [ann], NoticeKind.DISPUTE)
    [message] = mail.outbox
    link = next(word for word in message.body.split() if "/notices/stop/" in word)
    path = link.split("/c/club", 1)[1]

    asked = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert asked.status_code == 200 and question in asked.content.decode()
    assert not NoticeOptOut.objects.exists()  # a mail scanner's GET stops nothing

    stopped = client.post(path, HTTP_ACCEPT_LANGUAGE=language)
    assert stopped.status_code == 200 and done in stopped.content.decode()
    assert list(NoticeOptOut.objects.values_list("user_id", "kind")) == [
        (ann.user_id, NoticeKind.DISPUTE)
    ]
    mail.outbox.clear()
    notify(django_capture_on_commit_callbacks, [ann], NoticeKind.DISPUTE)
    notify(django_capture_on_commit_callbacks, [ann], NoticeKind.RESULT)
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]


def test_a_stop_link_the_server_did_not_sign_stops_nothing(client: Client) -> None:
    ann = with_address("Ann")
    forged = stop_token(ann.user_id, NoticeKind.RESULT)[:-2] + "xx"
    for method in (client.get, client.post):
        response = method(reverse("scoring:stop_notices", args=[forged]))
        assert response.status_code == 404
        assert "not one the club sent" in response.content.decode()
    assert not NoticeOptOut.objects.exists()


def test_a_change_rolled_back_keeps_and_sends_no_notice(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    ann = with_address("Ann")
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        send_notice(
            club=the_club(),
            to=[ann],
            kind=NoticeKind.RESULT,
            template="league/notices/claim_ratified",
            link=reverse("league:register"),
            context={"score": 1, "game": "Balut"},
        )
        raise RuntimeError("undone")
    assert mail.outbox == [] and not NoticeSend.objects.exists()


def test_a_refused_notice_is_kept_retried_and_shown_to_the_secretary(
    client: Client, django_capture_on_commit_callbacks: Capture, settings: Settings
) -> None:
    ann = with_address("Ann")
    settings.EMAIL_BACKEND = FAILING
    notify(django_capture_on_commit_callbacks, [ann])

    send = NoticeSend.objects.get()
    assert (send.status, send.attempts, send.to) == (NoticeStatus.FAILED, 1, "ann@example.org")
    assert "Mailbox unavailable" in send.last_error
    client.force_login(secretary())
    page = client.get(reverse("scoring:club_notices")).content.decode()
    assert "The mail server answered: SMTPRecipientsRefused" in page
    assert "Mailbox unavailable" in page and send.subject in page

    # Still refused: the task counts it failed (exit 1) and keeps trying no more than allowed.
    with pytest.raises(SystemExit):
        call_command("send_notices", "--retry")
    assert NoticeSend.objects.get().attempts == 2

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    call_command("send_notices")  # without --retry: only notices left waiting
    assert NoticeSend.objects.get().status == NoticeStatus.FAILED and mail.outbox == []
    call_command("send_notices", "--retry")
    send.refresh_from_db()
    assert (send.status, send.attempts, send.last_error) == (NoticeStatus.SENT, 3, "")
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]
    call_command("send_notices", "--retry")
    assert len(mail.outbox) == 1  # sent once only


def test_a_refused_notice_goes_with_the_next_one_and_stops_after_its_last_attempt(
    django_capture_on_commit_callbacks: Capture, settings: Settings
) -> None:
    ann, ben = with_address("Ann"), with_address("Ben")
    settings.EMAIL_BACKEND = FAILING
    notify(django_capture_on_commit_callbacks, [ann])
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    notify(django_capture_on_commit_callbacks, [ben])
    assert sorted(m.to[0] for m in mail.outbox) == ["ann@example.org", "ben@example.org"]
    assert set(NoticeSend.objects.values_list("status", flat=True)) == {NoticeStatus.SENT}

    settings.EMAIL_BACKEND = FAILING
    notify(django_capture_on_commit_callbacks, [ann])
    for _ in range(MAX_ATTEMPTS + 2):
        with pytest.raises(SystemExit):
            call_command("send_notices", "--retry")
        if not NoticeSend.objects.filter(attempts__lt=MAX_ATTEMPTS, status="failed").exists():
            break
    last = NoticeSend.objects.order_by("-pk").first()
    assert last is not None and (last.status, last.attempts) == (NoticeStatus.FAILED, MAX_ATTEMPTS)
    call_command("send_notices", "--retry")  # nothing left to try: no failure counted
    assert NoticeSend.objects.get(pk=last.pk).attempts == MAX_ATTEMPTS


def test_a_notice_left_waiting_by_a_stopped_process_is_sent_by_the_task() -> None:
    ann = with_address("Ann")
    with transaction.atomic():
        send_notice(
            club=the_club(),
            to=[ann],
            kind=NoticeKind.RESULT,
            template="league/notices/claim_ratified",
            link=reverse("league:register"),
            context={"score": 1, "game": "Balut"},
        )
    # The test's own transaction never commits, as a process killed before its commit hook.
    assert NoticeSend.objects.get().status == NoticeStatus.WAITING and mail.outbox == []
    call_command("send_notices")
    assert NoticeSend.objects.get().status == NoticeStatus.SENT
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]


def test_only_the_secretary_reads_the_clubs_notices(client: Client) -> None:
    ann = with_address("Ann")
    assert client.get(reverse("scoring:club_notices")).status_code == 302
    client.force_login(ann.user)
    assert client.get(reverse("scoring:club_notices")).status_code == 403


def test_a_link_made_inside_a_clubs_address_names_the_club_once(settings: Settings) -> None:
    settings.SITE_URL = "https://balut.example.org"
    # A page of the club (clubs.middleware) reverses with the club's prefix.
    set_script_prefix("/c/club/")
    try:
        path = reverse("league:register")
        assert path == "/c/club/register/"
        assert full_link(the_club(), path) == "https://balut.example.org/c/club/register/"
    finally:
        set_script_prefix("/")
    # Made outside any club's address (a command, a test), the path has no prefix to drop.
    assert full_link(the_club(), reverse("league:register")) == (
        "https://balut.example.org/c/club/register/"
    )
