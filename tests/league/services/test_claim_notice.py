"""A ratified register claim tells its claimant by e-mail (scoring.notices): in their language,
with a full link, as plain text and HTML, and only once the ratification has committed."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core import mail
from django.db import transaction
from pytest_django.fixtures import Settings

from league.models import RegisterClaim
from league.services.books import book_game
from league.services.register import open_claims, ratify_claim
from scoring.models import Member
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.django_db

Capture = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]

WORDS = {
    "en": ("is in the register", "in the club's register"),
    "da": ("er i registret", "ind i klubbens register"),
    "de": ("steht im Register", "ins Register des Clubs"),
}


def high_claim() -> RegisterClaim:
    game = play_bar()
    book_game(game=game)
    open_claims(game=game)
    claim = RegisterClaim.objects.get(game=game, kind="high")
    assert claim.player.member is not None
    return claim


def claimant(claim: RegisterClaim) -> Member:
    member = claim.player.member
    assert member is not None
    return member


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_the_claimant_reads_of_it_in_their_language_with_a_full_link(
    django_capture_on_commit_callbacks: Capture, settings: Settings, language: str
) -> None:
    settings.SITE_URL = "https://balut.example.org"
    boss = secretary()
    claim = high_claim()
    Member.objects.filter(pk=claimant(claim).pk).update(
        email="claimant@example.org", language=language
    )
    claim.player.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        ratify_claim(claim=RegisterClaim.objects.get(pk=claim.pk), by=boss)
    [message] = mail.outbox
    subject_words, body_words = WORDS[language]
    assert message.to == ["claimant@example.org"]
    assert subject_words in message.subject
    assert str(claim.score) in message.subject
    assert body_words in message.body
    assert "https://balut.example.org/c/club/register/" in message.body
    [(html, kind)] = message.alternatives  # type: ignore[attr-defined]
    assert kind == "text/html"
    assert 'href="https://balut.example.org/c/club/register/"' in html


def test_nothing_is_sent_before_the_commit_nor_to_a_member_without_an_address(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    boss = secretary()
    claim = high_claim()
    with django_capture_on_commit_callbacks(execute=True) as waiting:
        ratify_claim(claim=claim, by=boss)
    assert waiting == []
    assert mail.outbox == []


def test_a_ratification_rolled_back_tells_no_one(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    boss = secretary()
    claim = high_claim()
    Member.objects.filter(pk=claimant(claim).pk).update(email="claimant@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        try:
            with transaction.atomic():
                ratify_claim(claim=RegisterClaim.objects.get(pk=claim.pk), by=boss)
                raise RuntimeError("undone")
        except RuntimeError:
            pass
    assert mail.outbox == []
