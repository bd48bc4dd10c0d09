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
