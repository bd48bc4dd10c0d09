"""The match on the tablet through its pages: line-ups, the card signed by both captains' PINs,
a dispute, the card's PDF and its verify page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from teams.match_rules import Side
from teams.models import Match
from teams.selectors import division_table, player_records
from teams.services.matches import sign_card
from tests.factories import fast_pin_hashing  # noqa: F401 (registers the fixture)
from tests.scoring.pdf.helpers import lines_of
from tests.scoring.services.helpers import PIN, secretary
from tests.teams.helpers import drawn_league, finish_games, lineup, started_match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def test_the_home_captain_names_both_line_ups_and_the_games_start(client: Client) -> None:
    _, _, fixtures = drawn_league(secretary(), 2)
    fixture = fixtures[0]
    client.force_login(fixture.home.captain.user)
    url = reverse("teams:play_fixture", args=[fixture.pk])

    assert client.get(url).status_code == 200
    data = {f"home_{slot}": m.pk for slot, m in enumerate(lineup(fixture.home), start=1)}
    data |= {f"away_{slot}": m.pk for slot, m in enumerate(lineup(fixture.away), start=1)}
    response = client.post(url, data)

    match = Match.objects.get(fixture=fixture)
    assert response.status_code == 302
    assert response["Location"] == reverse("teams:match", args=[match.pk])
    assert match.games.count() == 2


def test_a_line_up_with_a_stranger_is_refused_with_nothing_started(client: Client) -> None:
    _, _, fixtures = drawn_league(secretary(), 2)
    fixture = fixtures[0]
    client.force_login(fixture.home.captain.user)
    data = {f"home_{slot}": m.pk for slot, m in enumerate(lineup(fixture.away), start=1)}
    data |= {f"away_{slot}": m.pk for slot, m in enumerate(lineup(fixture.away), start=1)}

    response = client.post(reverse("teams:play_fixture", args=[fixture.pk]), data)

    assert response.status_code == 422
    assert not Match.objects.exists()


def test_both_captains_sign_by_pin_on_one_tablet_and_the_card_verifies(client: Client) -> None:
    match, (home, away) = started_match(secretary())
    finish_games(match)
    # The tablet is signed in as the home captain; the away captain types their PIN on it.
    client.force_login(home.captain.user)
    sign = reverse("teams:sign_card", args=[match.pk])

    wrong = client.post(sign, {"side": "away", "pin": "0000"})
    assert wrong.status_code == 422
    assert client.post(sign, {"side": "home", "pin": ""}).status_code == 302
    assert client.post(sign, {"side": "away", "pin": PIN}).status_code == 302

    match.refresh_from_db()
    assert match.is_signed
    page = client.get(reverse("teams:match", args=[match.pk])).content.decode()
    assert match.verification_code in page
    verify = client.get(reverse("teams:verify_card", args=[match.verification_code.lower()]))
    assert verify.status_code == 200 and b"genuine" in verify.content
    lines = lines_of(client.get(reverse("teams:card_pdf", args=[match.pk])).content)
    assert f"Verification code: {match.verification_code}" in lines
    assert "Score 12 : 4, match points 2 : 0" in lines


def test_a_captain_disputes_the_card_and_the_secretary_settles_it(client: Client) -> None:
    boss = secretary()
    match, (home, away) = started_match(boss)
    finish_games(match)
    client.force_login(home.captain.user)

    response = client.post(
        reverse("teams:dispute", args=[match.pk]),
        {"side": "away", "pin": PIN, "reason": "Table 2 was miscounted."},
    )
    assert response.status_code == 302
    client.force_login(boss)
    listed = client.get(reverse("teams:disputes"))
    assert b"Table 2 was miscounted." in listed.content

    dispute = match.disputes.get()
    assert client.post(reverse("teams:resolve_dispute", args=[dispute.pk])).status_code == 302
    dispute.refresh_from_db()
    assert dispute.resolved_at is not None


def test_an_unknown_card_code_is_a_404(client: Client) -> None:
    assert client.get(reverse("teams:verify_card", args=["AAAA-AAAA-AA"])).status_code == 404
    assert client.get(reverse("teams:verify_card", args=["not a code"])).status_code == 404


def test_the_card_pdf_is_printed_in_the_readers_language(client: Client) -> None:
    match, (home, _) = started_match(secretary())
    finish_games(match)
    client.force_login(home.captain.user)

    url = reverse("teams:card_pdf", args=[match.pk])
    lines = lines_of(client.get(url, HTTP_ACCEPT_LANGUAGE="da").content)

    assert "Kampkort: Lions – Tigers" in lines
    assert "Stilling 12 : 4, kamppoint 2 : 0" in lines


def test_a_signed_card_counts_in_the_table_and_the_players_records(client: Client) -> None:
    match, (home, away) = started_match(secretary())
    finish_games(match)
    sign_card(match=match, side=Side.HOME, signer=home.captain.user)
    sign_card(match=match, side=Side.AWAY, signer=away.captain.user)

    table = division_table(match.fixture.division)
    assert [(row.team, row.match_points, row.score_for, row.place) for row in table] == [
        (home, 2, 12, 1),
        (away, 0, 4, 2),
    ]
    records = {record.name: record for record in player_records(home)}
    assert len(records) == 4
    assert {(r.matches, r.earned, r.average_place) for r in records.values()} == {(1, 3, 1.0)}
    client.force_login(home.captain.user)
    competition_page = client.get(
        reverse("teams:competition", args=[match.fixture.division.competition_id])
    )
    assert competition_page.content.count(b"<tr data-team=") == 2
    assert b'id="records"' in client.get(reverse("teams:team", args=[home.pk])).content
