"""The season's end from the organiser's page: a preview naming who goes up and who down, then
the confirmation that sets next season up; refusals say why and change nothing."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from teams.models import Competition
from teams.services.fixtures import draw_fixtures
from tests.page_text import text_of
from tests.scoring.services.helpers import member, secretary
from tests.teams.helpers import league_of
from tests.teams.setup_pages import signed_in
from tests.teams.test_next_season import season_over

pytestmark = pytest.mark.django_db

ASKED = {"name": "Winter League 2027", "promoted": 1, "relegated": 1}


def test_the_organiser_previews_promotion_and_relegation_then_confirms(client: Client) -> None:
    boss = secretary()
    competition = season_over(boss)
    signed_in(client, boss)
    url = reverse("teams:next_season", args=[competition.pk])
    assert client.get(url).status_code == 200

    preview = client.post(url, ASKED)

    assert preview.status_code == 200
    html = preview.content.decode()
    assert 'data-team="Bears"' in html and 'data-moved="up"' in html
    assert 'data-moved="down"' in html
    assert "Promoted" in text_of(html) and "Relegated" in text_of(html)
    assert Competition.objects.count() == 1

    confirmed = client.post(url, {**ASKED, "confirm": "1"})

    following = Competition.objects.get(name="Winter League 2027")
    assert confirmed.status_code == 302
    assert confirmed["Location"] == reverse("teams:competition_setup", args=[following.pk])
    top = following.divisions.get(level=1)
    assert [entry.team.name for entry in top.entries.order_by("seed")] == ["Lions", "Bears"]


def test_a_season_not_over_is_refused_in_words_and_nothing_is_set_up(client: Client) -> None:
    boss = secretary()
    competition, _, _ = league_of(boss, 2)
    draw_fixtures(
        by=boss,
        division=competition.divisions.get(level=1),
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )
    signed_in(client, boss)
    url = reverse("teams:next_season", args=[competition.pk])

    refused = client.post(url, {**ASKED, "confirm": "1"})
    bad = client.post(url, {"name": "", "promoted": -1, "relegated": "x"})

    assert refused.status_code == 422 and "The season is not over" in refused.content.decode()
    assert bad.status_code == 422
    assert client.put(url).status_code == 405
    assert Competition.objects.count() == 1


def test_only_the_organisers_secretary_ends_the_season(client: Client) -> None:
    boss = secretary()
    competition = season_over(boss)
    client.force_login(member("Nosy").user)

    response = client.post(reverse("teams:next_season", args=[competition.pk]), ASKED)

    assert response.status_code == 403
    assert Competition.objects.count() == 1
