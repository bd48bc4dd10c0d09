"""Imports filed under the day the game was played, and a game the club already has refused."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.models import Season
from league.selectors import standings
from league.services.books import book_game
from league.services.register import open_claims, ratify_claim
from scoring import rules
from scoring.models import Game, Turn
from scoring.selectors import engine_turns, game_record, load_game
from scoring.services.corrections import correct_turn
from scoring.services.records import DuplicateGame, import_game_record
from stats.board import board
from tests.factories import the_club
from tests.golden import GOLDEN
from tests.scoring.services.helpers import fill_game, member, new_game, secretary

pytestmark = pytest.mark.django_db

# The project's own finished games (fixtures/golden/), as the demo data loads them.
DEMO = GOLDEN


def demo(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DEMO / f"{name}.json").read_text(encoding="utf-8"))
    return data


def bar_record(**extra: object) -> dict[str, Any]:
    return {**demo("bar-register"), **extra}


def test_a_record_with_a_date_is_filed_at_the_start_of_that_day_in_the_clubs_time_zone() -> None:
    game = import_game_record(
        in_club=the_club(), data=bar_record(played="2025-03-14"), imported_by=secretary()
    )

    local = timezone.localtime(game.started_at)
    assert (local.date(), local.time()) == (datetime.date(2025, 3, 14), datetime.time())
    assert game.finished_at == game.started_at
    assert set(Turn.objects.filter(game=game).values_list("recorded_at", flat=True)) == {
        game.started_at
    }


def test_a_record_with_a_time_and_offset_is_filed_at_that_instant() -> None:
    game = import_game_record(
        in_club=the_club(),
        data=bar_record(played="2025-03-14T23:30:00+00:00"),
        imported_by=secretary(),
    )

    assert game.started_at == datetime.datetime(2025, 3, 14, 23, 30, tzinfo=datetime.UTC)
    # 23:30 in London is already the next day in Copenhagen, the club's time zone.
    assert timezone.localdate(game.finished_at) == datetime.date(2025, 3, 15)


def test_the_secretarys_date_files_a_record_without_one_and_the_records_own_date_wins() -> None:
    by = secretary()
    undated = import_game_record(
        in_club=the_club(), data=bar_record(), imported_by=by, played_on=datetime.date(2024, 6, 1)
    )
    dated = import_game_record(
        in_club=the_club(),
        data=demo("jackpot-fives-bonus") | {"played": "2023-01-02"},
        imported_by=by,
        played_on=datetime.date(2024, 6, 1),
    )

    assert timezone.localdate(undated.started_at) == datetime.date(2024, 6, 1)
    assert timezone.localdate(dated.started_at) == datetime.date(2023, 1, 2)


@pytest.mark.parametrize(
    "played",
    [
        lambda now: (timezone.localdate(now) + datetime.timedelta(days=1)).isoformat(),
        lambda now: (now + datetime.timedelta(minutes=5)).isoformat(),
    ],
    ids=["tomorrow", "in-five-minutes"],
)
def test_a_game_dated_in_the_future_is_refused_and_nothing_is_stored(played: Any) -> None:
    with pytest.raises(ValidationError, match="in the future"):
        import_game_record(
            in_club=the_club(),
            data=bar_record(played=played(timezone.now())),
            imported_by=secretary(),
        )

    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("played", "message"),
    [
        (20250314, "played must be an ISO 8601 date"),
        ("14/03/2025", "played must be an ISO 8601 date"),
        ("2025-02-30", "played must be an ISO 8601 date"),
        ("2025-03-14T21:30:00", "without its offset"),
    ],
)
def test_a_played_key_that_is_not_a_date_is_refused_with_the_reason(
    played: object, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        import_game_record(
            in_club=the_club(), data=bar_record(played=played), imported_by=secretary()
        )

    assert not Game.objects.exists()


def test_the_played_game_lands_in_its_season_and_its_register_date() -> None:
    by = secretary()
    for name in ("Dee", "Fay", "Hal", "Eli"):
        member(name)
    then = Season.objects.create(
        club=the_club(),
        name="Spring 2025",
        starts_on=datetime.date(2025, 3, 1),
        ends_on=datetime.date(2025, 5, 31),
    )
    now = Season.objects.create(
        club=the_club(),
        name="Now",
        starts_on=timezone.localdate() - datetime.timedelta(days=10),
        ends_on=timezone.localdate() + datetime.timedelta(days=10),
    )
    game = import_game_record(
        in_club=the_club(), data=bar_record(played="2025-03-14"), imported_by=by
    )
    book_game(game=game)

    assert {row["member__known_as"] for row in standings(then, "bar", ["average"])} == {
        "Dee",
        "Fay",
        "Hal",
        "Eli",
    }
    assert not standings(now, "bar", ["average"]).exists()
    entries = [ratify_claim(claim=claim, by=by) for claim in open_claims(game=game)]
    assert entries and {entry.date for entry in entries} == {datetime.date(2025, 3, 14)}


def test_the_export_writes_when_the_game_was_played_and_imports_back_to_the_same_day() -> None:
    game = import_game_record(
        in_club=the_club(), data=bar_record(played="2025-03-14T21:30:00+01:00"), imported_by=None
    )

    document = game_record(load_game(game))

    assert document["played"] == "2025-03-14T21:30:00+01:00"
    assert rules.parse_played(
        document, now=timezone.localtime()
    ) == datetime.datetime.fromisoformat("2025-03-14T21:30:00+01:00")


def test_a_record_the_club_already_has_is_refused_with_that_game() -> None:
    by = secretary()
    first = import_game_record(in_club=the_club(), data=bar_record(), imported_by=by)

    with pytest.raises(DuplicateGame) as refused:
        # Another date, key order or extra keys do not make it another game.
        import_game_record(
            in_club=the_club(),
            data=dict(reversed(bar_record(played="2024-01-01", app={"game": 99}).items())),
            imported_by=by,
        )

    assert refused.value.game == first
    assert Game.objects.count() == 1


def test_the_secretary_may_import_a_duplicate_on_purpose() -> None:
    by = secretary()
    first = import_game_record(in_club=the_club(), data=bar_record(), imported_by=by)

    second = import_game_record(
        in_club=the_club(), data=bar_record(), imported_by=by, allow_duplicate=True
    )

    assert second.pk != first.pk and second.fingerprint == first.fingerprint


def test_a_game_played_on_the_tablet_is_a_duplicate_of_its_own_export() -> None:
    game = new_game("balut", ("Ann", "Ben"))
    fill_game(game)
    game.refresh_from_db()
    exported = game_record(load_game(game))

    with pytest.raises(DuplicateGame) as refused:
        import_game_record(
            in_club=the_club(), data=json.loads(json.dumps(exported)), imported_by=secretary()
        )

    assert refused.value.game == game


def test_the_kept_fingerprint_is_the_one_its_record_gives() -> None:
    game = new_game("balut", ("Ann", "Ben"))
    fill_game(game)
    game.refresh_from_db()
    loaded = load_game(game)

    assert game.fingerprint == rules.game_fingerprint(
        loaded.setup, engine_turns(loaded.setup, loaded.turns)
    )


def test_a_different_game_of_the_same_players_is_not_a_duplicate() -> None:
    by = secretary()
    data = bar_record()
    import_game_record(in_club=the_club(), data=data, imported_by=by)
    shorter = {**data, "turns": data["turns"][:-1]}

    import_game_record(in_club=the_club(), data=shorter, imported_by=by)

    assert Game.objects.count() == 2


def test_tonights_baluts_on_the_board_follow_the_played_date() -> None:
    by = secretary()
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    old = import_game_record(
        in_club=the_club(),
        data=demo("balut-three-players") | {"played": yesterday.isoformat()},
        imported_by=by,
    )
    assert not board(the_club()).baluts_today

    tonight = import_game_record(
        in_club=the_club(),
        data=demo("balut-three-players")
        | {"played": timezone.localtime().replace(microsecond=0).isoformat()},
        imported_by=by,
        allow_duplicate=True,
    )

    games = {turn.game_id for turn in board(the_club()).baluts_today}
    assert games == {tonight.pk} and old.pk not in games


def test_a_correction_keeps_the_fingerprint_the_corrected_record_gives() -> None:
    by = secretary()
    game = import_game_record(in_club=the_club(), data=bar_record(), imported_by=by)
    correct_turn(
        game=game,
        number=0,
        turn_record={"box": "full_house", "dice": [5, 6, 6, 5, 6]},
        reason="The throws were not kept",
        corrected_by=by,
    )
    game.refresh_from_db()
    loaded = load_game(game)

    assert game.fingerprint == rules.game_fingerprint(
        loaded.setup, engine_turns(loaded.setup, loaded.turns)
    )
    # The corrected game is no longer the record as first imported.
    assert import_game_record(in_club=the_club(), data=bar_record(), imported_by=by).pk != game.pk
