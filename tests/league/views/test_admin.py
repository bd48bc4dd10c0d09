"""The admin, set up for the secretary: every change goes through the services."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.models import (
    ClaimStatus,
    ClubSettings,
    DebtStatus,
    DrinkDebt,
    RegisterClaim,
    RegisterEntry,
)
from league.selectors import house_rules
from league.services.books import book_game
from league.services.register import open_claims
from scoring.models import Member
from scoring.services.members import verify_pin
from tests.factories import the_club
from tests.league.helpers import play_bar, png_upload
from tests.scoring.services.helpers import member, secretary

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client: Client) -> User:
    """The secretary as the club sets one up: in the Secretary group, with admin access."""
    user = secretary()
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    client.force_login(user)
    return user


def action(client: Client, model: str, name: str, ids: list[int], note: str = "") -> Response:
    return client.post(
        reverse(f"admin:{model}_changelist"),
        {"action": name, "_selected_action": [str(i) for i in ids], "note": note},
        follow=True,
    )


@pytest.mark.parametrize(
    "page",
    [
        "scoring_member",
        "scoring_game",
        "league_registerclaim",
        "league_registerentry",
        "league_drinkdebt",
    ],
)
def test_the_secretary_sees_the_books_in_the_admin(client: Client, boss: User, page: str) -> None:
    game = play_bar()
    open_claims(game=game)
    book_game(game=game)

    assert client.get(reverse(f"admin:{page}_changelist")).status_code == 200


def test_a_member_with_admin_access_but_not_the_secretary_sees_none_of_it(client: Client) -> None:
    staff = member("Staff").user
    staff.is_staff = True
    staff.save(update_fields=["is_staff"])
    client.force_login(staff)

    assert client.get(reverse("admin:scoring_member_changelist")).status_code == 403
    assert client.get(reverse("admin:league_drinkdebt_changelist")).status_code == 403


def test_a_game_is_read_only_with_its_players_and_turns(client: Client, boss: User) -> None:
    game = play_bar()

    html = client.get(reverse("admin:scoring_game_change", args=[game.pk])).content.decode()

    assert "Ann" in html and "Ben" in html and "full_house" in html
    assert 'name="_save"' not in html
    assert reverse("scoring:game", args=[game.pk]) in html


def test_adding_a_member_creates_their_user_and_pin(client: Client, boss: User) -> None:
    response = client.post(
        reverse("admin:scoring_member_add"),
        {"name": "Ida Holm", "known_as": "Ida", "email": "", "pin": "2468", "password": ""},
    )

    assert response.status_code == 302
    ida = Member.objects.get(known_as="Ida")
    assert ida.user.username == "ida" and not ida.user.has_usable_password()
    assert verify_pin(member=ida, pin="2468") == ida


def test_a_bad_pin_is_refused_and_no_member_made(client: Client, boss: User) -> None:
    response = client.post(
        reverse("admin:scoring_member_add"),
        {"name": "Ida Holm", "known_as": "Ida", "email": "", "pin": "24", "password": ""},
    )

    assert response.status_code == 200
    assert "A PIN is 4 to 6 digits." in response.content.decode()
    assert not Member.objects.filter(known_as="Ida").exists()


def test_changing_a_member_and_their_pin(client: Client, boss: User) -> None:
    ann = member("Ann")

    response = client.post(
        reverse("admin:scoring_member_change", args=[ann.pk]),
        {
            "name": "Ann Larsen",
            "known_as": "Ann",
            "email": "",
            "is_active": "on",
            "new_pin": "9999",
        },
    )

    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.name == "Ann Larsen"
    assert verify_pin(member=ann, pin="9999") == ann


def test_claims_are_ratified_and_rejected_by_action(client: Client, boss: User) -> None:
    high, low = open_claims(game=play_bar())

    action(client, "league_registerclaim", "ratify", [high.pk])
    refused = action(client, "league_registerclaim", "reject", [low.pk])
    low.refresh_from_db()
    assert low.status == ClaimStatus.PENDING
    assert "Say why the claim is rejected." in refused.content.decode()
    action(client, "league_registerclaim", "reject", [low.pk], note="Wrong sheet")

    statuses = dict(RegisterClaim.objects.values_list("score", "status"))
    assert statuses == {162: "ratified", 38: "rejected"}
    assert high.entry is not None


def test_debts_are_settled_and_written_off_by_action(client: Client, boss: User) -> None:
    (first,) = book_game(game=play_bar()).debts
    (second,) = book_game(game=play_bar()).debts

    action(client, "league_drinkdebt", "settle", [first.pk])
    refused = action(client, "league_drinkdebt", "write_off", [second.pk])
    assert "Say why the round is written off." in refused.content.decode()
    action(client, "league_drinkdebt", "write_off", [second.pk], note="Club anniversary")

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.settled_by) == (DebtStatus.SETTLED, boss)
    assert (second.status, second.write_off_reason) == (DebtStatus.WRITTEN_OFF, "Club anniversary")
    assert DrinkDebt.objects.count() == 2


def test_nothing_in_the_books_is_deleted_from_the_admin(client: Client, boss: User) -> None:
    (debt,) = book_game(game=play_bar()).debts

    response = client.post(
        reverse("admin:league_drinkdebt_delete", args=[debt.pk]), {"post": "yes"}
    )

    assert response.status_code == 403
    assert DrinkDebt.objects.filter(pk=debt.pk).exists()


def test_a_historic_record_is_added_through_the_service(client: Client, boss: User) -> None:
    response = client.post(
        reverse("admin:league_registerentry_add"),
        {
            "date": "1979-11-02",
            "player_name": "Old Tom",
            "score": "171",
            "kind": "high",
            "ruleset": "bar",
            "note": "",
            "scan": png_upload(),
        },
    )

    assert response.status_code == 302
    entry = RegisterEntry.objects.get()
    assert (entry.historic, entry.created_by, entry.scan.name.endswith(".png")) == (
        True,
        boss,
        True,
    )


def test_the_club_settings_are_one_page_saved_through_the_service(
    client: Client, boss: User
) -> None:
    assert client.get(reverse("admin:league_clubsettings_changelist"))["Location"] == reverse(
        "admin:league_clubsettings_add"
    )

    response = client.post(
        reverse("admin:league_clubsettings_add"),
        {
            "club_name": "The British Club",
            "pin_session_hours": "3",
            "drinks_in_jackpot": "on",
            "bar_register_high": "159",
            "bar_register_low": "41",
            "balut_thresholds": "at_least",
            "balut_guess_points": "0",
            "jackpot_thresholds": "at_least",
            "jackpot_jackpot_bonus": "added",
            "jackpot_guess_points": "0",
        },
    )

    assert response.status_code == 302
    settings = ClubSettings.objects.get()
    assert (settings.updated_by, settings.drinks_in_balut) == (boss, False)
    assert not house_rules(the_club()).drinks_in_balut
    assert client.get(reverse("admin:league_clubsettings_changelist"))["Location"] == reverse(
        "admin:league_clubsettings_change", args=[settings.pk]
    )
