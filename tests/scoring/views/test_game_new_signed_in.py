"""Starting a game with a scorer signed in already: the form presets them, takes no PIN again,
and keeps asking for it after a wrong one."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.models import Game, Member
from tests.factories import (
    fast_pin_hashing,  # noqa: F401  (registers the fixture)
)
from tests.scoring.views.game_new_helpers import URL, assert_refused, game_form, signed_in_user_id
from tests.scoring.views.game_new_helpers import ann as ann  # noqa: F401 (registers the fixture)
from tests.scoring.views.game_new_helpers import ben as ben  # noqa: F401 (registers the fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def test_the_form_presets_the_signed_in_member_as_scorer(
    client: Client, ann: Member, ben: Member
) -> None:
    client.force_login(ben.user)

    response = client.get(URL)

    assert response.status_code == 200
    assert str(response.context["form"]["scorer"].value()) == str(ben.pk)
    assert "Ben's PIN is known on this tablet" in response.content.decode()


def test_a_signed_in_scorer_starts_a_game_without_the_pin_again(
    client: Client, ann: Member, ben: Member
) -> None:
    client.force_login(ann.user)

    response = client.post(URL, game_form(ann, ben, pin=""))

    assert response.status_code == 302
    assert Game.objects.get().scorer == ann
    assert signed_in_user_id(client) == ann.user.pk


def test_a_right_pin_is_not_asked_again_when_something_else_was_refused(
    client: Client, ann: Member, ben: Member
) -> None:
    refused = client.post(URL, game_form(ann, ann))
    assert refused.status_code == 422 and Game.objects.count() == 0
    assert signed_in_user_id(client) is None
    assert "Ann's PIN is known on this tablet" in refused.content.decode()

    response = client.post(URL, game_form(ann, ben, pin=""))

    assert response.status_code == 302
    assert Game.objects.get().scorer == ann
    assert signed_in_user_id(client) == ann.user.pk
    # Used once: the next start asks for the PIN again.
    client.logout()
    again = client.post(URL, game_form(ann, ben, pin=""))
    assert again.status_code == 422 and "Enter the scorer&#x27;s PIN." in again.content.decode()
    assert Game.objects.count() == 1


def test_a_wrong_pin_is_not_remembered_and_the_pin_is_asked_for(
    client: Client, ann: Member, ben: Member
) -> None:
    assert client.post(URL, game_form(ann, ann, pin="0000")).status_code == 422

    assert_refused(client, game_form(ann, ben, pin=""), "pin", "Enter the scorer's PIN.")
    assert_refused(client, game_form(ann, ben, scorer=ben, pin=""), "pin", "Enter the scorer")
