"""The start form's address, three members to seat, a valid start and the check of a refusal,
shared by tests/scoring/views/test_game_new.py and test_game_new_signed_in.py."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from scoring.models import Game, GamePlayer, Member
from tests.factories import PIN, MemberFactory

URL = reverse("scoring:game_new")


@pytest.fixture
def ann() -> Member:
    return MemberFactory.create(name="Ann Larsen", known_as="Ann")


@pytest.fixture
def ben() -> Member:
    return MemberFactory.create(name="Ben Okafor", known_as="Ben")


@pytest.fixture
def cy() -> Member:
    return MemberFactory.create(name="Cyrus Tan", known_as="Cy")


def game_form(
    *members: Member, scorer: Member | None = None, **fields: object
) -> dict[str, object]:
    """A valid start: the members in seats 0, 1, ... and the first of them scoring."""
    data: dict[str, object] = {"ruleset": "balut"}
    for seat, member in enumerate(members):
        data[f"player_{seat}_member"] = member.pk
    data["scorer"] = (scorer or members[0]).pk
    data["pin"] = PIN
    data.update(fields)
    return data


def signed_in_user_id(client: Client) -> int | None:
    value = client.session.get("_auth_user_id")
    return None if value is None else int(value)


def assert_refused(
    client: Client, data: Mapping[str, object], field: str | None, message: str
) -> str:
    """Answered 422 with `message` next to `field` (None: above the seats); nothing written."""
    response = client.post(URL, data)
    assert response.status_code == 422
    form = response.context["form"]
    errors = form.non_field_errors() if field is None else form.errors.get(field, [])
    assert any(message in error for error in errors), form.errors
    html = response.content.decode()
    assert escape(message) in html
    if field is not None:
        assert f'id="id_{field}_error"' in html
    assert Game.objects.count() == 0
    assert GamePlayer.objects.count() == 0
    assert signed_in_user_id(client) is None
    return html
