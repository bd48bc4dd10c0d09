"""The register page: the highest to date, the register table and claims (historic records and their
scans: test_register_scans.py)."""

from __future__ import annotations

import csv
import datetime
import io
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pytest_django import DjangoAssertNumQueries

from league.models import ClaimStatus, RegisterClaim, RegisterEntry
from league.services.register import enter_historic_record, open_claims, ratify_claim
from scoring.models import Game
from tests.factories import the_club
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import member, secretary

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db

REGISTER = reverse("league:register")


def the_secretary() -> User:
    return User.objects.filter(username="secretary").first() or secretary()


def historic(player: str, score: int, *, year: int = 1985, kind: str = "high") -> RegisterEntry:
    """A historic record without a scan: the quickest way to fill the register."""
    return enter_historic_record(
        in_club=the_club(),
        date=datetime.date(year, 6, 1),
        player_name=player,
        member=None,
        score=score,
        kind=kind,
        ruleset="bar",
        scan=None,
        note="",
        by=the_secretary(),
    )


@pytest.fixture
def boss(client: Client) -> User:
    user = the_secretary()
    client.force_login(user)
    return user


@pytest.fixture
def signed_bar_game() -> Game:
    """The finished bar game of three, its claims opened as the last signature opens them."""
    game = play_bar()
    open_claims(game=game)
    return game


def ratify(client: Client, claim: RegisterClaim, note: str = "") -> Response:
    return client.post(reverse("league:ratify_claim", args=[claim.pk]), {"note": note})


def test_the_ratified_162_stands_at_the_top_linked_to_its_game_and_signed_sheet(
    client: Client, boss: User, signed_bar_game: Game
) -> None:
    for claim in RegisterClaim.objects.all():
        ratify(client, claim)
    client.logout()

    html = client.get(REGISTER).content.decode()

    top = html[html.index('data-highest="bar"') : html.index('id="register-heading"')]
    assert 'class="display-1 fw-bold mb-0 lh-1 highest-score">162</p>' in top
    assert "Ann" in top
    assert reverse("scoring:game", args=[signed_bar_game.pk]) in top
    sheet = reverse("scoring:game_sheet_pdf", args=[signed_bar_game.pk])
    assert sheet not in top, "the signed sheet is for members (scoring.access.privacy)"
    client.force_login(member("Zed").user)
    html = client.get(REGISTER).content.decode()
    assert sheet in html[html.index('data-highest="bar"') : html.index('id="register-heading"')]


def test_the_secretary_sees_the_pending_claims_and_others_do_not(
    client: Client, signed_bar_game: Game
) -> None:
    assert 'id="claims"' not in client.get(REGISTER).content.decode()
    client.force_login(member("Zed").user)
    assert 'id="claims"' not in client.get(REGISTER).content.decode()

    client.force_login(secretary())
    html = client.get(REGISTER).content.decode()

    assert html.count("data-claim=") == 2
    assert "162 · High" in html and "38 · Low" in html


def test_ratifying_puts_the_claim_in_the_register(
    client: Client, boss: User, signed_bar_game: Game
) -> None:
    claim = RegisterClaim.objects.get(score=162)

    response = ratify(client, claim, note="Well thrown")

    assert response.status_code == 302 and response["Location"] == REGISTER
    entry = RegisterEntry.objects.get()
    assert (entry.score, entry.claim, entry.note) == (162, claim, "Well thrown")
    claim.refresh_from_db()
    assert claim.status == ClaimStatus.RATIFIED


def test_rejecting_without_a_note_is_refused_with_a_message(
    client: Client, boss: User, signed_bar_game: Game
) -> None:
    claim = RegisterClaim.objects.get(score=38)

    response = client.post(
        reverse("league:reject_claim", args=[claim.pk]), {"note": ""}, follow=True
    )

    assert response.redirect_chain == [(REGISTER, 302)]
    assert "Nothing changed: Say why the claim is rejected." in response.content.decode()
    claim.refresh_from_db()
    assert claim.status == ClaimStatus.PENDING


def test_rejecting_with_a_note_keeps_the_claim_out_of_the_register(
    client: Client, boss: User, signed_bar_game: Game
) -> None:
    claim = RegisterClaim.objects.get(score=38)

    response = client.post(reverse("league:reject_claim", args=[claim.pk]), {"note": "Wrong sheet"})

    assert response.status_code == 302
    claim.refresh_from_db()
    assert (claim.status, claim.note) == (ClaimStatus.REJECTED, "Wrong sheet")
    assert not RegisterEntry.objects.exists()


def test_a_claim_decided_already_is_refused_with_a_message(
    client: Client, boss: User, signed_bar_game: Game
) -> None:
    claim = RegisterClaim.objects.get(score=162)
    ratify(client, claim)

    response = client.post(reverse("league:ratify_claim", args=[claim.pk]), follow=True)

    assert "Nothing changed: This claim was already ratified" in response.content.decode()
    assert RegisterEntry.objects.count() == 1


