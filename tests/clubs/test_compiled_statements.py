"""Statements built once per connection (clubs.compiled): model rows with their related rows
and annotations, read with ids and request keys put in; one row's fields set by its id. Each
must give what the ORM's own query gives, on SQLite and PostgreSQL alike (the suite runs on
both)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import pytest
from django.db import transaction
from django.db.models import OuterRef, QuerySet, Subquery
from pytest_django import DjangoAssertNumQueries

from clubs.compiled import compiled_objects, update_row
from scoring.models import Game, GameStatus, Turn
from tests.factories import other_club
from tests.scoring.services.helpers import five_dice, new_game, play

pytestmark = pytest.mark.django_db


def game_with_key_query(values: Mapping[str, Any]) -> QuerySet[Game]:
    sent = Turn.objects.filter(game=OuterRef("pk"), request_key=values["key"]).order_by()
    return (
        Game.objects.select_related("scorer")
        .annotate(turn_with_key=Subquery(sent.values("pk")[:1]))
        .filter(pk=values["game"], club_id=values["club"])
    )


def read(game: Game, key: uuid.UUID, club_id: int | None = None) -> list[Any]:
    values: dict[str, int | uuid.UUID] = {
        "game": game.pk,
        "club": club_id or game.club_id,
        "key": key,
    }
    return compiled_objects("test.game_with_key", game_with_key_query, values)


def test_a_compiled_read_gives_the_querysets_rows_its_related_rows_and_annotations(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    game = new_game("balut")
    first, second = uuid.uuid4(), uuid.uuid4()
    play(game, five_dice(game, "fours", "44412"), key=first)
    play(game, five_dice(game, "fours", "44441"), key=second)
    turns = {turn.request_key: turn.pk for turn in Turn.objects.filter(game=game)}

    with django_assert_num_queries(1):
        (row,) = read(game, first)
        assert row.scorer is not None and row.scorer.known_as == "Ann"
    (again,) = read(game, second)
    (unsent,) = read(game, uuid.uuid4())

    expected = game_with_key_query({"game": game.pk, "club": game.club_id, "key": first}).get()
    assert row == expected and row.started_at == expected.started_at
    assert row.fingerprint == expected.fingerprint and row.ruleset == expected.ruleset
    assert (row.turn_with_key, again.turn_with_key, unsent.turn_with_key) == (
        turns[first],
        turns[second],
        None,
    )
    assert not row._state.adding and row._state.db == "default"


def test_a_compiled_read_for_another_club_finds_nothing() -> None:
    game = new_game("balut")

    assert read(game, uuid.uuid4(), club_id=other_club().pk) == []
    assert [row.pk for row in read(game, uuid.uuid4())] == [game.pk]


def test_a_compiled_update_sets_the_fields_as_the_querysets_update_would() -> None:
    game = new_game("balut")
    finished = datetime(2026, 11, 26, 20, 15, tzinfo=UTC)

    with transaction.atomic():
        changed = update_row(
            Game,
            pk=game.pk,
            values={
                "fingerprint": "f" * 64,
                "status": GameStatus.FINISHED,
                "finished_at": finished,
            },
        )
    game.refresh_from_db()
    assert changed == 1
    assert (game.fingerprint, game.status, game.finished_at) == ("f" * 64, "finished", finished)

    values = {"fingerprint": "e" * 64, "status": GameStatus.IN_PROGRESS, "finished_at": None}
    update_row(Game, pk=game.pk, values=values)
    game.refresh_from_db()
    assert (game.fingerprint, game.status, game.finished_at) == ("e" * 64, "in_progress", None)


def test_a_compiled_update_of_no_such_row_changes_nothing() -> None:
    game = new_game("balut")

    assert update_row(Game, pk=game.pk + 1000, values={"fingerprint": "0" * 64}) == 0
    game.refresh_from_db()
    assert game.fingerprint != "0" * 64


def test_a_compiled_update_leaves_relations_to_the_orm() -> None:
    game = new_game("balut")

    with pytest.raises(ValueError, match="cannot set scoring.Game.scorer"):
        update_row(Game, pk=game.pk, values={"scorer": None})
