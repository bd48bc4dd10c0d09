"""With several clubs the Django admin is the server administrator's alone: it lists every
club's rows, so a club's secretary who is staff is kept out of it (clubs.admin_site)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import Game
from tests.factories import other_club, start_test_game
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.django_db


def staff_secretary(client: Client) -> User:
    user = secretary()
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    client.force_login(user)
    return user


def test_a_staff_secretary_of_the_only_club_keeps_the_admin(client: Client) -> None:
    staff_secretary(client)

    response = client.get(reverse("admin:index"))

    assert response.status_code == 200


def test_with_two_clubs_a_staff_secretary_sees_no_admin_page_and_no_row_of_another_club(
    client: Client,
) -> None:
    staff_secretary(client)
    theirs = start_test_game(in_club=other_club())

    for url in (
        reverse("admin:index"),
        reverse("admin:scoring_game_changelist"),
        reverse("admin:scoring_game_change", args=[theirs.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("admin:login"))
    refused = client.post(reverse("admin:scoring_game_delete", args=[theirs.pk]), {"post": "yes"})
    assert refused.status_code == 302
    assert Game.objects.filter(pk=theirs.pk).exists()


def test_with_two_clubs_the_server_administrator_keeps_the_admin(client: Client) -> None:
    theirs = start_test_game(in_club=other_club())
    admin = User.objects.create_superuser("root", password="x-Long-enough-1")
    client.force_login(admin)

    response = client.get(reverse("admin:scoring_game_changelist"))

    assert response.status_code == 200
    assert str(theirs.pk) in response.content.decode()
