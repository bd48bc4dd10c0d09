"""The ledger page: balances, every round booked, and the Settle and Write off buttons."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pytest_django import DjangoAssertNumQueries

from league.models import DebtStatus, DrinkDebt
from league.services.books import book_game
from league.services.ledger import write_off_debt
from scoring.models import Member
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import imported, member, secretary

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(member_client: Client) -> Client:
    """These pages are for signed-in members (scoring.access.privacy): the tests read them as
    one."""
    return member_client


LEDGER = reverse("league:ledger")


@pytest.fixture
def ben_owes() -> DrinkDebt:
    """Ben came last in a bar game of three: one round owed to Ann and Cy."""
    (debt,) = book_game(game=play_bar()).debts
    return debt


def ben(client: Client) -> Member:
    found = Member.objects.get(known_as="Ben")
    client.force_login(found.user)
    return found


def settle(client: Client, debt: DrinkDebt) -> Response:
    return client.post(reverse("league:settle_debt", args=[debt.pk]))


def write_off(client: Client, debt: DrinkDebt, reason: str) -> Response:
    return client.post(reverse("league:write_off_debt", args=[debt.pk]), {"reason": reason})


def test_the_page_shows_who_owes_and_every_round(client: Client, ben_owes: DrinkDebt) -> None:
    book_game(game=imported("balut-three-players"))

    html = client.get(LEDGER).content.decode()

    assert 'data-balance="Ben"' in html
    assert 'data-balance="Cy"' in html and "(guest)" in html
    assert html.count("data-debt=") == 5
    assert ">Settle</button>" not in html and "write-off/" not in html


def test_the_debtor_sees_settle_on_their_own_round_only(
    client: Client, ben_owes: DrinkDebt
) -> None:
    book_game(game=imported("balut-three-players"))
    ben(client)

    html = client.get(LEDGER).content.decode()

    own = html[html.index(f'data-debt="{ben_owes.pk}"') :].split("</tr>")[0]
    assert reverse("league:settle_debt", args=[ben_owes.pk]) in own
    assert html.count(">Settle</button>") == 1
    assert "Write off" not in html


def test_the_secretary_sees_both_buttons_on_every_owed_round(
    client: Client, ben_owes: DrinkDebt
) -> None:
    client.force_login(secretary())

    html = client.get(LEDGER).content.decode()

    assert html.count(">Settle</button>") == 1
    assert reverse("league:write_off_debt", args=[ben_owes.pk]) in html


def test_the_member_who_owes_settles_and_the_time_is_kept(
    client: Client, ben_owes: DrinkDebt
) -> None:
    member_ben = ben(client)

    response = settle(client, ben_owes)

    assert response.status_code == 302 and response["Location"] == LEDGER
    ben_owes.refresh_from_db()
    assert (ben_owes.status, ben_owes.settled_by) == (DebtStatus.SETTLED, member_ben.user)
    assert ben_owes.settled_at is not None


def test_another_member_cannot_settle_and_a_visitor_is_asked_for_a_pin(
    client: Client, ben_owes: DrinkDebt
) -> None:
    anonymous = settle(Client(), ben_owes)
    client.force_login(member("Zed").user)
    refused = settle(client, ben_owes)

    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("scoring:signin"))
    assert refused.status_code == 403
    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.OWED


def test_settling_twice_is_refused_with_a_message(client: Client, ben_owes: DrinkDebt) -> None:
    ben(client)
    settle(client, ben_owes)

    response = client.post(reverse("league:settle_debt", args=[ben_owes.pk]), follow=True)

    assert response.redirect_chain == [(LEDGER, 302)]
    assert "Nothing changed: This round is already settled" in response.content.decode()


def test_the_secretary_writes_off_with_a_reason_and_the_round_stays_in_the_ledger(
    client: Client, ben_owes: DrinkDebt
) -> None:
    boss = secretary()
    client.force_login(boss)

    refused = client.post(
        reverse("league:write_off_debt", args=[ben_owes.pk]), {"reason": "  "}, follow=True
    )
    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.OWED
    assert "Nothing changed: Say why the round is written off." in refused.content.decode()

    done = write_off(client, ben_owes, "Ben's birthday")

    assert done.status_code == 302
    ben_owes.refresh_from_db()
    assert (ben_owes.status, ben_owes.write_off_reason, ben_owes.settled_by) == (
        DebtStatus.WRITTEN_OFF,
        "Ben's birthday",
        boss,
    )
    html = client.get(f"{LEDGER}?status=written_off").content.decode()
    assert "Ben&#x27;s birthday" in html


def test_only_the_secretary_writes_off(client: Client, ben_owes: DrinkDebt) -> None:
    anonymous = write_off(Client(), ben_owes, "please")
    ben(client)
    refused = write_off(client, ben_owes, "please")

    assert anonymous["Location"].startswith(reverse("scoring:signin"))
    assert refused.status_code == 403
    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.OWED


def test_settling_is_posted(client: Client, ben_owes: DrinkDebt) -> None:
    ben(client)

    assert client.get(reverse("league:settle_debt", args=[ben_owes.pk])).status_code == 405
    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.OWED


def test_the_ledger_filters_by_status_reason_member_and_game(
    client: Client, ben_owes: DrinkDebt
) -> None:
    balut = imported("balut-three-players")
    book_game(game=balut)
    cy = member("Cy2")

    def count(query: str) -> int:
        return client.get(f"{LEDGER}?{query}").content.decode().count("data-debt=")

    assert count("reason=balut_from_cup") == 2
    assert count(f"game={balut.pk}") == 4
    assert count(f"member={Member.objects.get(known_as='Ben').pk}") == 1
    assert count(f"member={cy.pk}") == 0
    assert count("status=settled") == 0
    assert client.get(f"{LEDGER}?game=abc&status=nonsense").status_code == 400


def test_the_ledger_downloads_as_csv_and_excel(client: Client, ben_owes: DrinkDebt) -> None:
    as_csv = client.get(f"{LEDGER}?export=csv")
    as_xlsx = client.get(f"{LEDGER}?export=xlsx")

    table = list(csv.reader(io.StringIO(as_csv.content.decode("utf-8-sig"))))
    assert table[0] == [
        "Booked",
        "Game",
        "Owes",
        "Reason",
        "To",
        "Status",
        "Closed",
        "Closed by",
        "Why written off",
    ]
    assert table[1][1:6] == [f"#{ben_owes.game_id}", "Ben", "Came last", "Ann, Cy", "Owed"]
    sheet = load_workbook(io.BytesIO(as_xlsx.content)).active
    assert sheet is not None
    assert [cell.value for cell in sheet[2]][2:4] == ["Ben", "Came last"]


def test_the_download_says_who_closed_a_round_and_why(client: Client, ben_owes: DrinkDebt) -> None:
    write_off_debt(debt=ben_owes, by=secretary(), reason="Ben's birthday")

    as_csv = client.get(f"{LEDGER}?export=csv&status=written_off")

    (_, row) = list(csv.reader(io.StringIO(as_csv.content.decode("utf-8-sig"))))
    assert row[5] == "Written off"
    assert row[7:] == ["secretary", "Ben's birthday"]


@pytest.mark.parametrize("games", [1, 5])
def test_the_ledger_costs_the_same_queries_however_many_rounds(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries, games: int
) -> None:
    for _ in range(games):
        book_game(game=imported("balut-three-players"))
        book_game(game=play_bar())
    client.force_login(secretary())

    # Session, user, group, the navbar's user.member; balances, guests, count, page; and the
    # member filter's choices.
    with django_assert_num_queries(9):
        assert client.get(LEDGER).status_code == 200


def test_a_member_owing_nothing_reads_that_nobody_owes(client: Client) -> None:
    assert "Nobody owes a round." in client.get(LEDGER).content.decode()


def test_the_ledger_downloads_under_a_name_in_the_readers_language(client: Client) -> None:
    german = client.get(f"{LEDGER}?export=csv", headers={"accept-language": "de"})

    # Non-ASCII names travel as RFC 5987's filename*, which every browser reads.
    assert "filename*=utf-8''balutclub-getr%C3%A4nkebuch-" in german["Content-Disposition"]
