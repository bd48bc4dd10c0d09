"""The rules engine's refusals, a code with its values, worded in the reader's language."""

from __future__ import annotations

import ast
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring import rules
from scoring.models import Game, Turn
from scoring.refusals import refusal
from scoring.rules.errors import RuleError
from tests.scoring.services.helpers import five_dice, member, new_game, play

ENGINE = Path(rules.__file__).parent
# Words a language writes as English does: a dice face, and German's plural of Balut (a
# tie-breaker's label, scoring/rules/tiebreakers.py).
SAME_IN = {"da": {"6-6-6-6"}, "de": {"6-6-6-6", "Baluts"}}
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Pages asked for in German leave the thread's language behind; later tests read English."""
    with translation.override("en"):
        yield


def engine_messages() -> list[str]:
    """Every English message the engine marks for the catalogs (gettext_noop("…"))."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "gettext_noop"
            ):
                (argument,) = node.args
                assert isinstance(argument, ast.Constant) and isinstance(argument.value, str)
                found.append(argument.value)
    return found


def refused(call: object) -> RuleError:
    assert callable(call)
    with pytest.raises(RuleError) as caught:
        call()
    return caught.value


def test_the_engine_marks_its_messages_for_the_catalogs() -> None:
    assert len(engine_messages()) > 60


@pytest.mark.parametrize("language", ["da", "de"])
def test_every_engine_message_is_translated(language: str) -> None:
    with translation.override(language):
        untranslated = [
            message
            for message in engine_messages()
            if translation.gettext(message) == message and message not in SAME_IN[language]
        ]

    assert untranslated == []


def test_a_refusal_carries_a_code_and_its_values_and_reads_in_english_as_before() -> None:
    game = rules.new_game(rules.GameSetup(ruleset="balut", players=("Ann", "Ben")))
    error = refused(
        lambda: rules.play(game, rules.FiveDiceTurn(seat=1, box="fours", dice=(4,) * 5))
    )

    assert isinstance(error, rules.TurnNotAllowed)
    assert (error.code, error.params) == ("not_your_turn", {"expected": "Ann", "seat": "Ben"})
    assert str(error) == "it is Ann's turn, not Ben's"
    with translation.override("en"):
        assert refusal(error) == str(error)
    with translation.override("de"):
        assert refusal(error) == "Ann ist am Zug, nicht Ben"


def test_a_record_refused_at_a_turn_words_the_turn_and_the_nested_reason() -> None:
    record = {
        "ruleset": "barbut4",
        "players": ["Ann", "Ben"],
        "turns": [{"player": "Ann", "throws": [{"dice": [1, 2, 3, 4], "keep": [7]}]}],
    }
    error = refused(lambda: rules.parse_record(record))

    assert isinstance(error, rules.InvalidRecord)
    assert error.turn == 0
    assert str(error) == "turn 0: throw 0 keep: 7 is not a face of a die (1 to 6)"
    with translation.override("en"):
        assert refusal(error) == str(error)
    with translation.override("da"):
        assert refusal(error) == "tur 0: kast 0 beholdt: 7 er ikke en terningside (1 til 6)"


def test_a_box_in_a_refusal_is_named_in_the_readers_language() -> None:
    game = rules.new_game(rules.GameSetup(ruleset="balut", players=("Ann", "Ben")))
    error = refused(lambda: rules.play(game, rules.FiveDiceTurn(seat=0, box="fours", score=5)))

    assert str(error) == "Fours cannot score 5"
    with translation.override("de"):
        assert refusal(error) == "Vierer kann nicht 5 ergeben"


def german_scorer(client: Client, game: Game) -> Client:
    assert game.scorer is not None
    client.force_login(game.scorer.user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    return client


def turn_post(game: Game, **changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "expected_number": game.turns.count(),
        "request_key": str(uuid.uuid4()),
        "player": "Ann",
        "box": "fours",
        "dice": "44412",
    }
    data.update(changes)
    return data


@pytest.mark.django_db
def test_the_tablet_shows_the_engines_refusal_in_german_and_records_nothing(
    client: Client,
) -> None:
    game = new_game("bar")
    play(game, five_dice(game, "fours", "44412"))
    play(game, five_dice(game, "fours", "44123"))

    response = german_scorer(client, game).post(
        reverse("scoring:record_turn", args=[game.pk]), turn_post(game), headers=HTMX
    )

    assert response.status_code == 422
    assert "Ann hat kein offenes Feld Vierer: Es ist ausgefüllt" in response.content.decode()
    assert Turn.objects.filter(game=game).count() == 2


@pytest.mark.django_db
def test_a_turn_out_of_order_is_refused_in_german(client: Client) -> None:
    game = new_game("balut")

    response = german_scorer(client, game).post(
        reverse("scoring:record_turn", args=[game.pk]), turn_post(game, player="Ben"), headers=HTMX
    )

    assert response.status_code == 422
    assert "Ann ist am Zug, nicht Ben" in response.content.decode()
    assert not Turn.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_a_member_who_is_not_the_scorer_is_refused_and_a_get_is_not_allowed(
    client: Client,
) -> None:
    game = new_game("balut")
    client.force_login(member("Someone").user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    url = reverse("scoring:record_turn", args=[game.pk])

    assert client.post(url, turn_post(game), headers=HTMX).status_code == 403
    assert client.get(url).status_code == 405
    assert not Turn.objects.filter(game=game).exists()
