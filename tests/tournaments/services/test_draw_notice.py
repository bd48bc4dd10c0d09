"""A tournament's draw tells each member drawn to play (scoring.notices), in their language with
a full link to the day's page, once the draw has committed; guests have no address."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core import mail
from pytest_django.fixtures import Settings

from scoring.models import Member
from tests.scoring.services.helpers import secretary
from tests.tournaments.helpers import MEMBERS, club_night
from tournaments.services.rounds import draw_rounds

pytestmark = pytest.mark.django_db

Capture = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]

WORDS = {
    "en": ("The draw of Club night is out", "Rounds 1 to 3 of Club night are drawn"),
    "da": ("Lodtrækningen til Club night er klar", "Runde 1 til 3 af Club night er trukket"),
    "de": ("Die Auslosung von Club night ist da", "Die Runden 1 bis 3 von Club night sind"),
}


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_each_member_drawn_reads_of_the_draw_in_their_language(
    django_capture_on_commit_callbacks: Capture, settings: Settings, language: str
) -> None:
    settings.SITE_URL = "https://balut.example.org"
    tournament = club_night(secretary())
    for name in MEMBERS:
        Member.objects.filter(known_as=name).update(
            email=f"{name.lower()}@example.org", language=language
        )

    with django_capture_on_commit_callbacks(execute=True):
        draw_rounds(tournament=tournament)

    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        f"{name.lower()}@example.org" for name in MEMBERS
    )
    subject, body = WORDS[language]
    link = f"https://balut.example.org/c/club/tournaments/{tournament.pk}/"
    for message in mail.outbox:
        assert message.subject == subject
        assert body in message.body and link in message.body
        [(html, _)] = message.alternatives  # type: ignore[attr-defined]
        assert f'href="{link}"' in str(html)


def test_a_swiss_day_tells_of_each_round_as_it_is_drawn(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    tournament = club_night(secretary(), swiss=True, players=8)
    Member.objects.filter(known_as="Ann").update(email="ann@example.org")

    with django_capture_on_commit_callbacks(execute=True):
        draw_rounds(tournament=tournament)

    [message] = mail.outbox
    assert "Round 1 of Club night is drawn" in message.body
