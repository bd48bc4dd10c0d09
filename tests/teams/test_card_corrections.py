"""A match card follows the corrections of its tables' games: a correction that changes what the
captains signed ends their signatures (in the correction's transaction: card, table, cup and
board together), tells them, and lets them sign again; one that changes no figure keeps all."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.models import Game, Turn
from scoring.services.corrections import correct_turn
from scoring.services.games import void_game
from teams.board_panel import tonights_panel
from teams.book import TeamsBook
from teams.match_rules import Side
from teams.models import CardReopening, CupTie, Fixture, FixtureStatus, Match
from teams.selectors import division_table, match_outcome
from teams.services.cup import draw_cup
from teams.services.matches import sign_card
from tests.factories import the_club
from tests.page_text import text_of
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import cup_of, duel_league, play_and_sign, tie_fixture

pytestmark = pytest.mark.django_db

Capture = Callable[..., AbstractContextManager[list[Callable[[], object]]]]


def the_game(match: Match) -> Game:
    return match.games.get().game


def correct_first_turn(match: Match, dice: list[int], *, by: object) -> None:
    """The home player's first turn corrected to `dice`, in the box it was scored in."""
    game = the_game(match)
    turn = Turn.objects.get(game=game, number=0)
    correct_turn(
        game=game,
        number=0,
        turn_record={"box": turn.box, "dice": dice},
        reason="Misread the dice",
        corrected_by=by,  # type: ignore[arg-type]
    )


def score(match: Match) -> tuple[int, int]:
    outcome = match_outcome(match)
    assert outcome is not None
    return outcome.score.home, outcome.score.away


def test_a_correction_that_changes_the_result_after_both_signed_reopens_the_card_and_tells_both(
    client: Client, django_capture_on_commit_callbacks: Capture
) -> None:
    boss = secretary()
    division, fixtures = duel_league(boss)
    home, away = fixtures[0].home, fixtures[0].away
    for team, address in ((home, "home@example.com"), (away, "away@example.com")):
        team.captain.email = address
        team.captain.save(update_fields=["email"])
    match = play_and_sign(fixtures[0], level=True)
    old_code = match.verification_code
    assert score(match)[0] == score(match)[1]
    assert [row.match_points for row in division_table(division)] == [1, 1]

    with django_capture_on_commit_callbacks(execute=True):
        correct_first_turn(match, [4, 4, 4, 4, 4], by=boss)

    match.refresh_from_db()
    assert not match.is_signed and match.reopened_at is not None
    assert not match.signatures.exists()
    assert match.home_score is None and not match.players.filter(rank__isnull=False).exists()
    home_score, away_score = score(match)
    assert home_score > away_score
    # The table no longer counts what nobody has signed; the fixture waits for its card.
    assert [row.played for row in division_table(division)] == [0, 0]
    assert Fixture.objects.get(pk=fixtures[0].pk).status == FixtureStatus.SCHEDULED
    reopening = CardReopening.objects.get(match=match)
    assert reopening.verification_code == old_code
    assert sorted(message.to[0] for message in mail.outbox) == [
        "away@example.com",
        "home@example.com",
    ]
    assert "sign the corrected card again" in mail.outbox[0].body
    page = text_of(client.get(reverse("teams:match", args=[match.pk])).content.decode())
    assert "Corrected after signing" in page and "both captains sign again" in page
    verify = client.get(reverse("teams:verify_card", args=[old_code]))
    assert verify.status_code == 200
    assert "was corrected after the captains signed it" in verify.content.decode()

    sign_card(match=match, side=Side.HOME, signer=home.captain.user)
    sign_card(match=match, side=Side.AWAY, signer=away.captain.user)

    match.refresh_from_db()
    assert match.is_signed and match.verification_code != old_code
    assert (match.home_score, match.away_score) == (home_score, away_score)
    table = division_table(division)
    assert [(row.team, row.match_points) for row in table] == [(home, 2), (away, 0)]
    verify = client.get(reverse("teams:verify_card", args=[match.verification_code]))
    assert "is genuine" in verify.content.decode()


