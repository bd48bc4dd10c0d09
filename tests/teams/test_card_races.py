"""Two signatures on one card at the same moment (PostgreSQL: its writers really overlap): the
captains' signing locks the match's row, so the second waits for the first and reads its
signature, and the card is locked with both, once."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from teams.match_rules import Side
from teams.models import CardSignature, Match
from teams.services.matches import sign_card, start_match
from tests.races import at_once
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import duel_league, finish_games

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def a_finished_match() -> Match:
    _, fixtures = duel_league(secretary())
    fixture = fixtures[0]
    match = start_match(
        by=fixture.home.captain.user,
        fixture=fixture,
        home_players=[fixture.home.captain],
        away_players=[fixture.away.captain],
    )
    finish_games(match)
    return match


def test_both_captains_signing_at_once_lock_the_card_once_with_both_signatures() -> None:
    match = a_finished_match()
    home, away = match.fixture.home.captain.user, match.fixture.away.captain.user

    done, failures = at_once(
        lambda: sign_card(match=match, side=Side.HOME, signer=home),
        lambda: sign_card(match=match, side=Side.AWAY, signer=away),
    )

    assert failures == [] and len(done) == 2
    match.refresh_from_db()
    assert match.is_signed and match.home_score is not None
    assert CardSignature.objects.filter(match=match).count() == 2


def test_one_captain_signing_twice_at_once_signs_once_and_hears_why_not_twice() -> None:
    match = a_finished_match()
    home = match.fixture.home.captain.user

    done, failures = at_once(
        lambda: sign_card(match=match, side=Side.HOME, signer=home),
        lambda: sign_card(match=match, side=Side.HOME, signer=home),
    )

    assert len(done) == 1 and len(failures) == 1
    assert isinstance(failures[0], ValidationError)
    assert "has signed this card already" in failures[0].messages[0]
    assert CardSignature.objects.filter(match=match).count() == 1
