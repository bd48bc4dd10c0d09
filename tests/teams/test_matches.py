"""A match from its fixture to the captains' signatures: the games are ordinary scoring games at
tables mixing the teams; the card is signed by both captains' PINs or disputed."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError

from teams.match_rules import Side
from teams.models import FixtureStatus, Match
from teams.selectors import match_outcome
from teams.services.matches import raise_dispute, resolve_dispute, sign_card, start_match
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import drawn_league, finish_games, lineup, started_match

pytestmark = pytest.mark.django_db


def test_a_match_starts_one_game_a_table_mixing_both_teams() -> None:
    match, (home, away) = started_match(secretary())

    games = list(match.games.select_related("game").order_by("table"))
    assert len(games) == 2
    for table_game in games:
        seated = list(table_game.game.players.order_by("seat"))
        roster = set(home.members.values_list("pk", flat=True))
        teams = ["home" if p.member_id in roster else "away" for p in seated]
        assert teams == ["home", "away", "home", "away"]
    # The home captain sits at table 1 and scores it.
    assert games[0].game.scorer == home.captain
    assert match_outcome(match) is None


def test_only_players_of_the_roster_play_and_nobody_twice() -> None:
    boss = secretary()
    _, teams, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]
    home, away = lineup(fixture.home), lineup(fixture.away)

    with pytest.raises(ValidationError, match="Not on the roster"):
        start_match(by=boss, fixture=fixture, home_players=away, away_players=home)
    with pytest.raises(ValidationError, match="different players"):
        start_match(by=boss, fixture=fixture, home_players=home[:3], away_players=away)
    with pytest.raises(PermissionDenied):
        start_match(by=home[1].user, fixture=fixture, home_players=home, away_players=away)
    assert not Match.objects.exists()


def test_the_card_adds_up_places_and_both_captains_sign_it_by_pin() -> None:
    match, (home, away) = started_match(secretary())
    finish_games(match)

    outcome = match_outcome(match)
    assert outcome is not None
    # The home players throw better and alike: level first (3 each) at each table, the away
    # players level third (1 each).
    assert (outcome.score.home, outcome.score.away) == (12, 4)
    assert {line.rank for line in outcome.lines if line.side == Side.HOME} == {1}
    assert outcome.score.match_points == (2, 0)

    with pytest.raises(ValidationError, match="captain signs"):
        sign_card(match=match, side=Side.HOME, signer=away.captain.user)
    sign_card(match=match, side=Side.HOME, signer=home.captain.user)
    with pytest.raises(ValidationError, match="signed this card already"):
        sign_card(match=match, side=Side.HOME, signer=home.captain.user)
    match.refresh_from_db()
    assert not match.is_signed
    sign_card(match=match, side=Side.AWAY, signer=away.captain.user)

    match.refresh_from_db()
    assert match.is_signed and len(match.verification_code) == 12
    assert match.fixture.status == FixtureStatus.PLAYED


def test_the_card_is_signed_only_after_the_games() -> None:
    match, (home, _) = started_match(secretary())

    with pytest.raises(ValidationError, match="not all over"):
        sign_card(match=match, side=Side.HOME, signer=home.captain.user)


def test_a_dispute_goes_to_the_secretary_and_holds_the_signatures(
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[list[object]]],
) -> None:
    boss = secretary()
    boss.email = "secretary@example.org"
    boss.save()
    match, (home, away) = started_match(boss)
    finish_games(match)

    with pytest.raises(ValidationError):
        raise_dispute(match=match, side=Side.AWAY, signer=away.captain.user, reason="  ")
    with django_capture_on_commit_callbacks(execute=True):
        dispute = raise_dispute(
            match=match, side=Side.AWAY, signer=away.captain.user, reason="Table 2 miscounted."
        )

    assert [message.to for message in mail.outbox] == [["secretary@example.org"]]
    assert "Table 2 miscounted." in mail.outbox[0].body
    with pytest.raises(ValidationError, match="disputed"):
        sign_card(match=match, side=Side.HOME, signer=home.captain.user)
    with pytest.raises(PermissionDenied):
        resolve_dispute(by=home.captain.user, dispute=dispute)

    resolve_dispute(by=boss, dispute=dispute)
    sign_card(match=match, side=Side.HOME, signer=home.captain.user)
    sign_card(match=match, side=Side.AWAY, signer=away.captain.user)
    match.refresh_from_db()
    assert match.is_signed
