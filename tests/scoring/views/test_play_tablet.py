"""The tablet's safety nets on the game page: no-store, stale posts, offline plan, banner."""

from __future__ import annotations

import pytest
from django.test import Client
from pytest_django.fixtures import Settings

from scoring import rules
from scoring.models import Turn
from scoring.selectors import load_game
from tests.scoring.services.helpers import fill_game, five_dice, new_game, play
from tests.scoring.views.test_play import HTMX, five_dice_post, page, scorer_client, turns_url

pytestmark = pytest.mark.django_db


def test_live_game_pages_and_turn_answers_are_never_stored_by_the_browser(
    client: Client,
) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    shown = client.get(page(game))
    answered = client.post(turns_url(game), five_dice_post(game), headers=HTMX)

    assert shown.status_code == answered.status_code == 200
    assert "no-store" in shown["Cache-Control"]
    assert "no-store" in answered["Cache-Control"]


def test_a_turn_from_a_page_that_moved_on_says_once_who_entered_the_turn_before_it(
    client: Client,
) -> None:
    game = new_game("balut")
    scorer_client(client, game)
    stale = five_dice_post(game)
    client.post(turns_url(game), five_dice_post(game, box="sixes", dice="66612"), headers=HTMX)

    response = client.post(turns_url(game), stale, headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 409
    assert "The game has moved on: turn 2 is next" in html
    assert "Ann entered turn 1 meanwhile (Ann: Sixes · 1 2 6 6 6)." in html
    # The tablet names the entry it keeps in its own notice: the refusal does not repeat it.
    assert "Not recorded" not in html
    assert 'data-turn="1"' in html and "<span data-player>Ben</span>" in html
    assert [t.box for t in Turn.objects.filter(game=game)] == ["sixes"]


def test_a_plain_post_from_a_page_that_moved_on_redirects_to_the_sheet_with_the_message(
    client: Client,
) -> None:
    game = new_game("balut")
    scorer_client(client, game)
    stale = five_dice_post(game)
    client.post(turns_url(game), five_dice_post(game, box="sixes", dice="66612"))

    response = client.post(turns_url(game), stale, follow=True)

    assert response.redirect_chain == [(page(game), 302)]
    html = response.content.decode()
    assert "Ann entered turn 1 meanwhile (Ann: Sixes · 1 2 6 6 6)." in html
    assert "Not recorded: Ann, Fours · 4 4 4 1 2." in html
    assert Turn.objects.filter(game=game).count() == 1


def test_the_tablet_page_names_the_keys_of_the_last_turns_recorded(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)
    data = five_dice_post(game)
    client.post(turns_url(game), data, headers=HTMX)

    html = client.get(page(game)).content.decode()

    assert f'<script id="recorded-keys" type="application/json">["{data["request_key"]}"]' in html
    assert 'id="tablet-words"' in html


def test_a_finished_game_shows_the_winner_banner_from_the_engines_result(
    member_client: Client,
) -> None:
    client = member_client  # rounds owed are the ledger's: members see them
    game = new_game("bar")
    fill_game(game)

    response = client.get(page(game))

    html = response.content.decode()
    result = load_game(game).result()
    assert 'id="winner-banner"' in html
    for player in result.standings:
        assert f'data-place="{player.name}"' in html
    assert "a round</li>" in html or not result.drinks


def test_the_bar_game_announces_who_starts_each_round_after_the_first(client: Client) -> None:
    game = new_game("bar")
    play(game, five_dice(game, "fours", "44412"))
    assert 'id="round-starter"' not in client.get(page(game)).content.decode()
    play(game, five_dice(game, "sixes", "66612"))

    html = client.get(page(game)).content.decode()

    assert "Round 2: Ben starts, highest box last round (18)." in html


def test_the_scorers_page_carries_the_engines_plan_for_turns_entered_offline(
    client: Client,
) -> None:
    game = new_game("balut")
    play(game, five_dice(game, "fours", "44412"))
    scorer_client(client, game)

    response = client.get(page(game))

    plan = {**response.context["offline_columns"], **response.context["offline"]}
    state = load_game(game).state
    assert isinstance(state, rules.FiveDiceGame)
    assert plan["base"] == 1
    assert plan["order"] == state.upcoming_seats()
    assert plan["seats"]["0"]["fours"] == 3
    assert plan["seats"]["1"]["fours"] == 4
    assert plan["labels"]["full_house"] == "Full house"
    codes = {"score": "s", "scratch": "x", "claim": "c", "strike": "k"}
    rolls = plan["rolls"]
    index = [rolls[i : i + 5] for i in range(0, len(rolls), 5)].index("12444")
    assert {
        box: (column["s"][index], column["o"][index]) for box, column in plan["columns"].items()
    } == {p.box: (p.score, codes[p.outcome]) for p in state.preview((1, 2, 4, 4, 4), seat=0)}
    assert 'id="offline-data"' in response.content.decode()
    assert 'id="offline-columns"' in response.content.decode()


@pytest.mark.parametrize(
    ("ruleset", "adds"),
    [
        ("balut", {"fours": "fours", "balut": "balut"}),
        ("jackpot", {"fours": "fours", "fours_jackpot": None}),
        ("bar", {"fours": None, "balut": None}),
    ],
)
def test_the_offline_plan_carries_the_sums_pending_turns_are_added_to(
    client: Client, ruleset: str, adds: dict[str, str | None]
) -> None:
    game = new_game(ruleset)
    play(game, five_dice(game, "fours", "44412"))
    scorer_client(client, game)

    response = client.get(page(game))

    plan, columns = response.context["offline"], response.context["offline_columns"]
    result = load_game(game).result()
    # The server's sums for every seat the plan knows to throw (in the bar game, Ben alone
    # before the round ends); the rows each box counts in.
    assert set(plan["totals"]) == {str(seat) for seat in plan["order"]}
    for seat, totals in plan["totals"].items():
        player = result.players[int(seat)]
        assert totals == {"rows": player.category_totals, "score": player.score}
    assert {box: columns["adds"][box] for box in adds} == adds


def test_the_offline_plan_names_the_round_of_every_turn_for_the_header(client: Client) -> None:
    game = new_game("balut")
    scorer_client(client, game)

    columns = client.get(page(game)).context["offline_columns"]

    state = load_game(game).state
    assert isinstance(state, rules.FiveDiceGame)
    assert len(columns["turn_rounds"]) == state.total_turns == 56
    assert columns["turn_rounds"][:3] == [1, 1, 2]
    assert columns["turn_rounds"][-1] == 28
    assert columns["round_titles"][0] == "Round 1 of 28"
    assert columns["round_titles"][27] == "Round 28 of 28"


def test_visitors_get_no_offline_plan(client: Client) -> None:
    game = new_game("balut")

    response = client.get(page(game))

    assert "offline" not in response.context
    assert 'id="offline-data"' not in response.content.decode()
    assert 'id="offline-columns"' not in response.content.decode()


def test_a_stale_refusal_names_who_entered_the_turn_in_the_readers_language(
    client: Client, settings: Settings
) -> None:
    game = new_game("balut")
    scorer_client(client, game)
    stale = five_dice_post(game)
    client.post(turns_url(game), five_dice_post(game, box="sixes", dice="66612"), headers=HTMX)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"

    html = client.post(turns_url(game), stale, headers=HTMX).content.decode()

    assert "Ann hat inzwischen Zug 1 eingetragen (Ann: Sechser · 1 2 6 6 6)." in html
    assert html.count("4 4 4 1 2") == 0
