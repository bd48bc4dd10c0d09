"""Rule 13: the register's highest line is the record the bar shows. A better total not yet
signed or ratified is shown as waiting, never as the record; a game the club keeps no register
for has no register card."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.models import RegisterClaim
from league.register_record import WaitingFor, register_records
from league.services.books import book_game
from league.services.register import ratify_claim
from league.services.settings import update_club_settings
from scoring import rules
from tests.factories import other_club, the_club
from tests.league.helpers import paper_record, play_bar
from tests.scoring.services.helpers import secretary, sign_all
from tests.stats.helpers import finished_bar_game

pytestmark = pytest.mark.django_db

BOARD = reverse("stats:board")
REGISTER = reverse("league:register")


def board_panel(client: Client) -> str:
    html = client.get(BOARD).content.decode()
    return html[html.index('id="board-bar-high"') :].split("</div>")[0]


def test_the_bar_shows_the_registers_record_beside_an_unsigned_better_game(
    client: Client,
) -> None:
    paper_record(160)
    game = play_bar()
    book_game(game=game)

    (bar,) = register_records(the_club())
    panel = board_panel(client)
    register = client.get(REGISTER).content.decode()

    assert bar.highest is not None and (bar.highest.score, bar.highest.name) == (160, "Old Tom")
    assert bar.new_high is not None and bar.new_high.mark.game_id == game.pk
    assert 'data-record><span class="board-score">160</span> Old Tom' in panel
    assert '<span class="board-score">162</span> Ann, awaiting signatures' in panel
    top = register[register.index('data-highest="bar"') : register.index('id="register-heading"')]
    assert 'highest-score">160</p>' in top and 'data-awaiting="signatures"' in top


def test_a_total_below_the_registers_record_is_not_waiting(client: Client) -> None:
    paper_record(165)
    book_game(game=play_bar())

    (bar,) = register_records(the_club())

    assert bar.highest is not None and bar.highest.score == 165
    assert bar.new_high is None, "Ann's 162 does not beat the register's 165"


def test_a_new_high_waits_for_signatures_then_for_the_secretary_then_is_the_record(
    client: Client,
) -> None:
    game = play_bar()
    book_game(game=game)

    (bar,) = register_records(the_club())
    assert bar.highest is None
    assert bar.new_high is not None
    assert (bar.new_high.mark.score, bar.new_high.mark.name) == (162, "Ann")
    assert bar.new_high.waiting_for == WaitingFor.SIGNATURES
    panel = board_panel(client)
    assert "data-record" not in panel and "No line in the register yet." in panel
    assert '<span class="board-score">162</span> Ann, awaiting signatures' in panel

    sign_all(game)
    (bar,) = register_records(the_club())
    assert bar.new_high is not None and bar.new_high.waiting_for == WaitingFor.RATIFICATION
    assert '<span class="board-score">162</span> Ann, awaiting ratification' in board_panel(client)
    register = client.get(REGISTER).content.decode()
    assert 'data-awaiting="ratification"' in register and "162</span> Ann" in register

    claim = RegisterClaim.objects.get(game=game, kind="high")
    ratify_claim(claim=claim, by=secretary())
    (bar,) = register_records(the_club())
    assert bar.highest is not None and bar.highest.score == 162 and bar.new_high is None
    panel = board_panel(client)
    assert 'data-record><span class="board-score">162</span> Ann' in panel
    assert "awaiting" not in panel


def test_a_rejected_claim_is_neither_the_record_nor_waiting(client: Client) -> None:
    from league.services.register import reject_claim

    game = play_bar()
    book_game(game=game)
    sign_all(game)
    reject_claim(
        claim=RegisterClaim.objects.get(game=game, kind="high"), by=secretary(), note="Misread"
    )

    (bar,) = register_records(the_club())

    assert bar.highest is None and bar.new_high is None


def test_games_without_register_bounds_have_no_register_card(client: Client) -> None:
    finished_bar_game()
    update_club_settings(
        in_club=the_club(),
        by=secretary(),
        club_name="",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={"balut": rules.RegisterBounds(high=400, low=100)},
        default_options={},
    )

    html = client.get(REGISTER).content.decode()

    assert [record.ruleset for record in register_records(the_club())] == ["balut"]
    assert 'data-highest="balut"' in html and 'data-highest="bar"' not in html
    assert 'id="board-bar-high"' not in client.get(BOARD).content.decode()


def test_another_clubs_better_game_is_not_waiting_in_this_clubs_register() -> None:
    game = play_bar()
    book_game(game=game)

    (ours,) = register_records(the_club())
    (theirs,) = register_records(other_club())

    assert ours.new_high is not None and ours.new_high.mark.score == 162
    assert theirs.new_high is None and theirs.new_low is None
