"""Every page of the admin opens for the secretary: each changelist, each add page it offers,
and the change page of a row of every model (the register entry's was a server error)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group, User
from django.db.models import Model
from django.test import Client
from django.urls import NoReverseMatch, reverse

from league.models import AuditEntry, ClubSettings, RegisterClaim, Season
from league.services.books import book_game
from league.services.register import enter_historic_record, open_claims, ratify_claim
from league.services.seasons import create_season
from league.services.settings import update_club_settings
from scoring.services.corrections import correct_turn
from tests.factories import the_club
from tests.league.helpers import play_bar, png_upload
from tests.scoring.services.helpers import secretary, sign_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client: Client) -> User:
    user = secretary()
    user.is_superuser = user.is_staff = True
    user.save(update_fields=["is_superuser", "is_staff"])
    client.force_login(user)
    return user


@pytest.fixture
def books(boss: User) -> None:
    """A row of every model: a signed, corrected, booked game with a ratified claim, a
    historic entry with a scan, a season, the settings, and the audit lines they wrote."""
    game = play_bar()
    last = game.turns.order_by("number").last()
    assert last is not None
    correct_turn(
        game=game,
        number=last.number,
        turn_record={"box": last.box, "dice": [1, 1, 1, 1, 2]},
        reason="Misread the dice",
        corrected_by=boss,
    )
    book_game(game=game)
    sign_all(game)
    open_claims(game=game)
    ratify_claim(claim=RegisterClaim.objects.filter(game=game).first(), by=boss)  # type: ignore[arg-type]
    enter_historic_record(
        in_club=the_club(),
        date=datetime.date(1985, 6, 1),
        player_name="Old Tom",
        member=None,
        score=171,
        kind="high",
        ruleset="bar",
        scan=png_upload(),
        note="",
        by=boss,
    )
    create_season(
        in_club=the_club(),
        by=boss,
        name="S",
        starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 1),
    )
    update_club_settings(
        in_club=the_club(),
        by=boss,
        club_name="Club",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={},
        default_options={},
    )
    # A group of users, as an administrator may keep (the app's roles are per club).
    Group.objects.get_or_create(name="Helpers")
    # The sign-in throttle's records: someone's wrong password, then the right one.
    User.objects.create_user(username="clerk", password="right-password", is_staff=True)
    password_page = reverse("admin:login")
    Client().post(password_page, {"username": "clerk", "password": "wrong"})
    Client().post(password_page, {"username": "clerk", "password": "right-password"})
    Client().post(password_page, {"username": "stranger", "password": "guess"})
    assert AuditEntry.objects.exists() and ClubSettings.objects.exists()
    assert Season.objects.exists()


def admin_models() -> list[type[Model]]:
    return list(admin.site._registry)


def _name(model: type[Model]) -> str:
    return f"admin:{model._meta.app_label}_{model._meta.model_name}"


@pytest.mark.parametrize("model", admin_models(), ids=lambda model: model._meta.label)
def test_every_admin_changelist_add_and_change_page_opens(
    client: Client, books: None, model: type[Model]
) -> None:
    name = _name(model)
    listing = client.get(reverse(f"{name}_changelist"), follow=True)
    assert listing.status_code == 200, name

    model_admin = admin.site._registry[model]
    request = listing.wsgi_request
    if model_admin.has_add_permission(request):
        assert client.get(reverse(f"{name}_add")).status_code == 200, name

    rows = list(model._default_manager.all()[:3])
    assert rows, f"no {model._meta.label} to open"
    for row in rows:
        try:
            url = reverse(f"{name}_change", args=[row.pk])
        except NoReverseMatch:  # pragma: no cover - every registered model has one
            continue
        assert client.get(url).status_code == 200, (name, row.pk)
