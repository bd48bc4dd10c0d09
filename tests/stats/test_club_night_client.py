"""The club night benchmark's tablet (benchmarks.night_client) plays a whole game against a live
server as the tablet does: signed in by PIN, every turn an htmx post that the server records.
Not timed: the figures are `make bench`'s."""

from __future__ import annotations

import pytest
from pytest_django.live_server_helper import LiveServer

from benchmarks import run
from benchmarks.club_night_games import prepare
from benchmarks.night_client import TabletClient, TabletError
from league.models import PlayerResultRow
from scoring.models import Game, GameStatus

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_benchmarks_tablet_signs_in_by_pin_and_plays_a_whole_game(
    live_server: LiveServer,
) -> None:
    (tablet,) = prepare(tablets=1, players=2, rounds=1, seed=7)
    (game,) = tablet["games"]
    errors: list[str] = []
    client = TabletClient(live_server.url)

    client.sign_in(member=int(tablet["member"]), pin=str(tablet["pin"]))
    client.play(game=game["id"], turns=game["turns"], on_turn=lambda _, error: errors.append(error))

    assert errors == [""] * 56
    played = Game.objects.get(pk=game["id"])
    assert played.status == GameStatus.FINISHED
    assert played.turns.count() == 56
    assert PlayerResultRow.objects.filter(game=played).count() == 2


def test_the_benchmarks_tablet_is_answered_as_the_tablet_is_with_the_pieces_a_turn_changed(
    live_server: LiveServer,
) -> None:
    (tablet,) = prepare(tablets=1, players=2, rounds=1, seed=7)
    (game,) = tablet["games"]
    client = TabletClient(live_server.url)
    client.sign_in(member=int(tablet["member"]), pin=str(tablet["pin"]))
    client.open_game(int(game["id"]))

    status, answer = client.post_turn(int(game["id"]), game["turns"][0], 0)

    # Pieces swapped out of band (scoring/partials/turn_answer.html), not the whole play area
    # htmx gets when it does not say the answer is for #play.
    assert status == 200
    assert 'id="play"' not in answer
    assert 'id="turn-panel"' in answer and 'hx-swap-oob="true"' in answer
    # As the pad's form asks: its page looks the next pad's rolls up in the columns it holds.
    assert 'id="preview-data"' in answer and '"rolls":' not in answer
    assert Game.objects.get(pk=game["id"]).turns.count() == 1


def test_a_wrong_pin_does_not_sign_the_tablet_in(live_server: LiveServer) -> None:
    (tablet,) = prepare(tablets=1, players=2, rounds=1, seed=7)

    with pytest.raises(TabletError, match="422"):
        TabletClient(live_server.url).sign_in(member=int(tablet["member"]), pin="9999")

    assert not Game.objects.filter(status=GameStatus.FINISHED).exists()


def test_the_runner_knows_the_club_night() -> None:
    args = run.parse_args(["club_night", "--tablets", "4", "--night-players", "3"])
    assert (args.names, args.tablets, args.night_players) == (["club_night"], 4, 3)
    with pytest.raises(SystemExit):
        run.parse_args(["club_night", "--night-players", "9"])
