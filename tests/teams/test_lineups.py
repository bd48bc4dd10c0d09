"""Line-ups chosen before the night: the captain (or the club's secretary) names the players and
their places, the match start seats them, a wrong line-up is refused in words, and the line-up
cannot change once the match has started."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from teams.match_rules import Side
from teams.models import LineupPlace, MatchPlayer
from teams.services.lineups import choose_lineup, lineup_of
from teams.services.matches import start_match
from tests.page_text import text_of
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import drawn_league, lineup, start_match_of

pytestmark = pytest.mark.django_db


def _seated(match_id: int, side: Side) -> list[str]:
    players = MatchPlayer.objects.filter(match_id=match_id, side=side).order_by("slot")
    return [player.member.known_as for player in players]


def test_the_captain_chooses_a_line_up_and_the_match_start_seats_it_in_that_order() -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]
    home = list(reversed(lineup(fixture.home)))
    away = lineup(fixture.away)

    choose_lineup(by=fixture.home.captain.user, fixture=fixture, side=Side.HOME, players=home)
    choose_lineup(by=boss, fixture=fixture, side=Side.AWAY, players=away)
    match = start_match(by=fixture.home.captain.user, fixture=fixture)

    assert _seated(match.pk, Side.HOME) == [member.known_as for member in home]
    assert _seated(match.pk, Side.AWAY) == [member.known_as for member in away]


def test_a_line_up_can_change_before_the_match_and_not_after_it_started() -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]
    first = lineup(fixture.home)
    choose_lineup(by=boss, fixture=fixture, side=Side.HOME, players=first)
    changed = [first[1], first[0], first[3], first[2]]

    choose_lineup(by=boss, fixture=fixture, side=Side.HOME, players=changed)

    assert lineup_of(fixture, Side.HOME) == changed
    assert LineupPlace.objects.filter(fixture=fixture).count() == 4
    start_match(by=boss, fixture=fixture, away_players=lineup(fixture.away))
    with pytest.raises(ValidationError, match="the line-up cannot change any more"):
        choose_lineup(by=boss, fixture=fixture, side=Side.HOME, players=first)
    assert lineup_of(fixture, Side.HOME) == changed


def test_a_line_up_with_a_stranger_a_player_twice_or_a_wrong_count_is_refused_in_words() -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]
    home, away = lineup(fixture.home), lineup(fixture.away)

    with pytest.raises(ValidationError, match="Not on the roster of"):
        choose_lineup(by=boss, fixture=fixture, side=Side.HOME, players=[*home[:3], away[0]])
    with pytest.raises(ValidationError, match="fields 4 different players"):
        choose_lineup(by=boss, fixture=fixture, side=Side.HOME, players=[*home[:3], home[0]])
    with pytest.raises(ValidationError, match="fields 4 different players"):
        choose_lineup(by=boss, fixture=fixture, side=Side.HOME, players=home[:3])
    assert not LineupPlace.objects.exists()


def test_only_the_teams_captain_or_the_secretary_chooses_its_line_up() -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]

    with pytest.raises(PermissionDenied):
        choose_lineup(
            by=fixture.away.captain.user,
            fixture=fixture,
            side=Side.HOME,
            players=lineup(fixture.home),
        )
    assert not LineupPlace.objects.exists()


def test_players_given_on_the_night_must_be_the_line_up_chosen_before() -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]
    chosen = list(reversed(lineup(fixture.home)))
    choose_lineup(by=boss, fixture=fixture, side=Side.HOME, players=chosen)

    with pytest.raises(ValidationError, match="plays the line-up chosen before the night"):
        start_match_of(fixture)
    assert not MatchPlayer.objects.exists()


def test_the_captain_keeps_a_line_up_on_its_page_and_a_wrong_one_is_refused(
    client: Client,
) -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]
    client.force_login(fixture.home.captain.user)
    url = reverse("teams:lineup", args=[fixture.pk, "home"])
    players = lineup(fixture.home)
    assert "Keep the line-up" in text_of(client.get(url).content.decode())

    twice = {f"player_{slot}": players[0].pk for slot in range(1, 5)}
    refused = client.post(url, twice)

    assert refused.status_code == 422
    assert "fields 4 different players" in text_of(refused.content.decode())
    assert not LineupPlace.objects.exists()
    posted = {f"player_{slot}": member.pk for slot, member in enumerate(players, start=1)}
    kept = client.post(url, posted, follow=True)
    assert kept.status_code == 200
    assert f"The line-up of {fixture.home.name} is kept." in text_of(kept.content.decode())
    assert lineup_of(fixture, Side.HOME) == players
    assert client.put(url).status_code == 405
    assert client.get(reverse("teams:lineup", args=[fixture.pk, "away"])).status_code == 403


def test_the_play_page_starts_the_match_with_the_line_ups_chosen_before(client: Client) -> None:
    boss = secretary()
    _, _, fixtures = drawn_league(boss, 2)
    fixture = fixtures[0]
    home, away = list(reversed(lineup(fixture.home))), lineup(fixture.away)
    choose_lineup(by=boss, fixture=fixture, side=Side.HOME, players=home)
    choose_lineup(by=boss, fixture=fixture, side=Side.AWAY, players=away)
    client.force_login(boss)
    url = reverse("teams:play_fixture", args=[fixture.pk])
    page = client.get(url)
    assert reverse("teams:lineup", args=[fixture.pk, "away"]) in page.content.decode()
    form = page.context["form"]
    posted = {name: form[name].value() for name in form.fields}

    response = client.post(url, posted)

    assert response.status_code == 302
    match_id = int(response["Location"].rstrip("/").split("/")[-1])
    assert _seated(match_id, Side.HOME) == [member.known_as for member in home]
    again = {f"player_{slot}": member.pk for slot, member in enumerate(home, start=1)}
    after = client.post(reverse("teams:lineup", args=[fixture.pk, "home"]), again)
    assert after.status_code == 422
    assert "the line-up cannot change any more" in text_of(after.content.decode())
