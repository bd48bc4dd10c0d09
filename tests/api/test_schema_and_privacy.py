"""The read API's schema is valid OpenAPI 3, and every path it lists, asked of a club that hides
everything from visitors, shows a visitor (and another club's token) nothing of that club but
its name; the club's own token reads it all."""

from __future__ import annotations

import json
import re

import pytest
from django.core.cache import caches
from django.test import Client
from openapi_spec_validator import validate
from pytest_django.fixtures import Settings

from api.services.tokens import issue_token, revoke_token
from clubs.models import Club
from league.models import ClubSettings
from tests.clubs.isolation_world import B_NAMES, World
from tests.clubs.isolation_world import world as world  # noqa: F401 (registers the fixture)
from tests.factories import other_club, the_club

pytestmark = pytest.mark.django_db

SCHEMA = "/api/v1/openapi.json"
# The club's name is public: the server's list of clubs shows it to anyone.
SECRET_NAMES = tuple(name for name in B_NAMES if name != "Other Balut Club")


def hidden_club() -> Club:
    club = other_club()
    ClubSettings.objects.update_or_create(club=club, defaults={"public_areas": []})
    return club


def schema(client: Client) -> dict[str, object]:
    response = client.get(SCHEMA)
    assert response.status_code == 200
    return json.loads(response.content)


def listed_urls(client: Client, world: World, slug: str) -> list[str]:
    values = {"slug": slug, **{k: str(v) for k, v in world.b_kwargs.items()}}
    paths = schema(client)["paths"]
    assert isinstance(paths, dict)
    return [re.sub(r"\{(\w+)\}", lambda m: values[m[1]], path) for path in paths]


def bearer(text: str) -> dict[str, str]:
    return {"authorization": f"Bearer {text}"}


def test_the_schema_is_valid_openapi_3_and_lists_every_part(client: Client) -> None:
    document = schema(client)
    validate(document)
    assert str(document["openapi"]).startswith("3.")
    paths = set(document["paths"])  # type: ignore[call-overload]
    for part in ("members", "games", "seasons", "register", "ratings", "tournaments"):
        assert f"/api/v1/clubs/{{slug}}/{part}/" in paths
    assert "/api/v1/clubs/{slug}/competitions/{competition_id}/" in paths


@pytest.mark.parametrize("caller", ["anonymous", "another club's token"])
def test_no_path_shows_a_caller_anything_the_club_hides(
    client: Client, world: World, caller: str
) -> None:
    hidden_club()
    headers = {}
    if caller != "anonymous":
        secretary = world.users["secretary"]
        assert secretary is not None
        headers = bearer(issue_token(club=the_club(), name="A's site", by=secretary).text)
    urls = listed_urls(client, world, "other")
    assert len(urls) == 13
    answers = {url: client.get(url, headers=headers) for url in urls}
    for url, response in answers.items():
        assert response.status_code in (200, 403, 404), url
        body = response.content.decode()
        assert not [name for name in SECRET_NAMES if name in body], url
    open_to_all = {url for url, response in answers.items() if response.status_code != 403}
    # The list of clubs, the club's name, and its public tournaments (none): nothing else.
    assert open_to_all == {
        "/api/v1/clubs/",
        "/api/v1/clubs/other/",
        "/api/v1/clubs/other/tournaments/",
        f"/api/v1/clubs/other/tournaments/{world.b_kwargs['tournament_id']}/",
    }
    assert (
        answers[f"/api/v1/clubs/other/tournaments/{world.b_kwargs['tournament_id']}/"].status_code
        == 404
    )
    assert json.loads(answers["/api/v1/clubs/other/tournaments/"].content) == []


def test_the_clubs_own_token_reads_every_path(client: Client, world: World) -> None:
    club = hidden_club()
    token = issue_token(club=club, name="B's site", by=world.b_secretary)
    bodies = ""
    for url in listed_urls(client, world, "other"):
        response = client.get(url, headers=bearer(token.text))
        assert response.status_code == 200, url
        bodies += response.content.decode()
    for name in ("Zebedee", "Quentin", "B League", "B night", "Bplayer1"):
        assert name in bodies


def test_a_revoked_or_made_up_token_is_refused_not_read_as_a_visitor(
    client: Client, world: World
) -> None:
    club = hidden_club()
    issued = issue_token(club=club, name="B's site", by=world.b_secretary)
    revoke_token(token=issued.token, by=world.b_secretary)
    for text in (issued.text, "bc_made-up", ""):
        response = client.get("/api/v1/clubs/other/games/", headers=bearer(text))
        assert response.status_code == 401


def test_an_unchanged_answer_is_a_304_to_a_conditional_get(client: Client, world: World) -> None:
    first = client.get("/api/v1/clubs/club/games/")
    assert first.status_code == 200
    assert json.loads(first.content)["count"] == 2
    again = client.get("/api/v1/clubs/club/games/", headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    assert again.content == b""


def test_visitors_read_what_the_club_shows_them_and_no_more(client: Client, world: World) -> None:
    games = client.get("/api/v1/clubs/club/games/?status=finished")
    assert games.status_code == 200
    [game] = json.loads(games.content)["items"]
    assert game["status"] == "finished"
    assert all(seat["score"] is not None for seat in game["players"])
    assert min(seat["rank"] for seat in game["players"]) == 1
    assert client.get("/api/v1/clubs/club/members/").status_code == 403
    assert client.get("/api/v1/clubs/nowhere/games/").status_code == 404


@pytest.mark.parametrize(
    "query", ["?ruleset=chess", "?page=0", "?page_size=1000", "?status=lost", "?member=x"]
)
def test_a_bad_filter_is_a_422_with_its_reason(client: Client, world: World, query: str) -> None:
    response = client.get("/api/v1/clubs/club/games/" + query)
    assert response.status_code == 422
    assert json.loads(response.content)["detail"]


def test_pages_of_games_split_the_list(client: Client, world: World) -> None:
    first = json.loads(client.get("/api/v1/clubs/club/games/?page_size=1").content)
    second = json.loads(client.get("/api/v1/clubs/club/games/?page_size=1&page=2").content)
    assert first["count"] == second["count"] == 2
    assert first["items"][0]["id"] != second["items"][0]["id"]


def test_the_api_writes_nothing(client: Client, world: World) -> None:
    response = client.post("/api/v1/clubs/club/games/")
    assert response.status_code == 405


def test_a_client_over_its_limit_is_told_to_wait(
    client: Client, world: World, settings: Settings
) -> None:
    settings.API_REQUESTS_PER_CLIENT = "2/m"
    caches["uploads"].clear()
    answers = [client.get("/api/v1/clubs/").status_code for _ in range(3)]
    assert answers == [200, 200, 429]


def test_the_docs_page_loads_its_files_from_this_server(client: Client) -> None:
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html
    assert not re.search(r"(src|href)=\"https?://", html)