def test_a_correction_that_changes_no_figure_keeps_the_signatures_and_the_card_verified(
    client: Client, django_capture_on_commit_callbacks: Capture
) -> None:
    boss = secretary()
    division, fixtures = duel_league(boss)
    match = play_and_sign(fixtures[0])
    code = match.verification_code

    with django_capture_on_commit_callbacks(execute=True):
        # Other points for the home player, who still wins the table.
        correct_first_turn(match, [4, 4, 2, 1, 1], by=boss)

    match.refresh_from_db()
    assert match.is_signed and match.verification_code == code
    assert match.signatures.count() == 2 and match.reopened_at is None
    assert not CardReopening.objects.exists() and not mail.outbox
    verify = client.get(reverse("teams:verify_card", args=[code]))
    assert "is genuine" in verify.content.decode()
    assert division_table(division)[0].match_points == 2


def test_a_correction_between_the_two_signatures_ends_the_first_one() -> None:
    boss = secretary()
    _, fixtures = duel_league(boss)
    fixture = fixtures[0]
    match = play_and_sign(fixture, level=True)
    # Start again from a half-signed card: the away captain has not signed yet.
    match.signatures.filter(side=Side.AWAY.value).delete()
    Match.objects.filter(pk=match.pk).update(verification_code="", home_score=None)
    match.refresh_from_db()

    correct_first_turn(match, [4, 4, 4, 4, 4], by=boss)

    assert not match.signatures.exists()
    sign_card(match=match, side=Side.AWAY, signer=fixture.away.captain.user)
    sign_card(match=match, side=Side.HOME, signer=fixture.home.captain.user)
    match.refresh_from_db()
    assert match.is_signed


def test_voiding_a_cup_matchs_game_takes_its_winner_out_of_the_next_round_again() -> None:
    boss = secretary()
    division, _ = cup_of(boss, 3)
    draw_cup(
        by=boss,
        division=division,
        seeded=1,
        first_round_on=datetime.date(2026, 2, 5),
        starts_at=datetime.time(19, 30),
    )
    tie = CupTie.objects.get(division=division, round=1, bye=False)
    match = play_and_sign(tie_fixture(tie))
    final = CupTie.objects.get(division=division, round=2)
    assert final.fixture is not None

    void_game(game=the_game(match), by=boss, reason="Wrong players")

    tie.refresh_from_db()
    final.refresh_from_db()
    assert tie.winner is None and final.away is None and final.fixture is None
    assert Fixture.objects.filter(division=division).count() == 1
    match.refresh_from_db()
    assert not match.is_signed and match_outcome(match) is None


def test_the_board_says_a_corrected_card_waits_for_the_captains() -> None:
    boss = secretary()
    _, fixtures = duel_league(boss)
    fixture = fixtures[0]
    Fixture.objects.filter(pk=fixture.pk).update(starts_at=timezone.now())
    match = play_and_sign(fixture, level=True)

    correct_first_turn(match, [4, 4, 4, 4, 4], by=boss)

    panel = tonights_panel(the_club())
    assert "Corrected: the captains sign again" in panel
    assert "Card signed" not in panel


def test_the_books_check_finds_a_signed_card_its_games_no_longer_come_to_and_repair_reopens() -> (
    None
):
    boss = secretary()
    _, fixtures = duel_league(boss)
    match = play_and_sign(fixtures[0])
    book = TeamsBook()
    assert book.check(repair=False) == []
    # A kept figure changed behind the services' back.
    Match.objects.filter(pk=match.pk).update(home_score=0)

    assert len(book.check(repair=False)) == 1
    assert len(book.check(repair=True)) == 1

    match.refresh_from_db()
    assert not match.is_signed and match.reopened_at is not None
    assert book.check(repair=False) == []
