"""The teams' notices by e-mail (scoring.notices): both captains hear that a card is signed and
that a fixture moved or is postponed; a dispute raised and resolved reaches both captains and
the home club's secretaries. Each reads it in their own language with a full link, as plain
text and HTML, once the change has committed."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core import mail
from django.core.mail import EmailMultiAlternatives
from django.utils import timezone
from pytest_django.fixtures import Settings

from scoring.models import Member
from teams.match_rules import Side
from teams.models import Fixture, Match
from teams.services.entries import decide_entry, request_entry
from teams.services.fixtures import draw_fixtures, move_fixture, postpone_fixture
from teams.services.matches import raise_dispute, resolve_dispute, sign_card
from teams.services.teams import enter_team
from tests.factories import other_club, the_club
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import duel_league, finish_games, start_match
from tests.teams.test_inter_club import inter_club_league, secretary_of, team_of

pytestmark = pytest.mark.django_db

Capture = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]

SIGNED = {
    "en": ("Card signed", "Both captains have signed the card of"),
    "da": ("Kampkort skrevet under", "Begge holdkaptajner har skrevet under"),
    "de": ("Spielbericht unterschrieben", "Beide Mannschaftskapitäne haben den Spielbericht"),
}
MOVED = {
    "en": ("Fixture moved", "is now played on"),
    "da": ("Kamp flyttet", "spilles nu"),
    "de": ("Begegnung verlegt", "wird jetzt am"),
}
DISPUTED = {
    "en": ("Match card disputed", "disputes the card of"),
    "da": ("Kampkort anfægtet", "anfægter kampkortet"),
    "de": ("Spielbericht angefochten", "ficht den Spielbericht"),
}
RESOLVED = {
    "en": ("Dispute resolved", "The captains may sign the card now."),
    "da": ("Anfægtelse afgjort", "Holdkaptajnerne kan skrive under på kortet nu."),
    "de": ("Anfechtung entschieden", "Die Mannschaftskapitäne können den Bericht jetzt"),
}


def give_addresses(fixture: Fixture, language: str) -> None:
    for team, address in ((fixture.home, "home@example.org"), (fixture.away, "away@example.org")):
        Member.objects.filter(pk=team.captain_id).update(email=address, language=language)


def played(fixture: Fixture) -> Match:
    match = start_match(
        by=fixture.home.captain.user,
        fixture=fixture,
        home_players=[fixture.home.captain],
        away_players=[fixture.away.captain],
    )
    finish_games(match)
    return match


def bodies_of(to: str) -> list[tuple[str, str, str]]:
    """Each notice to `to`: its subject, plain text and HTML."""
    found = []
    for message in mail.outbox:
        if message.to == [to]:
            assert isinstance(message, EmailMultiAlternatives)
            [(html, kind)] = message.alternatives
            assert kind == "text/html"
            found.append((str(message.subject), str(message.body), str(html)))
    return found


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_both_captains_read_the_signed_card_in_their_language_with_a_full_link(
    django_capture_on_commit_callbacks: Capture, settings: Settings, language: str
) -> None:
    settings.SITE_URL = "https://balut.example.org"
    _, fixtures = duel_league(secretary())
    give_addresses(fixtures[0], language)
    match = played(Fixture.objects.get(pk=fixtures[0].pk))
    fixture = match.fixture

    with django_capture_on_commit_callbacks(execute=True):
        sign_card(match=match, side=Side.HOME, signer=fixture.home.captain.user)
    assert mail.outbox == []  # one signature is not a result yet
    with django_capture_on_commit_callbacks(execute=True):
        sign_card(match=match, side=Side.AWAY, signer=fixture.away.captain.user)

    match.refresh_from_db()
    link = f"https://balut.example.org/c/club/matches/{match.pk}/"
    subject_words, body_words = SIGNED[language]
    for address in ("home@example.org", "away@example.org"):
        [(subject, text, html)] = bodies_of(address)
        assert subject_words in subject and fixture.home.name in subject
        assert body_words in text and match.verification_code in text
        assert link in text and f'href="{link}"' in html
        # Each notice says how to stop its kind, without signing in.
        assert "https://balut.example.org/c/club/notices/stop/" in text
        assert 'href="https://balut.example.org/c/club/notices/stop/' in html


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_both_captains_hear_of_a_moved_fixture_and_of_a_postponed_one(
    django_capture_on_commit_callbacks: Capture, language: str
) -> None:
    boss = secretary()
    _, fixtures = duel_league(boss)
    fixture = Fixture.objects.get(pk=fixtures[0].pk)
    give_addresses(fixture, language)
    later = fixture.starts_at + datetime.timedelta(days=2)

    with django_capture_on_commit_callbacks(execute=True):
        move_fixture(by=boss, fixture=fixture, starts_at=later, venue="The Anchor")

    subject_words, body_words = MOVED[language]
    for address in ("home@example.org", "away@example.org"):
        [(subject, text, _)] = bodies_of(address)
        assert subject_words in subject
        assert body_words in text and "The Anchor" in text
        assert str(timezone.localtime(later).year) in text
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        postpone_fixture(by=boss, fixture=Fixture.objects.get(pk=fixture.pk))
    assert sorted(message.to[0] for message in mail.outbox) == [
        "away@example.org",
        "home@example.org",
    ]
    assert all(fixture.home.name in message.subject for message in mail.outbox)


@pytest.mark.parametrize("language", ["en", "da", "de"])
def test_a_dispute_raised_and_resolved_reaches_both_captains_and_the_secretary(
    django_capture_on_commit_callbacks: Capture, language: str
) -> None:
    boss = secretary()
    boss.email = "secretary@example.org"
    boss.save()
    _, fixtures = duel_league(boss)
    give_addresses(fixtures[0], language)
    match = played(Fixture.objects.get(pk=fixtures[0].pk))
    away_captain = match.fixture.away.captain

    with django_capture_on_commit_callbacks(execute=True):
        dispute = raise_dispute(
            match=match, side=Side.AWAY, signer=away_captain.user, reason="Table 1 miscounted."
        )
    everyone = ["away@example.org", "home@example.org", "secretary@example.org"]
    assert sorted(message.to[0] for message in mail.outbox) == everyone
    subject_words, body_words = DISPUTED[language]
    [(subject, text, html)] = bodies_of("home@example.org")
    assert subject_words in subject
    assert body_words in text and away_captain.known_as in text
    assert "Table 1 miscounted." in text and "Table 1 miscounted." in html
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        resolve_dispute(by=boss, dispute=dispute)
    assert sorted(message.to[0] for message in mail.outbox) == everyone
    subject_words, body_words = RESOLVED[language]
    [(subject, text, _)] = bodies_of("away@example.org")
    assert subject_words in subject and body_words in text
    # The secretary has no member: the club's own language (English here) is theirs.
    [(subject, _, _)] = bodies_of("secretary@example.org")
    assert "Dispute resolved" in subject


def test_a_refused_signature_tells_nobody(django_capture_on_commit_callbacks: Capture) -> None:
    _, fixtures = duel_league(secretary())
    give_addresses(fixtures[0], "en")
    match = played(Fixture.objects.get(pk=fixtures[0].pk))
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(Exception, match="sign"):
        sign_card(match=match, side=Side.HOME, signer=match.fixture.away.captain.user)
    assert mail.outbox == []


def test_a_dispute_in_a_league_between_clubs_reaches_the_hosts_and_the_organisers_secretaries(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    boss = secretary()
    boss.email = "organiser@example.org"
    boss.save()
    division = inter_club_league(boss)
    host = secretary_of(other_club(), "bsec")
    host.email = "host@example.org"
    host.save()
    rovers = team_of(other_club(), host, "Rovers")
    decide_entry(by=boss, entry=request_entry(by=host, division=division, team=rovers), accept=True)
    enter_team(by=boss, division=division, team=team_of(the_club(), boss, "Lions"))
    fixtures = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )
    fixture = next(f for f in fixtures if f.home_id == rovers.pk)
    match = played(Fixture.objects.get(pk=fixture.pk))

    with django_capture_on_commit_callbacks(execute=True):
        raise_dispute(
            match=match, side=Side.AWAY, signer=match.fixture.away.captain.user, reason="No."
        )
    assert sorted(m.to[0] for m in mail.outbox) == ["host@example.org", "organiser@example.org"]
    # The links lead to the organising club, whose pages show the match.
    assert f"/c/club/matches/{match.pk}/" in mail.outbox[0].body
