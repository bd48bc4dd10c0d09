"""The secretary's import page: each game record imported whole, or refused with the reason."""

from __future__ import annotations

import datetime
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from scoring.forms.records import MAX_RECORD_BYTES
from scoring.models import Game, GamePlayer, GameStatus, Turn
from tests import golden
from tests.scoring.services.helpers import example, example_names, member, secretary

pytestmark = pytest.mark.django_db

URL = reverse("scoring:game_import")


def upload(name: str, content: bytes | None = None) -> SimpleUploadedFile:
    if content is None:
        content = golden.path_of(name).read_bytes()
    return SimpleUploadedFile(f"{name}.json", content, content_type="application/json")


def as_secretary(client: Client) -> Client:
    client.force_login(secretary())
    return client


def nothing_written() -> bool:
    return not (Game.objects.exists() or GamePlayer.objects.exists() or Turn.objects.exists())


def test_the_secretary_gets_the_import_form(client: Client) -> None:
    response = as_secretary(client).get(URL)

    assert response.status_code == 200
    html = response.content.decode()
    assert 'enctype="multipart/form-data"' in html
    assert 'type="file" name="records"' in html and "multiple" in html
    assert 'name="text"' in html


def test_anonymous_visitors_are_sent_to_sign_in(client: Client) -> None:
    for response in (client.get(URL), client.post(URL, {"records": upload("bar-register")})):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("scoring:signin") + "?next=")
    assert nothing_written()


def test_a_member_who_is_not_the_secretary_is_forbidden(client: Client) -> None:
    client.force_login(member("Ann").user)

    assert client.get(URL).status_code == 403
    assert client.post(URL, {"records": upload("bar-register")}).status_code == 403
    assert nothing_written()


def test_only_get_and_post_are_allowed(client: Client) -> None:
    as_secretary(client)

    assert client.put(URL).status_code == 405
    assert client.delete(URL).status_code == 405


def test_several_files_are_imported_each_as_a_game_with_a_link(client: Client) -> None:
    names = example_names(invalid=False)
    cy = member("Cy")

    response = as_secretary(client).post(URL, {"records": [upload(name) for name in names]})

    assert response.status_code == 200
    html = response.content.decode()
    games = list(Game.objects.order_by("pk"))
    assert len(games) == len(names)
    for name, game in zip(names, games, strict=True):
        assert game.imported and game.source == f"import: {name}.json"
        assert f'data-imported="{name}.json"' in html
        assert f'href="{reverse("scoring:game", args=[game.pk])}"' in html
        assert game.turns.count() == len(example(name)["turns"])
    assert all(game.status == GameStatus.FINISHED for game in games)
    assert GamePlayer.objects.filter(name="Cy", member=cy).exists()


def test_an_invalid_record_is_refused_naming_the_turn_and_nothing_is_written(
    client: Client,
) -> None:
    response = as_secretary(client).post(URL, {"records": upload("invalid-box-twice")})

    assert response.status_code == 422
    html = response.content.decode()
    assert 'data-refused="invalid-box-twice.json"' in html
    assert "turn 3: Ann has no open Fours box: it is filled" in html
    assert nothing_written()


@pytest.mark.parametrize("name", example_names(invalid=True))
def test_each_invalid_golden_record_is_refused_at_its_turn(client: Client, name: str) -> None:
    expected = golden.expected(name)

    response = as_secretary(client).post(URL, {"records": upload(name)})

    assert response.status_code == 422
    assert escape(expected["error"]) in response.content.decode()
    assert escape(expected["error"]).startswith(f"turn {expected['turn']}: ")
    assert nothing_written()


def test_a_refused_file_leaves_the_others_imported(client: Client) -> None:
    files = [upload("invalid-wrong-turn"), upload("bar-register"), upload("invalid-face")]

    response = as_secretary(client).post(URL, {"records": files})

    # One file was imported: the request succeeded, and the report names each refusal.
    assert response.status_code == 200
    html = response.content.decode()
    assert "turn 1: it is Ben&#x27;s turn, not Ann&#x27;s" in html
    assert "turn 0: dice: 7 is not a face of a die" in html
    assert 'data-imported="bar-register.json"' in html
    (game,) = Game.objects.all()
    assert game.ruleset == "bar"


