"""The tablet's sheet shows what was played: empty cells look empty, a jackpot's negative bonus
is "for now" while the game runs, and the finishing turn's flash gives way to the banner."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from tests.scoring.services.helpers import fill_game, five_dice, new_game, play, play_boxes
from tests.scoring.views.test_play import page, scorer_client, turns_url
from tests.scoring.views.test_turn_answer import (
    TABLET,
    bar_game_one_turn_from_the_end,
    next_turn_post,
)

pytestmark = pytest.mark.django_db


def foot_cells(html: str, attribute: str) -> dict[str, str]:
    return dict(re.findall(rf'data-{attribute}="(\w+)">(?:<strong>)?([^<]*)<', html))


def test_a_new_game_sheet_shows_no_totals_points_or_places(client: Client) -> None:
    game = new_game("balut")

    html = scorer_client(client, game).get(page(game)).content.decode()

    assert 'class="row-total"' not in html and "row-points" not in html
    assert foot_cells(html, "total") == {"Ann": "", "Ben": ""}
    assert foot_cells(html, "points") == {"Ann": "", "Ben": ""}
    assert foot_cells(html, "rank") == {"Ann": "", "Ben": ""}
    sheet = html.split('id="sheet"')[1]
    assert ">-2<" not in sheet


def test_only_a_row_with_a_filled_box_shows_its_total_and_points(client: Client) -> None:
    game = new_game("balut")
    play(game, five_dice(game, "fours", "44412"))

    html = scorer_client(client, game).get(page(game)).content.decode()

    assert html.count('class="row-total"') == 1
    fours = html.split('id="sheet-row-fours"')[1].split("</tr>")[0]
    assert "= 12" in fours and "0 pt" in fours
    assert foot_cells(html, "total") == {"Ann": "12", "Ben": ""}
    assert foot_cells(html, "points") == {"Ann": "-2", "Ben": ""}


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "-4 bonus for now"), ("da", "-4 bonus indtil videre"), ("de", "-4 Bonus vorerst")],
)
def test_a_claimed_jackpot_short_of_its_condition_says_its_minus_is_for_now(
    client: Client, language: str, words: str
) -> None:
    game = new_game("jackpot")
    play_boxes(game, [("fives_jackpot", "55551"), ("fours", "44412")])

    with translation.override(language):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        html = scorer_client(client, game).get(page(game)).content.decode()

    jackpot_row = html.split('id="sheet-row-fives_jackpot"')[1].split("</tr>")[0]
    assert words in jackpot_row


def test_the_finishing_turn_answers_with_the_banner_and_no_flash_above_it(
    client: Client,
) -> None:
    game, last_turn = bar_game_one_turn_from_the_end(client)

    html = client.post(turns_url(game), last_turn, headers=TABLET).content.decode()

    assert 'id="winner-banner"' in html
    assert 'id="notice"' not in html
    # The row the turn filled comes again; no other row of a game without jackpots reads
    # whether the game is over, so none other is sent.
    assert f'id="sheet-row-{last_turn["box"]}"' in html
    assert last_turn["box"] != "fours" and 'id="sheet-row-fours"' not in html


def test_the_finishing_turn_sends_a_jackpots_bonus_final_not_for_now(client: Client) -> None:
    game = new_game("jackpot")
    # Ann claims the fives' jackpot with four fives: short of its condition, "for now".
    play_boxes(game, [("fives_jackpot", "55551")])
    fill_game(game, leave=1)
    last_turn = next_turn_post(game)
    before = scorer_client(client, game).get(page(game)).content.decode()

    html = client.post(turns_url(game), last_turn, headers=TABLET).content.decode()

    for jackpot in re.findall(r'id="sheet-row-(\w+_jackpot)"', before):
        row = html.split(f'id="sheet-row-{jackpot}"')[1].split("</tr>")[0]
        assert "for now" not in row
    assert "bonus for now" in before and "bonus for now" not in html


def test_an_ordinary_turn_still_flashes_its_score(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    html = client.post(turns_url(game), next_turn_post(game), headers=TABLET).content.decode()

    assert 'id="notice"' in html and "Ann: Fours 12" in html