def test_members_cannot_decide_claims_and_visitors_are_sent_to_sign_in(
    client: Client, signed_bar_game: Game
) -> None:
    claim = RegisterClaim.objects.get(score=162)

    anonymous = ratify(client, claim)
    client.force_login(member("Zed").user)
    refused = ratify(client, claim)

    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("scoring:signin"))
    assert refused.status_code == 403
    assert not RegisterEntry.objects.exists()
    claim.refresh_from_db()
    assert claim.status == ClaimStatus.PENDING


def test_a_decision_is_posted(client: Client, boss: User, signed_bar_game: Game) -> None:
    claim = RegisterClaim.objects.get(score=162)

    response = client.get(reverse("league:ratify_claim", args=[claim.pk]))

    assert response.status_code == 405
    assert not RegisterEntry.objects.exists()


def rows(client: Client, query: str = "") -> list[str]:
    html = client.get(f"{REGISTER}?{query}").content.decode()
    table = html[html.index('id="register-table"') :]
    return [cell.split("</td>")[0].strip() for cell in table.split('<td class="fw-bold">')[1:]]


def test_the_register_filters_by_kind_year_and_player(client: Client) -> None:
    historic("Old Tom", 170, year=1979)
    historic("Old Tom", 30, year=1979, kind="low")
    historic("May", 165, year=1985)

    assert rows(client, "kind=high&sort=-score") == ["170", "165"]
    assert rows(client, "year=1985") == ["165"]
    assert sorted(rows(client, "player=tom")) == ["170", "30"]
    # A year with no record is not a choice: a 400 naming the filter, never a 500.
    response = client.get(f"{REGISTER}?year=1900&kind=medium")
    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()


def test_the_register_sorts_and_pages(client: Client) -> None:
    for score in range(160, 190):
        historic("Tom", score)

    first = rows(client, "sort=score")
    second = rows(client, "sort=score&page=2")

    assert first == [str(score) for score in range(160, 185)]
    assert second == [str(score) for score in range(185, 190)]


def test_the_lines_of_one_day_stay_in_the_order_they_were_entered_either_way(
    client: Client,
) -> None:
    for score in (171, 170, 172):
        historic("Tom", score)

    assert rows(client) == rows(client, "sort=date") == ["171", "170", "172"]


def test_the_register_downloads_as_csv_with_its_filters(client: Client) -> None:
    historic("Old Tom", 170)
    historic("Old Tom", 30, kind="low")
    historic("=HYPERLINK(1)", 171)

    response = client.get(f"{REGISTER}?kind=high&sort=-score&export=csv")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment;" in response["Content-Disposition"]
    table = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert table[0] == [
        "Date",
        "Score",
        "High or low",
        "Player",
        "Game",
        "Sheet",
        "Note",
        "Removed because",
    ]
    assert [(row[1], row[3]) for row in table[1:]] == [
        ("171", "'=HYPERLINK(1)"),
        ("170", "Old Tom"),
    ]


def test_the_register_downloads_as_excel(client: Client) -> None:
    historic("Old Tom", 170)

    response = client.get(f"{REGISTER}?export=xlsx")

    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet is not None
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert values[0][:4] == ["Date", "Score", "High or low", "Player"]
    assert values[1][1:4] == [170, "High", "Old Tom"]


def fill_register(size: int) -> None:
    """`size` historic records over three years, and `size` games with their claims: half of
    them ratified, the others waiting."""
    for i in range(size):
        historic(f"Player {i}", 160 + i, year=1980 + i % 3)
        game = play_bar()
        high, _ = open_claims(game=game)
        if i % 2:
            ratify_claim(claim=high, by=the_secretary())


@pytest.mark.parametrize("size", [1, 6])
def test_the_register_costs_the_same_queries_however_many_rows(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries, size: int
) -> None:
    fill_register(size)

    # The club's settings (may a visitor see the register?, read once for the whole request:
    # the register's bounds come from the same reading), the years to filter by, the
    # register's record (its highest and lowest lines, the better totals and their claims),
    # the table's count and its page.
    with django_assert_num_queries(8):
        assert client.get(REGISTER).status_code == 200


@pytest.mark.parametrize("size", [1, 6])
def test_the_secretarys_register_costs_the_same_queries_however_many_claims(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries, size: int
) -> None:
    fill_register(size)
    client.force_login(the_secretary())

    # Session, user, group, and the navbar's user.member; the page's six; pending claims;
    # the games waiting for signatures (the kept totals with each game's own bounds); the
    # register's record (two).
    with django_assert_num_queries(14):
        assert client.get(REGISTER).status_code == 200
