"""The cup's pages: the draw previewed with its number, then made with it; the bracket read by
visitors; the secretary's choice after a level match. Each refusal changes nothing and says why."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from teams.models import CupTie, Fixture
from teams.services.cup import draw_cup
from tests.scoring.services.helpers import secretary
from tests.teams.helpers import cup_of, play_and_sign, tie_fixture, tie_teams

pytestmark = pytest.mark.django_db

DRAW = {"first_round_on": "2026-02-05", "starts_at": "19:30", "days_between_rounds": 7}


def signed_in(client: Client, user: User) -> Client:
    client.force_login(user)
    return client


def drawn_cup(boss: User, teams: int = 3) -> list[CupTie]:
    division, _ = cup_of(boss, teams)
    return draw_cup(
        by=boss,
        division=division,
        seeded=1,
        first_round_on=datetime.date(2026, 2, 5),
        starts_at=datetime.time(19, 30),
    )


def test_the_draw_is_previewed_with_its_number_and_made_with_the_same(client: Client) -> None:
    boss = secretary()
    division, _ = cup_of(boss, 5)
    signed_in(client, boss)
    url = reverse("teams:draw_cup", args=[division.pk])

    preview = client.post(url, {**DRAW, "seeded": 2})
    page = preview.content.decode()
    assert preview.status_code == 200
    assert not CupTie.objects.exists()
    number = re.search(r'name="seed" value="(\d+)"', page)
    assert number is not None
    previewed = re.findall(
        r"<li class=\"list-group-item fs-5\" data-preview-tie>([^<]+)</li>", page
    )
    assert len(previewed) == 4

    drawn = client.post(url, {**DRAW, "seeded": 2, "seed": number.group(1), "confirm": "1"})

    assert drawn.status_code == 302
    assert CupTie.objects.filter(division=division).count() == 7
    bracket = client.get(reverse("teams:division_setup", args=[division.pk])).content.decode()
    for line in previewed:
        assert line.strip().split(" – ")[0].split(" goes")[0] in bracket
    assert client.get(url).status_code == 405


def test_bad_draw_input_is_refused_in_words_and_draws_nothing(client: Client) -> None:
    boss = secretary()
    division, _ = cup_of(boss, 3)
    signed_in(client, boss)
    url = reverse("teams:draw_cup", args=[division.pk])

    too_many = client.post(url, {**DRAW, "seeded": 9, "seed": 1, "confirm": "1"})
    bad_day = client.post(url, {**DRAW, "first_round_on": "2999-12-30", "seeded": 0, "seed": 1})

    assert too_many.status_code == 422
    assert "Seed from 0 to 3 teams" in too_many.content.decode()
    assert bad_day.status_code == 422
    assert "The rounds are played from" in bad_day.content.decode()
    assert not CupTie.objects.exists()


def test_a_redraw_is_refused_once_a_cup_match_is_played(client: Client) -> None:
    boss = secretary()
    ties = drawn_cup(boss)
    match_tie = next(tie for tie in ties if tie.fixture is not None)
    play_and_sign(tie_fixture(match_tie))
    signed_in(client, boss)
    before = list(CupTie.objects.values_list("pk", "home", "away", "winner"))

    refused = client.post(
        reverse("teams:draw_cup", args=[match_tie.division_id]),
        {**DRAW, "seeded": 0, "seed": 5, "confirm": "1"},
    )

    assert refused.status_code == 422
    assert "cannot be drawn again" in refused.content.decode()
    assert list(CupTie.objects.values_list("pk", "home", "away", "winner")) == before


def test_visitors_read_the_bracket_with_its_byes_and_the_winner_through(client: Client) -> None:
    boss = secretary()
    ties = drawn_cup(boss)
    match_tie = next(tie for tie in ties if tie.fixture is not None)
    match = play_and_sign(tie_fixture(match_tie))

    page = client.get(reverse("teams:bracket", args=[match_tie.division_id])).content.decode()

    assert re.search(r'<h2 class="h5">Semi-finals</h2>', page)
    assert re.search(r'<h2 class="h5">Final</h2>', page)
    assert re.search(r"data-tie=\"\d+\" data-bye", page)
    winner = tie_fixture(match_tie).home
    assert re.search(rf'data-team="{winner.pk}" data-winner', page)
    assert re.search(rf"<span data-score>{match.home_score}</span>", page)
    final = CupTie.objects.get(division=match_tie.division, round=2)
    assert final.away == winner


def test_the_secretary_names_who_goes_through_from_a_level_match(client: Client) -> None:
    boss = secretary()
    ties = drawn_cup(boss)
    tie = next(tie for tie in ties if tie.fixture is not None)
    play_and_sign(tie_fixture(tie), level=True)
    url = reverse("teams:settle_tie", args=[tie.pk])
    bracket = reverse("teams:bracket", args=[tie.division_id])
    assert "Level: the secretary decides who goes through." in client.get(bracket).content.decode()

    captain = signed_in(Client(), tie_teams(tie)[1].captain.user).post(url, {"winner": tie.away_id})
    nobody = signed_in(client, boss).post(url, {})
    stranger = client.post(url, {"winner": ties[0].home_id if ties[0].bye else 0})
    assert (captain.status_code, nobody.status_code, stranger.status_code) == (403, 422, 422)
    assert "Choose one of the two teams" in nobody.content.decode()
    assert CupTie.objects.get(pk=tie.pk).winner is None
    assert client.get(url).status_code == 405

    chosen = client.post(url, {"winner": tie.away_id})

    assert chosen.status_code == 302
    tie.refresh_from_db()
    assert (tie.winner_id, tie.settled_by_secretary) == (tie.away_id, True)
    assert CupTie.objects.get(division=tie.division, round=2).away_id == tie.away_id
    assert Fixture.objects.filter(division=tie.division, round=2).exists()
