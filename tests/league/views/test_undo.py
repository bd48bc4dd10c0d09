"""The secretary's pages for taking decisions back, for members, and for seasons: each asks for
a reason and a confirmation before it changes anything, is the secretary's alone, and answers a
refusal in words with nothing changed."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.hashers import check_password
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.models import (
    AuditAction,
    AuditEntry,
    ClaimStatus,
    DebtStatus,
    DrinkDebt,
    RegisterClaim,
    RegisterEntry,
    Season,
)
from league.services.books import book_game
from league.services.ledger import settle_debt
from league.services.register import enter_historic_record, open_claims, ratify_claim
from scoring.models import Game, Member
from scoring.services.members import verify_pin
from tests.factories import the_club
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db

SURE = {"reason": "Entered by mistake", "confirm": "on"}


@pytest.fixture
def boss(client: Client) -> User:
    user = secretary()
    client.force_login(user)
    return user


@pytest.fixture
def bar_game() -> Game:
    game = play_bar()
    book_game(game=game)
    open_claims(game=game)
    return game


def historic(by: User) -> RegisterEntry:
    return enter_historic_record(
        in_club=the_club(),
        date=datetime.date(1985, 6, 1),
        player_name="Old Tom",
        member=None,
        score=171,
        kind="high",
        ruleset="bar",
        scan=None,
        note="",
        by=by,
    )


def test_voiding_asks_first_then_voids_with_the_reason_shown_on_the_game(
    client: Client, boss: User, bar_game: Game
) -> None:
    url = reverse("league:void_game", args=[bar_game.pk])

    page = client.get(url)
    unconfirmed = client.post(url, {"reason": "Entered twice"})
    bar_game.refresh_from_db()
    assert page.status_code == 200 and "cannot be taken back" in page.content.decode()
    assert unconfirmed.status_code == 422 and "I am sure" in unconfirmed.content.decode()
    assert not bar_game.is_void

    done = client.post(url, SURE)

    assert done.status_code == 302 and done["Location"] == reverse(
        "scoring:game", args=[bar_game.pk]
    )
    bar_game.refresh_from_db()
    assert bar_game.is_void and bar_game.void_reason == "Entered by mistake"
    assert not DrinkDebt.objects.filter(game=bar_game, status=DebtStatus.OWED).exists()
    assert AuditEntry.objects.filter(action=AuditAction.GAME_VOIDED).count() == 1
    shown = client.get(reverse("scoring:game", args=[bar_game.pk])).content.decode()
    assert 'id="void"' in shown and "Entered by mistake" in shown
    again = client.post(url, SURE)
    assert again.status_code == 422 and "already void" in again.content.decode()


@pytest.mark.parametrize("name", ["league:void_game", "league:attest_game"], ids=["void", "attest"])
def test_members_cannot_void_or_attest_and_visitors_are_sent_to_sign_in(
    client: Client, bar_game: Game, name: str
) -> None:
    url = reverse(name, args=[bar_game.pk])
    assert client.post(url, SURE).status_code == 302
    client.force_login(member("Zed").user)
    assert client.post(url, SURE).status_code == 403
    client.force_login(secretary())
    assert client.put(url).status_code == 405
    bar_game.refresh_from_db()
    assert not bar_game.is_void and not AuditEntry.objects.exists()


def test_a_ratified_claim_is_reopened_from_its_register_line(
    client: Client, boss: User, bar_game: Game
) -> None:
    claim = RegisterClaim.objects.get(game=bar_game, kind="high")
    entry = ratify_claim(claim=claim, by=boss)
    line = client.get(reverse("league:register_entry", args=[entry.pk])).content.decode()
    assert reverse("league:reopen_claim", args=[claim.pk]) in line

    response = client.post(reverse("league:reopen_claim", args=[claim.pk]), SURE)

    assert response.status_code == 302
    claim.refresh_from_db()
    assert claim.status == ClaimStatus.PENDING
    register = client.get(reverse("league:register")).content.decode()
    assert f'data-claim="{claim.pk}"' in register


def test_rejected_claims_stay_visible_on_the_register_with_a_way_back(
    client: Client, boss: User, bar_game: Game
) -> None:
    claim = RegisterClaim.objects.get(game=bar_game, kind="high")
    client.post(reverse("league:reject_claim", args=[claim.pk]), {"note": "Cocked dice"})

    plain = client.get(reverse("league:register")).content.decode()
    shown = client.get(reverse("league:register"), {"show": "rejected"}).content.decode()

    assert f'data-rejected="{claim.pk}"' not in plain
    assert f'data-rejected="{claim.pk}"' in shown and "Cocked dice" in shown
    assert reverse("league:reopen_claim", args=[claim.pk]) in shown


def test_a_settled_round_is_owed_again_from_the_ledger(
    client: Client, boss: User, bar_game: Game
) -> None:
    debt = DrinkDebt.objects.filter(game=bar_game).first()
    assert debt is not None
    settle_debt(debt=debt, by=boss)
    url = reverse("league:reopen_debt", args=[debt.pk])
    assert url in client.get(reverse("league:ledger")).content.decode()

    no_reason = client.post(url, {"confirm": "on"})
    debt.refresh_from_db()
    assert no_reason.status_code == 422 and debt.status == DebtStatus.SETTLED

    assert client.post(url, SURE).status_code == 302
    debt.refresh_from_db()
    assert debt.status == DebtStatus.OWED


def test_a_historic_entry_is_edited_removed_and_restored_on_its_page(
    client: Client, boss: User
) -> None:
    entry = historic(boss)
    url = reverse("league:register_entry", args=[entry.pk])
    edit = {
        "action": "edit",
        "edit-date": "1985-06-01",
        "edit-player_name": "Old Tom",
        "edit-score": "175",
        "edit-kind": "high",
        "edit-ruleset": "bar",
        "edit-note": "",
        "edit-reason": "Misread",
    }

    assert client.post(url, edit).status_code == 302
    entry.refresh_from_db()
    assert entry.score == 175
    refused = client.post(url, {"action": "remove", "reason": "Not ours"})
    assert refused.status_code == 422
    assert client.post(url, {"action": "remove", **SURE}).status_code == 302
    entry.refresh_from_db()
    assert entry.removed_at is not None
    register = client.get(reverse("league:register")).content.decode()
    assert f'data-entry="{entry.pk}"' not in register
    with_removed = client.get(reverse("league:register"), {"show": "removed"}).content.decode()
    assert f'data-entry="{entry.pk}"' in with_removed
    assert client.post(url, {"action": "restore", **SURE}).status_code == 302
    entry.refresh_from_db()
    assert entry.removed_at is None and RegisterEntry.objects.count() == 1


def test_a_bad_edit_is_refused_in_words_and_changes_nothing(client: Client, boss: User) -> None:
    entry = historic(boss)
    url = reverse("league:register_entry", args=[entry.pk])
    response = client.post(
        url,
        {
            "action": "edit",
            "edit-date": "2999-01-01",
            "edit-player_name": "Old Tom",
            "edit-score": "-4",
            "edit-kind": "high",
            "edit-ruleset": "bar",
            "edit-reason": "x",
        },
    )
    assert response.status_code == 422
    entry.refresh_from_db()
    assert entry.score == 171 and not AuditEntry.objects.filter(action="entry_edited").exists()
    assert client.post(url, {"action": "nonsense"}).status_code == 422


def test_the_register_lists_claims_waiting_for_signatures_with_who_has_to_sign(
    client: Client, boss: User
) -> None:
    game = play_bar()
    book_game(game=game)

    html = client.get(reverse("league:register")).content.decode()

    waiting = html[html.index(f'data-awaiting="{game.pk}"') :]
    waiting = waiting[: waiting.index("</div>")]
    assert "Ann, Ben, Cy" in waiting
    assert reverse("league:attest_game", args=[game.pk]) not in waiting


def test_an_imported_game_is_attested_from_the_register(client: Client, boss: User) -> None:
    game = play_bar()
    Game.objects.filter(pk=game.pk).update(imported=True)
    book_game(game=game)
    url = reverse("league:attest_game", args=[game.pk])
    assert url in client.get(reverse("league:register")).content.decode()

    assert client.post(url, SURE).status_code == 302

    assert RegisterClaim.objects.filter(game=game, status=ClaimStatus.PENDING).count() == 2
    html = client.get(reverse("league:register")).content.decode()
    assert f'data-awaiting="{game.pk}"' not in html


def test_the_secretary_adds_a_member_who_signs_in_with_the_pin(client: Client, boss: User) -> None:
    page = client.get(reverse("league:members")).content.decode()
    assert reverse("league:member_add") in page

    response = client.post(
        reverse("league:member_add"),
        {"name": "Dee Dee", "known_as": "Dee", "email": "", "pin": "4321"},
    )

    assert response.status_code == 302
    dee = Member.objects.get(known_as="Dee")
    assert dee.name == "Dee Dee" and verify_pin(member=dee, pin="4321")


def test_a_member_is_changed_deactivated_and_given_a_new_pin(client: Client, boss: User) -> None:
    ann = member("Ann")
    url = reverse("league:member", args=[ann.pk])
    assert "Ann" in client.get(url).content.decode()

    response = client.post(
        url, {"name": "Ann Arbor", "known_as": "Annie", "email": "", "pin": "2468"}
    )

    assert response.status_code == 302
    ann.refresh_from_db()
    assert (ann.name, ann.known_as, ann.is_active) == ("Ann Arbor", "Annie", False)
    # A former member cannot sign in; the new PIN is kept for when they come back.
    assert check_password("2468", ann.pin_hash)


def test_a_taken_name_or_a_bad_pin_is_refused_in_words(client: Client, boss: User) -> None:
    member("Ann")
    taken = client.post(
        reverse("league:member_add"), {"name": "Another", "known_as": "Ann", "pin": ""}
    )
    bad_pin = client.post(
        reverse("league:member_add"), {"name": "Bo", "known_as": "Bo", "pin": "12ab"}
    )
    assert taken.status_code == 422 and "goes by" in taken.content.decode().lower()
    assert bad_pin.status_code == 422 and "4 to 6 digits" in bad_pin.content.decode()
    assert Member.objects.count() == 1


def test_members_cannot_add_members(client: Client) -> None:
    assert client.post(reverse("league:member_add"), {}).status_code == 302
    client.force_login(member("Zed").user)
    assert client.get(reverse("league:member_add")).status_code == 403
    assert Member.objects.count() == 1


def test_seasons_are_in_the_secretarys_menu(client: Client, boss: User) -> None:
    html = client.get(reverse("league:register")).content.decode()
    assert f'href="{reverse("league:seasons")}"' in html and 'id="nav-audit"' in html


def test_a_season_ending_before_it_starts_is_refused_in_words_not_a_constraint_name(
    client: Client, boss: User
) -> None:
    response = client.post(
        reverse("league:seasons"),
        {"name": "Backwards", "starts_on": "2026-06-01", "ends_on": "2026-01-01"},
    )
    html = response.content.decode()
    assert response.status_code == 422
    assert "ends on or after the day it starts" in html
    assert "season_starts_before_it_ends" not in html and "onstraint" not in html
    assert not Season.objects.exists()


def test_an_overlapping_season_is_saved_with_a_warning(client: Client, boss: User) -> None:
    client.post(
        reverse("league:seasons"),
        {"name": "2026", "starts_on": "2026-01-01", "ends_on": "2026-12-31"},
    )
    response = client.post(
        reverse("league:seasons"),
        {"name": "Summer cup", "starts_on": "2026-06-01", "ends_on": "2026-08-31"},
        follow=True,
    )
    assert Season.objects.count() == 2
    assert "shares days with 2026" in response.content.decode()
