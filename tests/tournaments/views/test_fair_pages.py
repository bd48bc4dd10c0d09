"""The organiser's new forms and pages: many entrants at once, the standings' settings, a
stale Draw, a replay, the projector's pages and round, and the game page's tournament line.
Each refusal is in words, changes nothing, and no input is a 500."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Game
from scoring.services.games import void_game
from tests.scoring.services.helpers import member, new_game, secretary
from tests.tournaments.helpers import club_night, finish, start_rounds
from tournaments.models import ReplacedGame, Round, Table, Tournament
from tournaments.selectors import last_draw
from tournaments.services.entries import add_entrants
from tournaments.services.rounds import draw_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss() -> object:
    return secretary()


@pytest.fixture
def organiser(client: Client, boss: object) -> Client:
    client.force_login(boss)  # type: ignore[arg-type]
    return client


def many_url(tournament: Tournament) -> str:
    return reverse("tournaments:enter_many", args=[tournament.pk])


def test_ticked_members_and_pasted_names_enter_at_once(organiser: Client, boss: object) -> None:
    tournament = club_night(boss, players=0)  # type: ignore[arg-type]
    ann = member("Ann")
    member("Ben")

    response = organiser.post(many_url(tournament), {"members": [ann.pk], "names": "Ben\nIda"})

    assert response.status_code == 302
    entered = list(tournament.entrants.values_list("number", "name", "member__known_as"))
    assert entered == [(1, "Ann", "Ann"), (2, "Ben", "Ben"), (3, "Ida", None)]


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"names": "Ida\nIDA"}, "Given twice: IDA. Nobody was entered."),
        ({"names": "Zoe\nJon"}, "Entered already: Jon. Nobody was entered."),
        ({"names": "  \n "}, "Tick members or paste names, one a line."),
        ({"members": ["999999"]}, "Tick members or paste names, one a line."),
        ({"names": "x" * 4001}, "at most 4000 characters"),
    ],
)
def test_a_list_refused_enters_nobody_and_says_why(
    organiser: Client, boss: object, data: dict[str, object], said: str
) -> None:
    tournament = club_night(boss, players=0)  # type: ignore[arg-type]
    add_entrants(tournament=tournament, names="Jon")

    response = organiser.post(many_url(tournament), data)

    assert response.status_code == 422
    assert said in response.content.decode()
    assert list(tournament.entrants.values_list("name", flat=True)) == ["Jon"]


def test_many_entrants_is_the_secretarys_and_a_post(client: Client, boss: object) -> None:
    tournament = club_night(boss, players=0)  # type: ignore[arg-type]
    ann = member("Ann")
    assert ann.user is not None
    client.force_login(ann.user)

    assert client.post(many_url(tournament), {"names": "Ida"}).status_code == 403
    client.force_login(boss)  # type: ignore[arg-type]
    assert client.get(many_url(tournament)).status_code == 405
    assert not tournament.entrants.exists()


def test_the_settings_rank_by_average_after_a_minimum_of_games(
    organiser: Client, boss: object
) -> None:
    tournament = club_night(boss)  # type: ignore[arg-type]
    url = reverse("tournaments:edit", args=[tournament.pk])
    day = {"name": "Club night", "starts_on": "2026-11-27", "ends_on": "2026-11-27"}
    day |= {"table_size": "4", "rounds": "3"}

    refused = organiser.post(url, {**day, "ranked_by": "average", "min_games": "4"})
    unknown = organiser.post(url, {**day, "ranked_by": "median", "min_games": "1"})
    saved = organiser.post(url, {**day, "ranked_by": "average", "min_games": "2"})

    assert refused.status_code == 422
    assert "At most the day&#x27;s 3 rounds" in refused.content.decode()
    assert unknown.status_code == 422
    assert saved.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.ranked_by, tournament.min_games) == ("average", 2)


def test_the_day_page_lists_players_below_the_minimum_apart(
    organiser: Client, boss: object
) -> None:
    tournament = club_night(boss)  # type: ignore[arg-type]
    tournament.min_games = 1
    tournament.save()
    start_rounds(tournament, boss, up_to=1, tables=1, played=True)  # type: ignore[arg-type]

    page = organiser.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()

    assert 'id="unranked"' in page
    assert page.count("not ranked: 0 of 1 game") == 8


def test_a_draw_from_a_page_of_before_is_refused_in_words(organiser: Client, boss: object) -> None:
    tournament = club_night(boss)  # type: ignore[arg-type]
    seen = last_draw(tournament)
    url = reverse("tournaments:draw", args=[tournament.pk])
    organiser.post(url, {"seen": str(seen)})
    drawn = list(Round.objects.values_list("pk", flat=True))

    again = organiser.post(url, {"seen": str(seen)}, follow=True)
    garbage = organiser.post(url, {"seen": "lots"}, follow=True)

    assert "drawn a moment ago" in again.content.decode()
    assert garbage.status_code == 200
    assert len(drawn) == 3


def test_a_voided_table_is_replayed_from_the_day_page(organiser: Client, boss: object) -> None:
    tournament = club_night(boss)  # type: ignore[arg-type]
    (game,) = start_rounds(tournament, boss, up_to=1, tables=1, played=True)  # type: ignore[arg-type]
    table = Table.objects.get(game=game)
    url = reverse("tournaments:replay", args=[tournament.pk, table.pk])

    not_void = organiser.post(url)
    void_game(game=game, by=boss, reason="Wrong dice")  # type: ignore[arg-type]
    page = organiser.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    replayed = organiser.post(url)

    assert not_void["Location"] == reverse("scoring:game", args=[game.pk])
    assert "Replay this table" in page
    replay = Game.objects.exclude(pk=game.pk).get()
    assert replayed["Location"] == reverse("scoring:game", args=[replay.pk])
    assert ReplacedGame.objects.get().game == game
    assert organiser.get(url).status_code == 405


def test_an_unstarted_table_is_not_replayed_and_says_so(organiser: Client, boss: object) -> None:
    tournament = club_night(boss)  # type: ignore[arg-type]
    draw_rounds(tournament=tournament)
    table = Table.objects.first()
    assert table is not None

    response = organiser.post(
        reverse("tournaments:replay", args=[tournament.pk, table.pk]), follow=True
    )

    assert "has not started: start it instead" in response.content.decode()
    assert not Game.objects.exists()


def test_the_projector_pages_through_every_row_and_follows_the_round(client: Client) -> None:
    boss = secretary()
    tournament = club_night(boss, players=0)
    tournament.public = True
    tournament.save()
    add_entrants(tournament=tournament, names="\n".join(f"Guest {n}" for n in range(1, 25)))
    url = reverse("tournaments:projector", args=[tournament.pk])

    first = client.get(url).content.decode()
    second = client.get(url, {"page": "2"}).content.decode()
    wrong = client.get(url, {"page": "x9"})

    assert first.count("Guest ") == 14 and "page 1 of 2" in first and "?page=2" in first
    assert second.count("Guest ") == 10 and "Places 15–24 of 24" in second
    assert "?page=1" in second
    assert wrong.status_code == 200 and "page 1 of 2" in wrong.content.decode()


def test_the_projector_shows_the_next_round_once_every_table_has_finished(client: Client) -> None:
    boss = secretary()
    tournament = club_night(boss)
    tournament.public = True
    tournament.save()
    games = start_rounds(tournament, boss, up_to=1)
    url = reverse("tournaments:projector", args=[tournament.pk])

    playing = client.get(url).content.decode()
    for game in games:
        finish(game)
    finished = client.get(url).content.decode()

    assert "Round 1 of 3" in playing
    assert "Round 2 of 3" in finished


def test_a_tables_game_page_names_its_tournament_round_and_table(
    organiser: Client, boss: object
) -> None:
    tournament = club_night(boss)  # type: ignore[arg-type]
    (game,) = start_rounds(tournament, boss, up_to=1, tables=1)  # type: ignore[arg-type]
    other = new_game()
    panel = reverse("tournaments:game_panel", args=[game.pk])

    htmx = {"hx-request": "true"}
    page = organiser.get(reverse("scoring:game", args=[game.pk])).content.decode()
    said = organiser.get(panel, headers=htmx).content.decode()
    alone = organiser.get(panel).content.decode()
    elsewhere = reverse("tournaments:game_panel", args=[other.pk])

    assert panel in page
    assert "Club night" in said and "Round 1" in said and "Table 1" in said
    assert "<html" not in said
    # Opened at its own address: a whole page (a title, a landmark, a heading) saying the same.
    assert "<html" in alone and "<h1" in alone and "Club night" in alone
    assert organiser.get(elsewhere, headers=htmx).content == b""
    assert "not part of a tournament" in organiser.get(elsewhere).content.decode()
    assert organiser.get(reverse("tournaments:game_panel", args=[999999])).status_code == 404