def test_a_pasted_record_is_imported(client: Client) -> None:
    text = golden.path_of("jackpot-fives-bonus").read_text(encoding="utf-8")

    response = as_secretary(client).post(URL, {"text": text})

    assert response.status_code == 200
    assert 'data-imported="Pasted record"' in response.content.decode()
    assert Game.objects.get().ruleset == "jackpot"


def test_a_record_that_stops_part_way_is_imported_as_it_stands(client: Client) -> None:
    data = example("balut-three-players")
    data["turns"] = data["turns"][:5]

    response = as_secretary(client).post(URL, {"text": json.dumps(data)})

    assert response.status_code == 200
    assert "not finished" in response.content.decode()
    game = Game.objects.get()
    assert game.status == GameStatus.IN_PROGRESS and game.turns.count() == 5


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "It is empty"),
        (b"   \n", "It is empty"),
        (b"{not json", "It is not valid JSON: Expecting property name"),
        (b"\xff\xfe\x00garbage", "not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"ruleset": "balut", "players": [' + b"1" * 5000 + b"]}", "It is not valid JSON"),
        (b"[]", "a game record must be a JSON object"),
        (b'{"ruleset": "chess", "players": ["A", "B"], "turns": []}', "unknown ruleset"),
        (
            b'{"ruleset": "balut", "players": ["A", "B"], "turns": [], "options": {"x": 1}}',
            "unknown option",
        ),
        (b"x" * (MAX_RECORD_BYTES + 1), "larger than 1 MB"),
    ],
)
def test_a_file_that_is_not_a_game_record_is_refused_with_a_message(
    client: Client, content: bytes, message: str
) -> None:
    response = as_secretary(client).post(URL, {"records": upload("bad", content)})

    assert response.status_code == 422
    html = response.content.decode()
    assert 'data-refused="bad.json"' in html
    assert message in html
    assert nothing_written()


def test_nothing_sent_is_refused_with_a_message(client: Client) -> None:
    response = as_secretary(client).post(URL, {"text": "  "})

    assert response.status_code == 422
    assert "Choose a game record file, or paste one." in response.content.decode()
    assert nothing_written()


DEMO_BAR = golden.path_of("bar-register").read_bytes()


def demo_bar() -> SimpleUploadedFile:
    return upload("bar", DEMO_BAR)


def test_the_same_record_twice_is_refused_with_a_link_to_the_game_the_club_has(
    client: Client,
) -> None:
    as_secretary(client).post(URL, {"records": demo_bar()})
    first = Game.objects.get()

    response = client.post(URL, {"records": demo_bar()})

    assert response.status_code == 422
    html = response.content.decode()
    assert f'data-duplicate-of="{first.pk}"' in html
    assert f'href="{reverse("scoring:game", args=[first.pk])}"' in html
    assert Game.objects.count() == 1


def test_the_secretary_ticks_the_box_to_import_a_duplicate_anyway(client: Client) -> None:
    as_secretary(client).post(URL, {"records": demo_bar()})

    response = client.post(URL, {"records": demo_bar(), "import_duplicates": "on"})

    assert response.status_code == 200
    assert Game.objects.count() == 2


def test_the_date_given_on_the_form_files_a_record_without_one(client: Client) -> None:
    response = as_secretary(client).post(URL, {"records": demo_bar(), "played_on": "2025-03-14"})

    assert response.status_code == 200
    assert timezone.localdate(Game.objects.get().started_at) == datetime.date(2025, 3, 14)


def test_a_date_in_the_future_on_the_form_is_refused_and_nothing_imported(client: Client) -> None:
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)

    response = as_secretary(client).post(
        URL, {"records": demo_bar(), "played_on": tomorrow.isoformat()}
    )

    assert response.status_code == 422
    assert "in the future" in response.content.decode()
    assert nothing_written()


def test_the_page_refuses_other_methods(client: Client) -> None:
    assert as_secretary(client).put(URL).status_code == 405
    assert nothing_written()
