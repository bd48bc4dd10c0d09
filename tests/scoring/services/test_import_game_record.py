"""import_game_record: a whole game, scored by the engine, or nothing at all."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scoring import rules
from scoring.models import Game, GamePlayer, GameStatus, Turn
from scoring.selectors import load_game, turn_outcomes
from scoring.services.records import import_game_record
from tests import golden
from tests.factories import the_club
from tests.scoring.services.helpers import example, example_names, imported, member, secretary

pytestmark = pytest.mark.django_db

VALID = example_names(invalid=False)
INVALID = example_names(invalid=True)


def test_the_golden_records_are_there() -> None:
    assert len(VALID) >= 4 and len(INVALID) >= 5


@pytest.mark.parametrize("name", VALID)
def test_a_golden_record_imports_with_the_scores_the_engine_gives(name: str) -> None:
    data = example(name)
    clerk = secretary()

    game = imported(name, by=clerk)

    record = rules.parse_record(data)
    state = rules.replay(record.setup, record.turns)
    turns = list(Turn.objects.filter(game=game).order_by("number"))
    assert [(t.box, t.score) for t in turns] == [(o.box, o.score) for o in turn_outcomes(state)]
    assert [t.record for t in turns] == [
        rules.turn_to_json(turn, record.setup.players) for turn in record.turns
    ]
    assert all(t.recorded_by == clerk for t in turns)
    assert game.imported and game.created_by == clerk and game.source == f"test:{name}"
    assert game.status == (GameStatus.FINISHED if state.complete else GameStatus.IN_PROGRESS)
    assert (game.finished_at is not None) == state.complete


@pytest.mark.parametrize("name", VALID)
def test_an_imported_golden_record_scores_as_its_expected_result(name: str) -> None:
    expected = golden.expected(name)

    result = load_game(imported(name)).result()

    assert result.complete == expected["complete"]
    assert [(p.name, p.score, p.total_points, p.rank) for p in result.players] == [
        (p["name"], p["score"], p["points"], p["rank"]) for p in expected["players"]
    ]


def test_players_are_linked_to_members_by_name_and_the_others_are_guests() -> None:
    cy, dee = member("Cy"), member("Dee")
    member("Ann")

    game = imported("balut-three-players")

    players = {p.name: p.member for p in GamePlayer.objects.filter(game=game)}
    assert players == {"Cy": cy, "Fay": None, "Dee": dee}


def test_guesses_and_options_are_kept() -> None:
    data = example("balut-three-players")

    game = imported("balut-three-players")

    guesses = {p.name: p.guess for p in GamePlayer.objects.filter(game=game)}
    assert guesses == {name: data.get("guesses", {}).get(name) for name in data["players"]}
    assert game.options == rules.parse_options(data.get("options")).as_dict()


@pytest.mark.parametrize("name", INVALID)
def test_an_invalid_example_is_refused_naming_the_turn_and_nothing_is_written(name: str) -> None:
    with pytest.raises(rules.InvalidRecord) as engine:
        rules.score_record(example(name))

    with pytest.raises(ValidationError) as refused:
        imported(name)

    expected = golden.expected(name)
    assert engine.value.turn == expected["turn"]
    assert str(engine.value) == expected["error"]
    assert refused.value.messages == [expected["error"]]
    assert not Game.objects.exists()
    assert not GamePlayer.objects.exists()
    assert not Turn.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a game record must be a JSON object"),
        ({"players": ["Ann", "Ben"], "turns": []}, "ruleset is missing"),
        ({"ruleset": "balut", "players": ["Ann", "Ann"], "turns": []}, "same name"),
        ({"ruleset": "balut", "players": ["Ann", "Ben"]}, "turns must be a list"),
        ({"ruleset": "balut", "players": ["A" * 41, "Ben"], "turns": []}, "at most 40"),
        (
            {
                "ruleset": "balut",
                "players": ["Ann", "Ben"],
                "guesses": {"Ann": 10**30},
                "turns": [],
            },
            "less than or equal to",
        ),
    ],
)
def test_a_record_that_is_not_a_game_is_refused_and_nothing_is_written(
    data: object, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        import_game_record(in_club=the_club(), data=data, imported_by=None)

    assert not Game.objects.exists()
    assert not GamePlayer.objects.exists()
